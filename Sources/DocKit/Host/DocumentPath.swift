import Foundation
import Glibc

/// Where a document's URL points on disk, and which destinations a write
/// may replace.
///
/// The path *to* a document follows symbolic links, as every editor's
/// does: a link to the folder it is in, or a link that is the document's
/// own name, leads to the file it points to. The session resolves the
/// URL here once per operation and reads and writes the target, so a save
/// through a link replaces the target and keeps the link. Inside a
/// package nothing is followed: the tree is read and written with
/// `O_NOFOLLOW` relative to the package's descriptor.
enum DocumentPath {
  /// How many links are followed before giving up (as `MAXSYMLINKS`).
  private static let maximumLinks = 40

  /// `url` with every symbolic link on the way to it resolved, the final
  /// component included; a final component that does not exist yet is
  /// kept as it is, under its resolved folder. A URL that is not a file
  /// URL, or whose folder does not exist, is returned unchanged: the
  /// operation then fails on it with the usual error.
  ///
  /// Every `lstat` and `readlink` goes through ``FileSystemContext/current``
  /// (as `fstatat` with `AT_SYMLINK_NOFOLLOW` and `readlinkat`), and the
  /// walk is done here rather than by `realpath(3)`, whose own calls a
  /// test's file system could not see.
  ///
  /// - Throws: ``FileWrapperError`` naming the path when a call fails for
  ///   any reason other than nothing being there (`ENOENT`, or `ENOTDIR`
  ///   for a name under a file), or when links lead on more than 40 times
  ///   (`ELOOP`). Such a failure is never read as "not a link": a write
  ///   would then replace the link instead of its target.
  static func resolved(_ url: URL) throws(FileWrapperError) -> URL {
    guard url.isFileURL, let path = try? FileWrapper.filePath(of: url) else { return url }
    do {
      guard let (resolvedPath, isDirectory) = try resolve(path) else { return url }
      return URL(fileURLWithPath: resolvedPath, isDirectory: isDirectory)
    } catch {
      throw FileWrapperError(error)
    }
  }

  /// The canonical form of `path` (absolute, without `.`, `..` or links),
  /// and whether it is a directory; nil if a folder on the way does not
  /// exist. The final component need not exist.
  private static func resolve(
    _ path: String
  ) throws(SystemCallError) -> (path: String, isDirectory: Bool)? {
    let system = FileSystemContext.current
    var start = path
    if !path.hasPrefix("/") {
      guard let working = workingFolder else {
        throw SystemCallError(systemCall: "getcwd", errno: errno, path: path)
      }
      start = working + "/" + path
    }
    // Names still to walk, the next one last; and the canonical folders
    // walked so far, each an existing directory that is not a link.
    var pending = components(of: start).reversed() as [String]
    var walked: [String] = []
    var isDirectory = true
    var links = 0
    while let name = pending.popLast() {
      if name == "." { continue }
      if name == ".." {
        if !walked.isEmpty { walked.removeLast() }
        isDirectory = true
        continue
      }
      let candidate = "/" + (walked + [name]).joined(separator: "/")
      var status = stat()
      let result = candidate.withCString {
        system.fstatat(AT_FDCWD, $0, &status, AT_SYMLINK_NOFOLLOW)
      }
      guard result == 0 else {
        let code = errno
        // Nothing there: a new final name, or a folder that is missing.
        // Any other failure says nothing about what is there.
        guard code == ENOENT || code == ENOTDIR else {
          throw SystemCallError(systemCall: "fstatat", errno: code, path: candidate)
        }
        guard pending.isEmpty else { return nil }
        return (candidate, false)
      }
      let kind = FileStatus.Kind(mode: status.st_mode)
      guard kind == .symbolicLink else {
        // A name under anything but a directory does not exist.
        if kind != .directory, pending.contains(where: { $0 != "." }) { return nil }
        walked.append(name)
        isDirectory = kind == .directory
        continue
      }
      links += 1
      guard links <= maximumLinks else {
        throw SystemCallError(systemCall: "readlinkat", errno: ELOOP, path: path)
      }
      let target = try linkTarget(candidate, in: system)
      if target.hasPrefix("/") { walked = [] }
      pending.append(contentsOf: components(of: target).reversed())
    }
    return ("/" + walked.joined(separator: "/"), isDirectory)
  }

  /// The names in `path`, without empty ones.
  private static func components(of path: String) -> [String] {
    path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
  }

  /// The target of the symbolic link at `path`.
  static func linkTarget(
    _ path: String, in system: any FileSystem = FileSystemContext.current
  ) throws(SystemCallError) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = path.withCString { name in
      buffer.withUnsafeMutableBufferPointer { bytes in
        system.readlinkat(AT_FDCWD, name, bytes.baseAddress.unsafelyUnwrapped, Int(PATH_MAX))
      }
    }
    guard count > 0 else {
      throw SystemCallError(
        systemCall: "readlinkat", errno: count == 0 ? ENOENT : errno, path: path)
    }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `error`, naming `url` and the files under it where it names `disk`
  /// (what `url` resolved to) and the files under it: the user sees the
  /// path they gave, not where its links lead.
  static func renaming(
    _ error: any Error, from disk: URL, to url: URL, reading: Bool
  ) -> any Error {
    guard disk != url, let diskPath = try? FileWrapper.filePath(of: disk),
      let userPath = try? FileWrapper.filePath(of: url)
    else { return error }
    func renamed(_ path: String) -> String? {
      guard isInside(path, diskPath) else { return nil }
      return userPath + path.dropFirst(diskPath.count)
    }
    switch error {
    case var failure as FileWrapperError:
      guard let path = renamed(failure.path) else { return error }
      failure.path = path
      return failure
    case let failure as DocumentSessionError:
      guard let path = failure.url.flatMap({ try? FileWrapper.filePath(of: $0) }),
        let renamedPath = renamed(path)
      else { return error }
      var copy = failure
      copy.url = renamedPath == userPath ? url : URL(fileURLWithPath: renamedPath)
      return copy
    case let cocoa as CocoaError:
      if let failure = cocoa.fileWrapperError, let path = renamed(failure.path) {
        var copy = failure
        copy.path = path
        return CocoaError(copy, writing: !reading, url: url)
      }
      if let failure = cocoa.documentSessionError,
        let copy = renaming(failure, from: disk, to: url, reading: reading)
          as? DocumentSessionError, copy != failure
      {
        return CocoaError(copy, reading: reading)
      }
      return error
    default:
      return error
    }
  }

  /// What is at `path` (a final link not followed); nil if nothing is
  /// (`ENOENT`, or `ENOTDIR` for a name under a file).
  ///
  /// - Throws: ``FileWrapperError`` when `lstat` fails for any other
  ///   reason.
  static func status(atPath path: String) throws(FileWrapperError) -> FileStatus? {
    do throws(SystemCallError) {
      return try FileStatus.of(path, in: nil, path: path)
    } catch  where error.errno == ENOENT || error.errno == ENOTDIR {
      return nil
    } catch {
      throw FileWrapperError(error)
    }
  }

  /// `path`, made absolute against the working folder if it is relative.
  static func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/"), let working = workingFolder else { return path }
    return working + "/" + path
  }

  /// Whether `path` is `folder` or inside it.
  static func isInside(_ path: String, _ folder: String) -> Bool {
    path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
  }

  /// The process's working folder (`getcwd`, through
  /// ``FileSystemContext/current``), which the kernel reports resolved.
  static var workingFolder: String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let found = buffer.withUnsafeMutableBufferPointer { bytes in
      FileSystemContext.current.getcwd(bytes.baseAddress.unsafelyUnwrapped, bytes.count) != nil
    }
    guard found else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
