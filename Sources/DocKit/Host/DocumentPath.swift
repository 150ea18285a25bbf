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
  /// URL, or whose folder cannot be resolved (it does not exist), is
  /// returned unchanged: the operation then fails on it with the usual
  /// error.
  static func resolved(_ url: URL) -> URL {
    guard url.isFileURL, var path = try? FileWrapper.filePath(of: url) else { return url }
    for _ in 0..<maximumLinks {
      guard path != "/" else { return URL(fileURLWithPath: "/", isDirectory: true) }
      let name = (path as NSString).lastPathComponent
      if name == "." || name == ".." {
        return realPath(path).map { URL(fileURLWithPath: $0) } ?? url
      }
      let parentPath = (path as NSString).deletingLastPathComponent
      guard let parent = realPath(parentPath.isEmpty ? "." : parentPath) else { return url }
      let candidate = (parent == "/" ? "" : parent) + "/" + name
      guard let target = linkTarget(candidate) else {
        return URL(fileURLWithPath: candidate)
      }
      path = target.hasPrefix("/") ? target : (parent == "/" ? "" : parent) + "/" + target
    }
    return url
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

  /// `realpath(3)`, or nil.
  private static func realPath(_ path: String) -> String? {
    guard let resolved = Glibc.realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The target of the symbolic link at `path`, or nil if `path` is not
  /// one.
  private static func linkTarget(_ path: String) -> String? {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, Int(PATH_MAX))
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether `path` is `folder` or inside it.
  static func isInside(_ path: String, _ folder: String) -> Bool {
    path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
  }

  /// The process's working folder, resolved.
  static var workingFolder: String? {
    realPath(FileManager.default.currentDirectoryPath)
  }

  /// Refuses a write to `destination` (resolved) that would destroy more
  /// than a document: a plain folder, the working folder or a folder
  /// above it, or a place inside the package at `ownPackage`.
  ///
  /// A folder is replaced only when it is a document package of a type
  /// the document writes, and the write is of a package type: `Trip.notes`
  /// over `Trip.notes`.
  ///
  /// - Parameters:
  ///   - destination: The resolved destination.
  ///   - url: The destination as the caller named it, for the error.
  ///   - type: The type being written.
  ///   - writable: The types the document writes.
  ///   - ownPackage: The document's own file, resolved, if it has one.
  ///   - ownPlaces: Where the document itself lives (its file, its
  ///     autosave), resolved: never refused for being a folder.
  static func checkReplaceable(
    _ destination: URL, named url: URL, writing type: UTType, writable: [UTType],
    ownPackage: URL?, ownPlaces: [URL] = []
  ) throws(DocumentSessionError) {
    let path = destination.path
    if let working = workingFolder, isInside(working, path) {
      throw DocumentSessionError(
        .destinationHoldsWorkingFolder, url: url,
        message: working == path
          ? "this is the working folder; a document is never saved over it"
          : "this folder holds the working folder; a document is never saved over it")
    }
    if let own = ownPackage?.path, own != path, isInside(path, own),
      (try? FileStatus.of(own, in: nil, path: own))?.kind == .directory
    {
      throw DocumentSessionError(
        .destinationInsideDocument, url: url,
        message: "this is inside the document's own package; a document is never saved into itself")
    }
    guard !ownPlaces.contains(where: { $0.path == path }),
      (try? FileStatus.of(path, in: nil, path: path))?.kind == .directory
    else { return }
    let folderType =
      destination.pathExtension.isEmpty
      ? nil
      : UTType(filenameExtension: destination.pathExtension, conformingTo: .directory).flatMap {
        $0 != .folder && $0 != .directory ? $0 : nil
      }
    guard let folderType, type.conforms(to: .directory),
      writable.contains(where: folderType.conforms(to:))
    else {
      throw DocumentSessionError(
        .destinationIsFolder, url: url,
        message: "this is a folder; only files and document packages are replaced")
    }
  }
}
