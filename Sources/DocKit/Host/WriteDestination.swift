public import Foundation
import Glibc

/// What stands at the destination of a write, as the destination policy
/// (``DestinationPolicy``) sees it: one classification for every write
/// DocKit and its hosts make.
///
/// The path *to* the destination follows symbolic links, as every Unix
/// tool's does; what is classified is where they lead. A final link that
/// leads nowhere is its own class (``Kind/danglingLink``): the name is
/// taken, though nothing is there.
///
///     let destination = try WriteDestination.inspect(url)
///     if destination.kind == .fifo { ... }
///
/// Not Apple API: an Apple host asks the user through its save panel.
public struct WriteDestination: Sendable, Hashable {
  /// The classes of destination. Each decides, with the kind of write and
  /// its flags, what the write does (see ``DestinationPolicy``).
  public enum Kind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Nothing is there.
    case nothing
    /// A regular file.
    case file
    /// A folder that the document's own type reads: a document package.
    case documentPackage
    /// Any other folder.
    case folder
    /// A symbolic link whose target does not exist.
    case danglingLink
    /// A named pipe.
    case fifo
    /// A character device (`/dev/null`, a terminal).
    case characterDevice
    /// A block device.
    case blockDevice
    /// A Unix-domain socket.
    case socket
    /// A stream of a running process, reached through `/proc` or
    /// `/dev/fd` (`/dev/stdout`, `/proc/self/fd/1`): whatever file it leads
    /// to is some program's open file, never a document's.
    case processStream
    /// The process's working folder.
    case workingFolder
    /// A folder that holds the working folder (`/` among them).
    case folderAboveWorkingFolder
    /// A folder that holds the document's own file.
    case folderAboveDocument
    /// A place inside the document's own package, or inside another open
    /// document's package.
    case insideDocumentPackage

    /// What the class is called in a message: "a FIFO", "a folder".
    public var description: String {
      switch self {
      case .nothing: "nothing"
      case .file: "a file"
      case .documentPackage: "a document package"
      case .folder: "a folder"
      case .danglingLink: "a symbolic link to nothing"
      case .fifo: "a FIFO (named pipe)"
      case .characterDevice: "a character device"
      case .blockDevice: "a block device"
      case .socket: "a socket"
      case .processStream: "a stream of a running process"
      case .workingFolder: "the working folder"
      case .folderAboveWorkingFolder: "a folder that holds the working folder"
      case .folderAboveDocument: "a folder that holds the document"
      case .insideDocumentPackage: "a place inside a document package"
      }
    }

    /// Whether this is a FIFO, a device or a socket: never replaced, and
    /// never opened to be looked at.
    public var isSpecialFile: Bool {
      switch self {
      case .fifo, .characterDevice, .blockDevice, .socket, .processStream: true
      default: false
      }
    }
  }

  /// The path as the caller named it.
  public var url: URL
  /// Where the path leads through symbolic links: what a write replaces.
  public var resolvedURL: URL
  /// What stands there.
  public var kind: Kind
  /// Whether the named path, or a folder on the way to it, is a symbolic
  /// link.
  public var isThroughLink: Bool
  /// Whether the path as named ends in `/`, which names a folder (as `cp`
  /// and `mv` read it).
  public var hasTrailingSlash: Bool
  /// For a file: the permission bits, `mode & 0o7777`.
  public var permissions: UInt16?
  /// For a file: whether its permission bits deny this process writing,
  /// read as vim reads them: for root, no write bit at all; else the bit
  /// of the class (owner, group, other) the process is in.
  public var isReadOnly: Bool
  /// For a file: its owner's user ID.
  public var ownerID: UInt32?
  /// For a file: its group ID.
  public var groupID: UInt32?
  /// For a file: how many names it has (`st_nlink`); a save makes a new
  /// file, so the others keep the old contents.
  public var linkCount: Int

  /// For a file of mode 0444: "read-only (mode 0444)".
  public var readOnlyDescription: String {
    let octal = String(permissions ?? 0, radix: 8)
    return "read-only (mode " + String(repeating: "0", count: max(0, 4 - octal.count)) + octal + ")"
  }

  /// Whether this process runs as another user than the file's owner.
  public var isOwnedByAnotherUser: Bool {
    ownerID.map { $0 != geteuid() } ?? false
  }

  /// The places the policy must know about beyond the path itself.
  public struct Context: Sendable {
    /// The working folder; nil for the process's own.
    public var workingFolder: URL?
    /// The document's own file, if it has one.
    public var documentFile: URL?
    /// Other open documents' files, whose packages no write goes into.
    public var openDocuments: [URL]
    /// Where the session may write, when it is confined (see
    /// ``Confinement``): a write elsewhere is refused before anything is
    /// looked at.
    public var confinement: Confinement?

    /// Creates a context.
    public init(
      workingFolder: URL? = nil, documentFile: URL? = nil, openDocuments: [URL] = [],
      confinement: Confinement? = nil
    ) {
      self.workingFolder = workingFolder
      self.documentFile = documentFile
      self.openDocuments = openDocuments
      self.confinement = confinement
    }
  }

  /// Classifies what stands at `url`. A folder is ``Kind/folder``: only
  /// the document's own reader can tell a package, and the host that has
  /// it sets ``kind`` to ``Kind/documentPackage`` once it has read it. Every `lstat` goes through
  /// ``FileSystemContext/current``, so a test's file system sees them.
  ///
  /// - Parameters:
  ///   - url: The destination as the caller named it.
  ///   - context: The working folder, the document and what reads as it.
  /// - Throws: ``FileWrapperError`` when what is there cannot be looked
  ///   at: read as "nothing there", a write would replace it.
  public static func inspect(
    _ url: URL, context: Context = Context()
  ) throws(FileWrapperError) -> WriteDestination {
    try inspect(
      url, resolved: DocumentPath.resolved(url), context: context,
      resolvedDocumentFile: context.documentFile.map { (file) throws(FileWrapperError) in
        try DocumentPath.resolved(file)
      })
  }

  /// ``inspect(_:context:)`` of `url`, which leads to `resolved` through
  /// its links (``DocumentPath/resolved(_:)`` of it), with the document's
  /// own file, if the context has one, leading to `resolvedDocumentFile`:
  /// the session resolves each path once a write and passes it here.
  static func inspect(
    _ url: URL, resolved: URL, context: Context, resolvedDocumentFile: URL?
  ) throws(FileWrapperError) -> WriteDestination {
    let named = try FileWrapper.filePath(of: url)
    let trailingSlash = named.count > 1 && named.hasSuffix("/") || url.hasDirectoryPath
    let path = resolved.path
    let absoluteNamed = DocumentPath.absolute(named)
    // A path that is already its resolution (no link, `.` or `..` on the
    // way) is compared as it is. Told it is a file: without the hint,
    // Foundation asks the file system.
    let isThroughLink =
      !path.utf8.elementsEqual(absoluteNamed.utf8)
      && resolved.standardizedFileURL.path
        != URL(fileURLWithPath: absoluteNamed, isDirectory: false).standardizedFileURL.path
    var destination = WriteDestination(
      url: url, resolvedURL: resolved, kind: .nothing, isThroughLink: isThroughLink,
      hasTrailingSlash: trailingSlash, permissions: nil, isReadOnly: false,
      ownerID: nil, groupID: nil, linkCount: 0)
    // A path that leads through no link names what it leads to: only its
    // own name can be a process's stream. One through a link is followed
    // link by link, as a `/dev/stdout` is.
    let namedPath = absoluteNamed.withoutTrailingSlashes
    if isThroughLink ? leadsThroughProcess(namedPath) : isProcessPath(namedPath) {
      destination.kind = .processStream
      return destination
    }
    let working =
      context.workingFolder.flatMap { try? DocumentPath.resolved($0).path }
      ?? DocumentPath.workingFolder
    if let working, DocumentPath.isInside(working, path) {
      destination.kind = working == path ? .workingFolder : .folderAboveWorkingFolder
      return destination
    }
    let documentFile = resolvedDocumentFile?.path
    if let documentFile, documentFile != path, DocumentPath.isInside(documentFile, path) {
      destination.kind = .folderAboveDocument
      return destination
    }
    for document in [documentFile].compactMap({ $0 })
      + (try context.openDocuments.map { (url) throws(FileWrapperError) in
        try DocumentPath.resolved(url).path
      })
    where document != path && DocumentPath.isInside(path, document) {
      if try DocumentPath.status(atPath: document)?.kind == .directory {
        destination.kind = .insideDocumentPackage
        return destination
      }
    }
    guard let status = try DocumentPath.status(atPath: path) else {
      // The target is missing: a dangling link if the name is a link.
      if try DocumentPath.status(atPath: DocumentPath.absolute(named).withoutTrailingSlashes)?
        .kind == .symbolicLink
      {
        destination.kind = .danglingLink
      }
      return destination
    }
    switch status.kind {
    case .regular:
      destination.kind = .file
      destination.permissions = status.permissions
      destination.ownerID = status.owner
      destination.groupID = status.group
      destination.linkCount = Int(status.linkCount)
      destination.isReadOnly = isReadOnly(status)
    case .directory:
      // A package only once the document's type has read it: the host
      // that knows the type makes it ``Kind/documentPackage``.
      destination.kind = .folder
    case .fifo: destination.kind = .fifo
    case .characterDevice: destination.kind = .characterDevice
    case .blockDevice: destination.kind = .blockDevice
    case .socket, .unknown: destination.kind = .socket
    case .symbolicLink: destination.kind = .danglingLink
    }
    return destination
  }

  /// Whether `path`, or a symbolic link it leads through as its last
  /// name, is under `/proc` or `/dev/fd`, whose links are a process's open
  /// files (`/dev/stdout` leads to `/proc/self/fd/1`).
  private static func leadsThroughProcess(_ path: String) -> Bool {
    var current = path
    for _ in 0..<40 {
      if isProcessPath(current) { return true }
      guard (try? DocumentPath.status(atPath: current))??.kind == .symbolicLink,
        let target = try? DocumentPath.linkTarget(current)
      else { return false }
      current =
        target.hasPrefix("/")
        ? target : (current as NSString).deletingLastPathComponent + "/" + target
    }
    return false
  }

  /// Whether `path` is under `/proc` or `/dev/fd`.
  private static func isProcessPath(_ path: String) -> Bool {
    path.hasPrefix("/proc/") || path.hasPrefix("/dev/fd/")
  }

  /// Whether the permission bits of `status` deny this process writing.
  private static func isReadOnly(_ status: FileStatus) -> Bool {
    let bits = status.permissions
    let user = geteuid()
    if user == 0 { return bits & 0o222 == 0 }
    if status.owner == user { return bits & 0o200 == 0 }
    if isMember(ofGroup: status.group) { return bits & 0o020 == 0 }
    return bits & 0o002 == 0
  }

  /// Whether this process is in `group`.
  private static func isMember(ofGroup group: UInt32) -> Bool {
    if getegid() == group { return true }
    let count = getgroups(0, nil)
    guard count > 0 else { return false }
    var groups = [gid_t](repeating: 0, count: Int(count))
    let found = getgroups(count, &groups)
    return groups.prefix(Int(max(found, 0))).contains(group)
  }
}

extension String {
  /// The path without the slashes it ends in (but `/` itself).
  var withoutTrailingSlashes: String {
    var path = Substring(self)
    while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
    return String(path)
  }
}
