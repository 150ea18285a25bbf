public import Foundation
import Synchronization

/// A representation of a node (a file, directory or symbolic link) in the
/// file system, with Foundation's API and Linux-safe reading and writing.
///
/// A file wrapper holds a regular file's contents, a directory's children
/// or a link's destination in memory. Documents build one to save and get
/// one when opened:
///
///     let package = FileWrapper(directoryWithFileWrappers: [:])
///     package.addRegularFile(withContents: metadata, preferredFilename: "metadata.json")
///     try package.write(to: url, options: .atomic, originalContentsURL: nil)
///
/// Children are keyed by name. A child whose preferred name is already taken
/// gets the key `"<n>__#$!@%!#__<name>"`, as on Apple platforms.
///
/// Reading never follows a symbolic link, refuses FIFOs, sockets and
/// devices, and reports names that are not UTF-8 or that Swift would merge.
/// Writing never writes into an existing inode, so a file hard-linked from
/// an earlier revision is never changed. `docs/differences.md` lists where
/// this class deliberately differs from Apple's.
open class FileWrapper {
  /// The three kinds of node a wrapper can be.
  enum Kind: Sendable {
    case regularFile, directory, symbolicLink
  }

  /// Where a regular file's bytes are.
  enum Contents {
    /// In memory.
    case loaded(Data)
    /// In memory, in pieces: see ``ByteSource``.
    case streamed(ByteSource)
    /// Not read yet: at `path`, in the inode with `identity`.
    case onDisk(path: String, identity: DiskIdentity)
    /// A lazy read failed; the error is kept for ``write(to:options:originalContentsURL:)``.
    case unreadable(FileWrapperError)
  }

  /// A directory this wrapper was added to, and the keys it was added
  /// under there, so that finding, removing and re-keying a child is O(1)
  /// in the directory's size. A key may be stale (the directory changed
  /// since); every use checks that it still maps to this wrapper.
  private struct WeakParent {
    weak var wrapper: FileWrapper?
    var keys: [String]
  }

  var kind: Kind
  var contents: Contents = .loaded(Data())
  /// A directory's children by key. Empty for other kinds.
  var children: [String: FileWrapper] = [:]
  /// A symbolic link's destination, byte for byte as it is written.
  var linkDestination = ""
  private var parents: [WeakParent] = []
  /// `mode & 0o7777`.
  var permissions: UInt16
  var modificationDate: Date?
  /// Set by the ``fileAttributes`` setter: the attributes must be written,
  /// which rules out hard-linking this file.
  var attributesNeedWriting = false
  /// The inode this wrapper's bytes were read from or written to.
  var diskIdentity: DiskIdentity?
  /// The rest of what `lstat` said at that time, for ``fileAttributes``.
  var diskStatus: FileStatus?
  /// The ``Limits/maximumFileSize`` this wrapper was read with, which a
  /// lazy read of its contents must respect.
  var maximumFileSize = Limits.default.maximumFileSize
  /// Whether ``permissions`` must be written exactly, bypassing the umask:
  /// true once the wrapper has been on disk or had attributes set.
  var hasExactPermissions: Bool { diskStatus != nil || attributesNeedWriting }
  private var storedPreferredFilename: String?
  /// When this directory was last recorded as matching the disk, for a
  /// package save that compares only what changed: a stamp, unique in the
  /// process, that the ``DiskManifest`` also keeps for the directory's path.
  ///
  /// A package save compares a directory only under its ``changedKeys``
  /// when the directory's stamp is the one the save's manifest holds for
  /// its path; any other directory is compared entry by entry. So after
  /// one note of 100,000 changed, the plan visits one entry, not 100,000.
  /// A stamp names one manifest and one path at one moment, so a
  /// directory moved elsewhere in the tree, or put back where another has
  /// since been saved (by an undo, say), is out of sync: the manifest gave
  /// that path a new stamp when the other was saved there, and forgets a
  /// path's stamp when the path is removed.
  ///
  /// Stamps are recorded when the session makes the manifest from a tree
  /// it has just read or written in full, and again, once a package save
  /// has succeeded, for each directory the save planned; a failed save
  /// leaves the changes noted, to be planned again.
  final var syncStamp: UInt64?
  /// The keys of children added, removed, replaced or re-keyed, or changed
  /// anywhere below, since ``syncStamp`` was recorded. Empty for other
  /// kinds.
  final var changedKeys: Set<String> = []
  /// A number that changes, to one never used before in the process,
  /// whenever a child of this directory is added, removed or re-keyed, or
  /// changes its attributes.
  ///
  /// Two wrappers with the same version hold the same children: one is the
  /// other, or a copy of its top level made by the document host. A
  /// package document that edits its `existingFile` in place, rewriting
  /// only the parts it changed, records the version of the wrapper it
  /// returned, and trusts its change flags next time only if the
  /// `existingFile` it is given still has that version: see
  /// <doc:SavingALargePackageInOk>. Not Apple API.
  public final internal(set) var contentVersion = FileWrapper.nextContentVersion()

  private static let contentVersions = Atomic<UInt64>(0)
  private static let changes = Atomic<UInt64>(0)

  /// How many changes to directories (``noteChange(at:)``) the process has
  /// made: a tree written in full while it moved is not given a manifest,
  /// since the tree is no longer what was written.
  static var changeCount: UInt64 { changes.load(ordering: .acquiring) }

  /// A number that grows whenever a change is noted here (even under a key
  /// already noted): a save that planned this directory clears its noted
  /// keys afterwards only if it has not grown since.
  final var changeSerial: UInt64 = 0

  static func nextContentVersion() -> UInt64 {
    contentVersions.add(1, ordering: .relaxed).newValue
  }

  init(kind: Kind, permissions: UInt16) {
    self.kind = kind
    self.permissions = permissions
  }

  /// Releases a deep tree without recursing once per level: each child
  /// that this wrapper alone keeps alive gives up its children to a work
  /// list before it goes, so a 100,000-level tree cannot overflow the stack.
  deinit {
    guard !children.isEmpty else { return }
    var pending = Array(children.values)
    children = [:]
    while var next = pending.popLast() {
      if isKnownUniquelyReferenced(&next) {
        pending.append(contentsOf: next.children.values)
        next.children = [:]
      }
    }
  }

  // MARK: - Creating

  /// Creates a wrapper with no contents: `NSObject`'s `init()`, which
  /// Apple's `FileWrapper` inherits.
  ///
  /// Apple does not document what this wrapper is. DocKit makes an empty
  /// regular file, the same as `FileWrapper(regularFileWithContents:
  /// Data())`: ``isRegularFile`` is true and ``regularFileContents`` is
  /// empty, so that a model that builds one as a placeholder can still be
  /// written (see `docs/differences.md`).
  public init() {
    kind = .regularFile
    permissions = 0o666
    contents = .loaded(Data())
    modificationDate = Date()
  }

  /// Creates a regular-file wrapper with the given contents.
  ///
  /// The wrapper is not tied to any file until it is written. Its
  /// permissions are `0o666` (narrowed by the umask when written) and its
  /// modification date is now.
  public init(regularFileWithContents contents: Data) {
    kind = .regularFile
    permissions = 0o666
    self.contents = .loaded(contents)
    modificationDate = Date()
  }

  /// Creates a directory wrapper with the given children.
  ///
  /// A child with no ``preferredFilename`` takes its key as one. Each child
  /// is then added under its preferred name, uniqued if two are equal, as
  /// ``addFileWrapper(_:)`` does. Keys are taken in byte order, so the
  /// uniqued keys are the same on every run.
  ///
  /// - Precondition: every key used as a name is a valid filename (see
  ///   ``validateFilename(_:)``).
  public init(directoryWithFileWrappers childrenByPreferredName: [String: FileWrapper]) {
    kind = .directory
    permissions = 0o777
    modificationDate = Date()
    for (key, child) in childrenByPreferredName.sorted(by: {
      $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
    }) {
      if child.preferredFilename == nil { child.preferredFilename = key }
      addFileWrapper(child)
    }
  }

  /// Creates a symbolic-link wrapper pointing at `url`.
  ///
  /// The link is written with `url.relativePath`, so a relative URL makes a
  /// relative link.
  public init(symbolicLinkWithDestinationURL url: URL) {
    kind = .symbolicLink
    permissions = 0o777
    linkDestination = url.relativePath
    modificationDate = Date()
  }

  /// Reads the file, directory or symbolic link at `url`.
  ///
  /// The tree's structure is read now; regular files' contents are read on
  /// first use unless `options` contains ``ReadingOptions/immediate``.
  /// ``filename`` and ``preferredFilename`` are set to the last component.
  ///
  /// - Throws: `CocoaError` with Apple's code (`.fileReadNoSuchFile`,
  ///   `.fileReadNoPermission`, `.fileReadUnsupportedScheme`, ...), the
  ///   path of the first entry that cannot be read or is unsafe in
  ///   `NSFilePathErrorKey`, and the ``FileWrapperError`` (with DocKit's
  ///   code, the system call and the `errno`) in `fileWrapperError`.
  public convenience init(url: URL, options: ReadingOptions = []) throws(CocoaError) {
    try self.init(url: url, options: options, limits: .default)
  }

  /// Reads the item at `url`, refusing trees beyond `limits`.
  ///
  /// - Throws: `CocoaError`, as ``init(url:options:)``; past the limits,
  ///   `.fileReadTooLarge` with ``FileWrapperError/Code/depthLimitExceeded``
  ///   or ``FileWrapperError/Code/entryLimitExceeded``.
  public convenience init(
    url: URL, options: ReadingOptions = [], limits: Limits
  )
    throws(CocoaError)
  {
    self.init(kind: .directory, permissions: 0o777)
    // Read straight into this new wrapper: `read(from:)` builds a separate
    // tree and merges it, which only a wrapper with children needs.
    do throws(FileWrapperError) {
      var reader = FileTreeReader(options: options, limits: limits)
      _ = try reader.read(atPath: try Self.filePath(of: url), into: self)
    } catch {
      throw CocoaError(error, writing: false, url: url)
    }
    filename = url.lastPathComponent
    storedPreferredFilename = url.lastPathComponent
  }

  // MARK: - Kind

  /// Whether this wrapper is a regular file.
  open var isRegularFile: Bool { kind == .regularFile }
  /// Whether this wrapper is a directory.
  open var isDirectory: Bool { kind == .directory }
  /// Whether this wrapper is a symbolic link.
  open var isSymbolicLink: Bool { kind == .symbolicLink }

  // MARK: - Names

  /// The name of the file this wrapper was last read from or written to
  /// (with ``WritingOptions/withNameUpdating``), for record keeping.
  ///
  /// A write with `originalContentsURL` looks for an unchanged child's
  /// original under this name.
  open var filename: String?

  /// The name this wrapper would like in a parent directory.
  ///
  /// Setting it re-keys this wrapper in every directory that contains it.
  ///
  /// - Precondition: a new non-nil value is a valid filename (see
  ///   ``validateFilename(_:)``).
  open var preferredFilename: String? {
    get { storedPreferredFilename }
    set {
      if let newValue { Self.requireValidFilename(newValue, in: "preferredFilename") }
      let unchanged =
        switch (storedPreferredFilename, newValue) {
        case (nil, nil): true
        case (let old?, let new?): old.utf8.elementsEqual(new.utf8)
        default: false
        }
      storedPreferredFilename = newValue
      guard !unchanged else { return }
      for parent in liveParents { parent.rekey(self) }
    }
  }

  /// Checks that `name` can be one child's name: one path component, not
  /// empty, not `.` or `..`, without `/` or NUL, at most 255 UTF-8 bytes.
  ///
  /// The methods that add children trap on an invalid name, as Apple's
  /// raise; call this first to turn a user's input into an error instead.
  ///
  /// - Throws: ``FileWrapperError/Code/invalidFilename``.
  public static func validateFilename(_ name: String) throws(FileWrapperError) {
    if let problem = filenameProblem(name) {
      throw FileWrapperError(.invalidFilename, path: name, message: problem)
    }
  }

  static func filenameProblem(_ name: String) -> String? {
    let bytes = name.utf8
    if bytes.isEmpty { return "a filename cannot be empty" }
    if bytes.elementsEqual(".".utf8) || bytes.elementsEqual("..".utf8) {
      return "'\(name)' cannot be a filename"
    }
    if bytes.contains(0x2F) { return "a filename cannot contain '/'" }
    if bytes.contains(0) { return "a filename cannot contain NUL" }
    if bytes.count > 255 {
      return "a filename cannot be longer than 255 bytes (this one is \(bytes.count))"
    }
    return nil
  }

  private static func requireValidFilename(_ name: String, in api: String) {
    if let problem = filenameProblem(name) {
      preconditionFailure("FileWrapper.\(api): \(problem): \(name.debugDescription)")
    }
  }

  // MARK: - Attributes

  /// The wrapper's attributes, keyed by `FileAttributeKey` raw values.
  ///
  /// Always present: `NSFileType` (a `FileAttributeType`) and
  /// `NSFilePosixPermissions`. Present when known: `NSFileModificationDate`,
  /// `NSFileSize`, and for wrappers read from disk `NSFileSystemNumber`,
  /// `NSFileSystemFileNumber` and `NSFileReferenceCount`.
  ///
  /// Setting it takes `NSFilePosixPermissions` and `NSFileModificationDate`
  /// from the new value (other keys are ignored, and missing ones keep their
  /// value) and marks the attributes to be written, so the next write
  /// rewrites this file instead of hard-linking it.
  open var fileAttributes: [String: Any] {
    get {
      let type: FileAttributeType =
        switch kind {
        case .regularFile: .typeRegular
        case .directory: .typeDirectory
        case .symbolicLink: .typeSymbolicLink
        }
      var attributes: [String: Any] = [
        FileAttributeKey.type.rawValue: type,
        FileAttributeKey.posixPermissions.rawValue: NSNumber(value: Int(permissions)),
      ]
      if let modificationDate {
        attributes[FileAttributeKey.modificationDate.rawValue] = modificationDate
      }
      if kind == .regularFile {
        switch contents {
        case .loaded(let data):
          attributes[FileAttributeKey.size.rawValue] = NSNumber(value: data.count)
        case .streamed(let source):
          attributes[FileAttributeKey.size.rawValue] = NSNumber(value: source.count)
        case .onDisk(_, let identity):
          attributes[FileAttributeKey.size.rawValue] = NSNumber(value: identity.size)
        case .unreadable: break
        }
      }
      if let diskStatus {
        attributes[FileAttributeKey.systemNumber.rawValue] = NSNumber(value: diskStatus.device)
        attributes[FileAttributeKey.systemFileNumber.rawValue] = NSNumber(value: diskStatus.inode)
        attributes[FileAttributeKey.referenceCount.rawValue] = NSNumber(value: diskStatus.linkCount)
      }
      return attributes
    }
    set {
      switch newValue[FileAttributeKey.posixPermissions.rawValue] {
      case let number as NSNumber:
        permissions = UInt16(truncatingIfNeeded: number.intValue) & 0o7777
      case let number as Int: permissions = UInt16(truncatingIfNeeded: number) & 0o7777
      default: break
      }
      if let date = newValue[FileAttributeKey.modificationDate.rawValue] as? Date {
        modificationDate = date
      }
      attributesNeedWriting = true
      noteChangeInParents()
    }
  }

  // MARK: - Contents

  /// A regular file's contents, or nil if this is not a regular file or if
  /// its lazy read failed (the file vanished or changed since the tree was
  /// read). ``loadRegularFileContents()`` says why.
  open var regularFileContents: Data? {
    guard kind == .regularFile else { return nil }
    return try? loadRegularFileContents()
  }

  /// A regular file's contents, read now if they were left on disk.
  ///
  /// The lazy read opens the file without following links and checks that
  /// it is still the inode, size and modification time that were read.
  ///
  /// - Precondition: ``isRegularFile``.
  /// - Throws: ``FileWrapperError/Code/noSuchFile`` if the file vanished,
  ///   ``FileWrapperError/Code/changedSinceRead`` if it changed,
  ///   ``FileWrapperError/Code/fileTooLarge`` if it is larger than the
  ///   ``Limits/maximumFileSize`` the tree was read with. The error is
  ///   kept: later calls, and writes of this wrapper, throw it again.
  public func loadRegularFileContents() throws(FileWrapperError) -> Data {
    precondition(kind == .regularFile, "FileWrapper.loadRegularFileContents(): not a regular file")
    switch contents {
    case .loaded(let data):
      return data
    case .streamed(let source):
      let data = source.joined()
      contents = .loaded(data)
      return data
    case .unreadable(let error):
      throw error
    case .onDisk(let path, let identity):
      do {
        let data = try Self.readFile(
          path, in: nil, path: path, expecting: identity, maximumSize: maximumFileSize)
        contents = .loaded(data)
        return data
      } catch {
        contents = .unreadable(error)
        throw error
      }
    }
  }

  /// A regular file's contents as bytes, for a document that holds its
  /// file's bytes itself: contents left on disk are read straight into
  /// the array and not kept by the wrapper (a later read reads the file
  /// again, with the same checks), so the file is in memory once.
  ///
  /// - Precondition: ``isRegularFile``.
  /// - Throws: What ``loadRegularFileContents()`` throws.
  public func loadRegularFileBytes() throws(FileWrapperError) -> [UInt8] {
    precondition(kind == .regularFile, "FileWrapper.loadRegularFileBytes(): not a regular file")
    guard case .onDisk(let path, let identity) = contents else {
      return [UInt8](try loadRegularFileContents())
    }
    do {
      return try Self.readFileBytes(
        path, in: nil, path: path, expecting: identity, maximumSize: maximumFileSize)
    } catch {
      contents = .unreadable(error)
      throw error
    }
  }

  /// A regular file's size in bytes without reading its contents: the
  /// count of contents in memory, or the size `lstat` reported for
  /// contents still on disk. Nil for other kinds and after a failed lazy
  /// read. For tools in this package that list trees (`docrepl inspect`).
  public var regularFileSize: Int64? {
    guard kind == .regularFile else { return nil }
    switch contents {
    case .loaded(let data): return Int64(data.count)
    case .streamed(let source): return Int64(source.count)
    case .onDisk(_, let identity): return identity.size
    case .unreadable: return nil
    }
  }

  /// A directory's children, keyed by their unique names; nil if this is
  /// not a directory.
  open var fileWrappers: [String: FileWrapper]? {
    kind == .directory ? children : nil
  }

  /// A symbolic link's destination, or nil if this is not a link. A
  /// relative destination read from disk is relative to the link's own
  /// directory; its `relativePath` is the destination as written.
  open var symbolicLinkDestinationURL: URL? {
    guard kind == .symbolicLink else { return nil }
    guard !linkDestination.hasPrefix("/"), let base = readLocation?.deletingLastPathComponent()
    else {
      return URL(fileURLWithPath: linkDestination, isDirectory: false)
    }
    return URL(fileURLWithPath: linkDestination, isDirectory: false, relativeTo: base)
  }

  /// Where a symbolic link was read from, to resolve a relative destination.
  var readLocation: URL?

  // MARK: - Children

  /// Adds `child` to this directory and returns its key: its preferred
  /// filename, or a uniqued `"<n>__#$!@%!#__<name>"` if that is taken.
  ///
  /// The same wrapper may be added to several directories, under a
  /// different key in each.
  ///
  /// - Precondition: ``isDirectory``.
  @discardableResult
  open func addFileWrapper(_ child: FileWrapper) -> String {
    precondition(kind == .directory, "FileWrapper.addFileWrapper(_:): not a directory")
    return insert(child)
  }

  /// Creates a regular-file wrapper, adds it, and returns its key.
  ///
  /// - Precondition: ``isDirectory``, and `fileName` is a valid filename.
  @discardableResult
  open func addRegularFile(withContents data: Data, preferredFilename fileName: String) -> String {
    let child = FileWrapper(regularFileWithContents: data)
    child.preferredFilename = fileName
    return addFileWrapper(child)
  }

  /// Removes `child` from this directory, under every key it has here.
  ///
  /// - Complexity: O(1) in the number of children.
  open func removeFileWrapper(_ child: FileWrapper) {
    for key in keys(of: child) {
      children[key] = nil
      noteChange(at: key)
    }
    child.parents.removeAll { $0.wrapper == nil || $0.wrapper === self }
  }

  /// The key under which `child` is stored here, or nil if it is not a
  /// child. It may differ from the child's preferred filename.
  ///
  /// - Complexity: O(1) in the number of children.
  open func keyForChildFileWrapper(_ child: FileWrapper) -> String? {
    keys(of: child).min { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// The keys under which `child` is stored here now.
  private func keys(of child: FileWrapper) -> [String] {
    guard let entry = child.parents.first(where: { $0.wrapper === self }) else { return [] }
    var seen: Set<String> = []
    return entry.keys.filter { children[$0] === child && seen.insert($0).inserted }
  }

  /// Notes that `child` is stored here under `key`.
  private func record(_ child: FileWrapper, under key: String) {
    if let index = child.parents.firstIndex(where: { $0.wrapper === self }) {
      if !child.parents[index].keys.contains(key) { child.parents[index].keys.append(key) }
    } else {
      child.parents.append(WeakParent(wrapper: self, keys: [key]))
    }
  }

  /// Apple's uniquing rule (`-[NSFileWrapper _addChild:forUniqueFileName:]`).
  private func insert(_ child: FileWrapper) -> String {
    let name = child.preferredFilename
    var key = name ?? ""
    if name == nil || children[key] != nil {
      var number = 1
      repeat {
        key = "\(number)__#$!@%!#__\(name ?? "")"
        number += 1
      } while children[key] != nil
    }
    children[key] = child
    record(child, under: key)
    noteChange(at: key)
    return key
  }

  /// Moves `child` to keys made from its new preferred name.
  private func rekey(_ child: FileWrapper) {
    let keys = keys(of: child)
    for key in keys {
      children[key] = nil
      noteChange(at: key)
    }
    if let index = child.parents.firstIndex(where: { $0.wrapper === self }) {
      child.parents[index].keys = []
    }
    for _ in keys { _ = insert(child) }
  }

  /// Notes that the child under `key` was added, removed or replaced, or
  /// changed below: here and, under this directory's own keys, in every
  /// directory above. A directory that already had `key` noted stops the
  /// walk: its ancestors were told when it was first noted, and a save
  /// clears a directory only with every noted directory below it. That
  /// also ends the walk in a tree that contains itself.
  final func noteChange(at key: String) {
    Self.changes.add(1, ordering: .releasing)
    var pending = [(self, key)]
    contentVersion = Self.nextContentVersion()
    while let (directory, key) = pending.popLast() {
      directory.changeSerial &+= 1
      guard directory.changedKeys.insert(key).inserted else { continue }
      for parent in directory.liveParents {
        for parentKey in parent.keys(of: directory) { pending.append((parent, parentKey)) }
      }
    }
  }

  /// Notes this directory again in every directory above it, under its
  /// keys there, without counting a new change: for a directory whose
  /// noted keys a save kept (see `PackageJournal.markInSync`), so that the
  /// next plan still reaches it.
  final func noteInParents() {
    var pending = [self]
    while let directory = pending.popLast() {
      for parent in directory.liveParents {
        for key in parent.keys(of: directory) where parent.changedKeys.insert(key).inserted {
          pending.append(parent)
        }
      }
    }
  }

  /// Notes, in every directory that holds this wrapper, that it changed.
  final func noteChangeInParents() {
    for parent in liveParents {
      for key in parent.keys(of: self) { parent.noteChange(at: key) }
    }
  }

  private var liveParents: [FileWrapper] {
    parents.removeAll { $0.wrapper == nil }
    return parents.compactMap(\.wrapper)
  }

  /// Adds a child read from disk under its exact on-disk name.
  func adoptChild(_ child: FileWrapper, named name: String) {
    children[name] = child
    child.filename = name
    child.storedPreferredFilename = name
    record(child, under: name)
  }

  /// Children in byte order of their keys: the order of every walk, so that
  /// output and errors are the same on every run.
  var sortedChildren: [(key: String, value: FileWrapper)] {
    children.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
  }
}
