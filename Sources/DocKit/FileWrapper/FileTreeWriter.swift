import Foundation
import Glibc

/// Writes a file-wrapper tree to disk, iteratively, through directory
/// descriptors, never into an existing inode.
///
/// An atomic write builds the tree under a temporary sibling name, syncs
/// every file and directory it created, then renames it into place (or
/// exchanges it with an existing directory) and syncs the parent. A
/// single regular file therefore costs exactly two `fsync` calls.
///
/// The temporary item is locked (`flock`) from just after its creation
/// until it is renamed or removed, and so is the old item while it has a
/// temporary name: recovery in another process leaves locked items alone.
struct FileTreeWriter {
  /// One unit of work on the explicit stack.
  private enum Step {
    /// Create `wrapper` as `name` in `parent`.
    case create(
      FileWrapper, parent: FileDescriptor, name: String, path: String,
      original: (directory: FileDescriptor, name: String)?)
    /// All of a directory's children are written: set its mode, sync it.
    case finish(FileWrapper, descriptor: FileDescriptor, path: String, permissions: UInt16)
  }

  /// What a written wrapper learns once the whole write has succeeded,
  /// and what the write put on disk for it: ``write(originalContentsURL:)``
  /// returns them, so that what was written can be described even if the
  /// wrappers change afterwards (see ``DiskManifest/init(written:at:)``).
  struct Written {
    var wrapper: FileWrapper
    var status: FileStatus
    var name: String
    /// The full path, under the destination's final name.
    var path: String
    /// For a symbolic link, the destination written.
    var linkDestination: String? = nil
    /// For the root of an atomic write of a regular file: its status-change
    /// time once in place, from its own descriptor after the swap (which
    /// changes it), with ``status`` taken then too. Nil if that `fstat`
    /// failed, and for every other item.
    var changeTime: (seconds: Int64, nanoseconds: Int64)? = nil
    /// For that root, the bytes written, if they were in memory in one
    /// piece of at most ``FileChangeStamp/contentsLimit`` bytes: what the
    /// session's change stamp compares, without reading them back.
    var contents: Data? = nil
  }

  private let root: FileWrapper
  private let options: FileWrapper.WritingOptions
  /// Whether an atomic write may replace an existing destination.
  var replacesExisting = true
  /// The kind of item the write decided to replace (nil: nothing, or
  /// anything, see ``checksReplacedKind``). The commit checks what it
  /// replaces again, after the swap: anything else is swapped back and
  /// refused with ``FileWrapperError/Code/destinationChanged``.
  var expectedKind: FileStatus.Kind?
  /// The owner and group of the file the write replaces, given to the new
  /// file when they are not this process's (a root save of another user's
  /// file keeps its owner). Where the kernel refuses (`EPERM` for anyone
  /// but root), the group alone is kept if it can be, else the new file is
  /// this process's.
  var keepsOwner: (user: UInt32, group: UInt32)?
  /// Whether ``expectedKind`` is checked at the commit: set by writes that
  /// decided through ``DestinationPolicy``.
  var checksReplacedKind = false

  /// What a write that decided through ``DestinationPolicy`` decided to
  /// replace: the kind checked again at the commit, and the owner kept.
  struct ReplacedItem {
    var kind: FileStatus.Kind?
    var owner: (user: UInt32, group: UInt32)?
    /// The mode of a regular file replaced, which the new file keeps (as
    /// `cp` over an existing file does).
    var permissions: UInt16?

    /// What `destination` says stands there.
    init(_ destination: WriteDestination) {
      switch destination.kind {
      case .file:
        kind = .regular
        permissions = destination.permissions
      case .documentPackage: kind = .directory
      default: kind = nil
      }
      if destination.isOwnedByAnotherUser || destination.groupID.map({ $0 != getegid() }) == true,
        let user = destination.ownerID, let group = destination.groupID
      {
        owner = (user, group)
      }
    }
  }

  /// Checks `item` at the commit and keeps its owner.
  mutating func replace(_ item: ReplacedItem?) {
    guard let item else { return }
    expectedKind = item.kind
    checksReplacedKind = true
    keepsOwner = item.owner
    keepsPermissions = item.permissions
  }

  /// The mode the new root file takes from the file it replaces.
  var keepsPermissions: UInt16?
  /// Whether an unchanged file is hard-linked from the original (the
  /// public API's behaviour) or cloned into a new inode. A link is safe
  /// only while its other name is about to disappear: the host links when
  /// it replaces the document's own file, and clones for save as, save to
  /// and export, whose original stays.
  var linksUnchangedFiles = true
  /// Whether an atomic write makes its tree durable with one `syncfs` of
  /// the destination's file system just before the commit, instead of an
  /// `fsync` per file and directory. Set for the host's copies, whose
  /// files would otherwise cost a journal commit and a disk flush each.
  var syncsFileSystemOnce = false
  private let destinationPath: String
  private let parentPath: String
  private let name: String
  private var written: [Written] = []
  /// Each wrapper's attributes when the write began to write it: one whose
  /// attributes were set while it was written (by an edit meanwhile) keeps
  /// them, still to be written, instead of taking those written.
  private var attributesAtStart: [ObjectIdentifier: AttributeState] = [:]

  /// The attributes of a wrapper that a write reads and then replaces.
  private struct AttributeState: Equatable {
    var permissions: UInt16
    var modificationDate: Date?
    var needsWriting: Bool

    init(_ wrapper: FileWrapper) {
      permissions = wrapper.permissions
      modificationDate = wrapper.modificationDate
      needsWriting = wrapper.attributesNeedWriting
    }
  }
  /// The lock on the temporary item of an atomic write.
  private var temporaryLock: FileDescriptor?
  /// The lock on the item being replaced, while it may have a temporary
  /// name.
  private var displacedLock: FileDescriptor?
  /// Whether another process's recovery removed the temporary item before
  /// it was locked; the write then starts again under a new name.
  private var lostTemporary = false
  /// Whether a swap back failed, leaving the old item under the temporary
  /// name: it is then never removed.
  private var temporaryHoldsOldItem = false

  init(
    root: FileWrapper, destination: URL, options: FileWrapper.WritingOptions
  ) throws(FileWrapperError) {
    self.root = root
    self.options = options
    destinationPath = try FileWrapper.filePath(of: destination)
    let (parent, name) = FileWrapper.folderAndName(ofPath: destinationPath)
    self.name = name
    if let problem = FileWrapper.filenameProblem(name) {
      throw FileWrapperError(.invalidFilename, path: destinationPath, message: problem)
    }
    parentPath = parent.isEmpty ? "." : parent
  }

  private var atomic: Bool { options.contains(.atomic) }
  /// Whether each file and directory is synced as it is finished.
  private var syncsEachItem: Bool { atomic && !syncsFileSystemOnce }

  /// Writes the tree and returns what was written, every item once per
  /// path, each directory after its contents.
  @discardableResult
  mutating func write(originalContentsURL: URL?) throws(FileWrapperError) -> [Written] {
    try Self.validate(root, at: destinationPath)
    let parent = try asFileWrapperError { () throws(SystemCallError) in
      try FileDescriptor.open(
        parentPath, in: nil, flags: FileDescriptor.directoryFlags, path: parentPath)
    }
    // Only a folder's children are linked or copied from the original: a
    // single file is written whole, so its original is not opened.
    let original = root.isDirectory ? originalContentsURL.flatMap(Self.openOriginal) : nil
    if atomic {
      var attempts = 0
      while true {
        let temporary = Self.temporaryName(for: name)
        do {
          try writeTree(in: parent, as: temporary, original: original)
          if syncsFileSystemOnce {
            // Reports any write-back error since `parent` was opened, before
            // anything of this write was created.
            try asFileWrapperError { () throws(SystemCallError) in
              try parent.syncFileSystem(path: parentPath + "/" + temporary)
            }
          }
          try commit(temporary, in: parent)
          recordCommittedRoot()
          break
        } catch {
          // Unless a failed swap back left the old item under the
          // temporary name: that is the user's, and stays.
          if !temporaryHoldsOldItem {
            try? parent.removeTree(temporary, path: parentPath + "/" + temporary)
          }
          temporaryLock = nil
          guard lostTemporary, attempts < 3 else { throw error }
          attempts += 1
          lostTemporary = false
          written = []
        }
      }
    } else {
      do {
        try writeTree(in: parent, as: name, original: original)
      } catch {
        // Remove what this write created, unless the failure was finding
        // something already there.
        if !(error.code == .fileExists && error.path == destinationPath) {
          try? parent.removeTree(name, path: destinationPath)
        }
        throw error
      }
    }
    publish()
    return written
  }

  /// Records the status of an atomic write's root file once it is in
  /// place, from the descriptor kept as its lock: one `fstat`, where a
  /// stamp of the path would `lstat` it and read it back. It is this very
  /// inode, whatever stands at the path by now.
  private mutating func recordCommittedRoot() {
    guard root.isRegularFile, let descriptor = temporaryLock, let index = written.indices.last,
      written[index].wrapper === root
    else { return }
    var raw = stat()
    guard FileSystemContext.current.fstat(descriptor.rawValue, &raw) == 0 else { return }
    written[index].status = FileStatus(raw)
    written[index].changeTime = (Int64(raw.st_ctim.tv_sec), Int64(raw.st_ctim.tv_nsec))
  }

  /// Refuses invalid keys and cycles before anything touches the disk.
  static func validate(_ root: FileWrapper, at path: String) throws(FileWrapperError) {
    var onPath: Set<ObjectIdentifier> = []
    // `nil` marks leaving the directory pushed just before it.
    var stack: [(wrapper: FileWrapper, path: String)?] = [(root, path)]
    var leaving: [ObjectIdentifier] = []
    while let item = stack.popLast() {
      guard let (wrapper, path) = item else {
        onPath.remove(leaving.removeLast())
        continue
      }
      guard wrapper.kind == .directory else { continue }
      guard onPath.insert(ObjectIdentifier(wrapper)).inserted else {
        throw FileWrapperError(.cycle, path: path, message: "the directory wrapper contains itself")
      }
      leaving.append(ObjectIdentifier(wrapper))
      stack.append(nil)
      for (key, child) in wrapper.sortedChildren.reversed() {
        let childPath = path + "/" + key
        if let problem = FileWrapper.filenameProblem(key) {
          throw FileWrapperError(.invalidFilename, path: childPath, message: problem)
        }
        stack.append((child, childPath))
      }
    }
  }

  /// The parent directory and name of `url`, if it can be opened.
  private static func openOriginal(_ url: URL) -> (directory: FileDescriptor, name: String)? {
    guard let path = try? FileWrapper.filePath(of: url), path != "/" else { return nil }
    let location = URL(fileURLWithPath: path, isDirectory: false)
    let parentPath = location.deletingLastPathComponent().path
    guard
      let parent = try? FileDescriptor.open(
        parentPath, in: nil, flags: FileDescriptor.directoryFlags, path: parentPath)
    else { return nil }
    return (parent, location.lastPathComponent)
  }

  /// The size from which an atomic write of a file in this task drops
  /// the cached pages of the file it replaces before writing (see
  /// `FileDescriptor.dropCachedPages(of:in:path:)`): the session's host
  /// policy (``DocumentEnvironment/dropsReplacedFileCache`` and
  /// ``DocumentEnvironment/replacedFileCacheDroppingSize``); nil, the
  /// default outside a session's save: never.
  @TaskLocal static var replacedFileCacheDroppingSize: Int? = nil

  /// `.<stem>.<hash>.docrepl-<random>.tmp`: see ``SiblingNames``.

  static func temporaryName(for name: String) -> String {
    SiblingNames.temporary(for: name)
  }

  // MARK: - Writing the tree

  private mutating func writeTree(
    in parent: FileDescriptor, as rootName: String,
    original: (directory: FileDescriptor, name: String)?
  ) throws(FileWrapperError) {
    var steps: [Step] = [
      .create(root, parent: parent, name: rootName, path: destinationPath, original: original)
    ]
    var isRoot = true
    while let step = steps.popLast() {
      switch step {
      case .create(let wrapper, let parent, let name, let path, let original):
        if attributesAtStart[ObjectIdentifier(wrapper)] == nil {
          attributesAtStart[ObjectIdentifier(wrapper)] = AttributeState(wrapper)
        }
        switch wrapper.kind {
        case .regularFile:
          try writeFile(
            wrapper, in: parent, as: name, path: path, original: isRoot ? nil : original,
            temporary: isRoot && atomic)
        case .symbolicLink:
          try asFileWrapperError { () throws(SystemCallError) in
            let destination = wrapper.linkDestination
            try parent.makeSymbolicLink(name, destination: destination, path: path)
            written.append(
              Written(
                wrapper: wrapper, status: try FileStatus.of(name, in: parent, path: path),
                name: name, path: path, linkDestination: destination))
          }
        case .directory:
          let (descriptor, permissions) = try makeDirectory(
            wrapper, in: parent, as: name, path: path)
          if isRoot && atomic { try lockTemporary(descriptor, path: path) }
          steps.append(
            .finish(wrapper, descriptor: descriptor, path: path, permissions: permissions))
          let originalDirectory = original.flatMap {
            try? FileDescriptor.open(
              $0.name, in: $0.directory, flags: FileDescriptor.directoryFlags, path: path)
          }
          for (key, child) in wrapper.sortedChildren.reversed() {
            let childOriginal = originalDirectory.flatMap { directory in
              child.filename.map { (directory, $0) }
            }
            steps.append(
              .create(
                child, parent: descriptor, name: key, path: path + "/" + key,
                original: childOriginal))
          }
        }
      case .finish(let wrapper, let descriptor, let path, let permissions):
        try asFileWrapperError { () throws(SystemCallError) in
          try descriptor.setPermissions(permissions, path: path)
          if wrapper.attributesNeedWriting, let date = wrapper.modificationDate {
            try descriptor.setModificationTime(date.timeIntervalSince1970, path: path)
          }
          if syncsEachItem { try descriptor.sync(path: path) }
          let name = URL(fileURLWithPath: path, isDirectory: true).lastPathComponent
          written.append(
            Written(
              wrapper: wrapper, status: try descriptor.status(path: path), name: name, path: path))
        }
      }
      isRoot = false
    }
  }

  /// Creates a directory writable by its owner while it is filled, and
  /// returns the mode it must end with.
  private func makeDirectory(
    _ wrapper: FileWrapper, in parent: FileDescriptor, as name: String, path: String
  ) throws(FileWrapperError) -> (FileDescriptor, UInt16) {
    try asFileWrapperError { () throws(SystemCallError) in
      try parent.makeDirectory(name, mode: mode_t(wrapper.permissions), path: path)
      let descriptor = try FileDescriptor.open(
        name, in: parent, flags: FileDescriptor.directoryFlags, path: path)
      // A wrapper that has not been on disk is created like `mkdir` would
      // make it, narrowed by the umask; one read from disk, or given
      // attributes, keeps its exact mode.
      let final =
        wrapper.hasExactPermissions
        ? wrapper.permissions : try descriptor.status(path: path).permissions
      try descriptor.setPermissions(0o700, path: path)
      return (descriptor, final)
    }
  }

  /// Locks the temporary item just created; if another process's recovery
  /// removed it first, marks it lost and throws.
  private mutating func lockTemporary(
    _ descriptor: FileDescriptor, path: String
  ) throws(FileWrapperError) {
    let locked = try asFileWrapperError { () throws(SystemCallError) in
      try descriptor.lockNewItem(path: path)
    }
    guard locked else {
      lostTemporary = true
      throw FileWrapperError(
        .noSuchFile, path: path,
        message: "the temporary item was removed by another process before it was locked",
        systemCall: "flock", errno: ENOENT)
    }
    temporaryLock = descriptor
  }

  /// Writes a regular file. `temporary`: it is the root of an atomic write,
  /// locked from its creation, and its descriptor is kept open (as the
  /// lock) once it is synced.
  private mutating func writeFile(
    _ wrapper: FileWrapper, in parent: FileDescriptor, as name: String, path: String,
    original: (directory: FileDescriptor, name: String)?, temporary: Bool = false
  ) throws(FileWrapperError) {
    if let original, !wrapper.attributesNeedWriting, let identity = wrapper.diskIdentity,
      let status = try? FileStatus.of(original.name, in: original.directory, path: path),
      status.kind == .regular, status.identity == identity
    {
      if linksUnchangedFiles {
        do {
          try parent.makeHardLink(
            to: name, from: original.name, in: original.directory, path: path)
          var linked = status
          linked.linkCount += 1
          written.append(Written(wrapper: wrapper, status: linked, name: name, path: path))
          return
        } catch  where [EXDEV, EPERM, EMLINK, EACCES, ENOTSUP, EOPNOTSUPP].contains(error.errno) {
        } catch {
          throw FileWrapperError(error)
        }
      }
      // Not linked: clone or copy the original, verified to be the very
      // inode the wrapper was read from, into a new inode.
      if try copyFile(
        wrapper, from: original.name, in: original.directory, expecting: identity, to: parent,
        as: name, path: path)
      {
        return
      }
    }
    // Contents in pieces are written piece by piece, never joined (but
    // for a small root file, below).
    var source: FileWrapper.ByteSource
    var smallBytes: Data?
    switch wrapper.contents {
    case .streamed(let streamed):
      source = streamed
      // A small root file's pieces are gathered (at most 64 KiB) and
      // written in one, and its bytes kept for the session's change stamp.
      // A source that fails is written as it is, to meet its error there.
      if temporary, streamed.count <= FileChangeStamp.contentsLimit {
        var data = Data(capacity: streamed.count)
        if (try? streamed.forEachChunk { data.append(contentsOf: $0) }) != nil,
          data.count == streamed.count
        {
          source = FileWrapper.ByteSource(data)
          smallBytes = data
        }
      }
    case .loaded(let data):
      source = FileWrapper.ByteSource(data)
      if data.count <= FileChangeStamp.contentsLimit { smallBytes = data }
    case .onDisk, .unreadable:
      source = FileWrapper.ByteSource(try wrapper.loadRegularFileContents())
    }
    if let droppingSize = Self.replacedFileCacheDroppingSize, temporary, replacesExisting,
      source.count >= droppingSize
    {
      FileDescriptor.dropCachedPages(of: self.name, in: parent, path: destinationPath)
    }
    let descriptor = try asFileWrapperError { () throws(SystemCallError) in
      try createFile(for: wrapper, in: parent, as: name, path: path)
    }
    if temporary { try lockTemporary(descriptor, path: path) }
    if temporary, let owner = keepsOwner {
      // Before the mode is set: a change of owner clears set-ID bits.
      if (try? descriptor.setOwner(owner.user, group: owner.group, path: path)) == nil {
        try? descriptor.setOwner(UInt32.max, group: owner.group, path: path)
      }
    }
    try asFileWrapperError { () throws(SystemCallError) in
      try descriptor.write(source, path: path)
      try finishFile(
        wrapper, descriptor, name: name, path: path, keepingOpen: temporary,
        permissions: temporary && wrapper.isRegularFile ? keepsPermissions : nil)
    }
    if temporary, let smallBytes, let index = written.indices.last {
      written[index].contents = smallBytes
    }
  }

  /// Creates `name` for `wrapper`, with its permissions if they are exact
  /// (readable and writable by the owner meanwhile), or as `open` would
  /// with the umask.
  private func createFile(
    for wrapper: FileWrapper, in parent: FileDescriptor, as name: String, path: String
  ) throws(SystemCallError) -> FileDescriptor {
    try FileDescriptor.open(
      name, in: parent, flags: FileDescriptor.createFlags,
      mode: wrapper.hasExactPermissions ? 0o600 : mode_t(wrapper.permissions), path: path)
  }

  /// Sets a filled file's mode and date, syncs it if the write is atomic,
  /// closes it, and records what was written. A copy of an unchanged file
  /// takes the original's current mode and modification time instead of
  /// the wrapper's.
  /// Sets a new file's attributes, syncs it unless the file system is
  /// synced once, and closes it, unless `keepingOpen`: the temporary root
  /// of an atomic write stays open as its lock (it is synced, or the file
  /// system is, so a failed close could report nothing new).
  private mutating func finishFile(
    _ wrapper: FileWrapper, _ descriptor: FileDescriptor, name: String, path: String,
    copying original: FileStatus? = nil, keepingOpen: Bool = false, permissions: UInt16? = nil
  ) throws(SystemCallError) {
    if let original {
      try descriptor.setPermissions(original.permissions, path: path)
    } else if let permissions {
      try descriptor.setPermissions(permissions, path: path)
    } else if wrapper.hasExactPermissions {
      try descriptor.setPermissions(wrapper.permissions, path: path)
    }
    if let original {
      try descriptor.setModificationTime(
        seconds: original.modificationSeconds, nanoseconds: original.modificationNanoseconds,
        path: path)
    } else if wrapper.attributesNeedWriting, let date = wrapper.modificationDate {
      try descriptor.setModificationTime(date.timeIntervalSince1970, path: path)
    }
    if syncsEachItem { try descriptor.sync(path: path) }
    let status = try descriptor.status(path: path)
    if !keepingOpen { try descriptor.close(path: path) }
    written.append(Written(wrapper: wrapper, status: status, name: name, path: path))
  }

  /// Creates `name` as an independent copy of the unchanged file `source`,
  /// which must still be the inode `identity` before and after the copy: a
  /// clone (`FICLONE`) where the file system shares data copy-on-write,
  /// else an in-kernel copy. The copy keeps the original's mode and
  /// modification time, as a link would (and as `clonefile` does).
  ///
  /// - Returns: false, having created nothing, if the source is no longer
  ///   that inode and the wrapper's contents are in memory to write
  ///   instead.
  /// - Throws: ``FileWrapperError/Code/changedSinceRead`` if the source
  ///   changed and the contents are not in memory.
  private mutating func copyFile(
    _ wrapper: FileWrapper, from source: String, in sourceDirectory: FileDescriptor,
    expecting identity: DiskIdentity, to parent: FileDescriptor, as name: String, path: String
  ) throws(FileWrapperError) -> Bool {
    let changed = FileWrapperError(
      .changedSinceRead, path: path, message: "the file changed after the tree was read")
    var inMemory: Bool {
      switch wrapper.contents {
      case .loaded, .streamed: true
      case .onDisk, .unreadable: false
      }
    }
    let input: FileDescriptor
    let before: FileStatus
    do throws(SystemCallError) {
      input = try FileDescriptor.open(
        source, in: sourceDirectory, flags: FileDescriptor.readFlags, path: path)
      before = try input.status(path: path)
    } catch {
      if inMemory { return false }
      throw error.errno == ELOOP
        ? FileWrapperError(
          .changedSinceRead, path: path, message: "the file was replaced by a symbolic link")
        : FileWrapperError(error)
    }
    guard before.kind == .regular, before.identity == identity else {
      if inMemory { return false }
      throw changed
    }
    var unchanged = false
    try asFileWrapperError { () throws(SystemCallError) in
      let descriptor = try createFile(for: wrapper, in: parent, as: name, path: path)
      try descriptor.copyContents(of: input, count: identity.size, path: path)
      let after = try input.status(path: path)
      let copied = try descriptor.status(path: path)
      unchanged = after.identity == identity && copied.size == identity.size
      guard unchanged else { return }
      try finishFile(wrapper, descriptor, name: name, path: path, copying: after)
    }
    guard unchanged else {
      // The source changed while it was copied: what was copied may be a
      // mixture. Remove it, and write the contents from memory if they are
      // there.
      try asFileWrapperError { () throws(SystemCallError) in try parent.removeTree(name, path: path)
      }
      if inMemory { return false }
      throw changed
    }
    return true
  }

  // MARK: - Committing

  /// Moves the finished temporary tree to the destination name, then
  /// syncs the directory. An existing item is exchanged, not overwritten,
  /// so that if the sync fails it can be swapped back: a failed write
  /// leaves the old item in place, and a new one is removed.
  private mutating func commit(
    _ temporary: String, in parent: FileDescriptor
  ) throws(FileWrapperError) {
    let existing = try? FileStatus.of(name, in: parent, path: destinationPath)
    if existing != nil && !replacesExisting {
      throw FileWrapperError(
        .fileExists, path: destinationPath, message: "the destination already exists")
    }
    if checksReplacedKind, let existing, existing.kind != expectedKind {
      throw changedKind(existing.kind)
    }
    if let kind = existing?.kind, kind == .regular || kind == .directory {
      // The old item is about to get a temporary name: lock it, so that
      // recovery elsewhere leaves it while it may be swapped back. (Best
      // effort, and never a refusal: see `lockIfPossible`.)
      displacedLock = FileDescriptor.lockIfPossible(name, in: parent, path: destinationPath)
    }
    var displaced = false
    try asFileWrapperError { () throws(SystemCallError) in
      if existing != nil {
        displaced = try exchange(temporary, in: parent)
      } else {
        do throws(SystemCallError) {
          // RENAME_NOREPLACE: an item that appeared since the check above
          // is refused too.
          try parent.rename(temporary, to: name, mode: .noReplace, path: destinationPath)
        } catch  where error.errno == EINVAL || error.errno == ENOSYS {
          try parent.rename(temporary, to: name, mode: .replace, path: destinationPath)
        }
      }
    }
    // What was swapped out is what the write decided to replace, checked
    // where it now stands: an item that changed kind between the stat
    // above and the swap is swapped back.
    if checksReplacedKind, displaced,
      let replaced = try? FileStatus.of(
        temporary, in: parent, path: parentPath + "/" + temporary),
      replaced.kind != expectedKind
    {
      if (try? exchange(temporary, in: parent)) != nil {
        try? parent.removeTree(temporary, path: parentPath + "/" + temporary)
      } else {
        temporaryHoldsOldItem = true
      }
      throw changedKind(replaced.kind)
    }
    do {
      try asFileWrapperError { () throws(SystemCallError) in try parent.sync(path: parentPath) }
    } catch {
      // Not known to be durable: put the old state back, as far as the
      // file system allows, and report the failure.
      if displaced {
        // Swap back the same way the swap was made (exchange, or the
        // three-rename fallback); the new item, now under the temporary
        // name, is removed only if the old one is back in place.
        if (try? exchange(temporary, in: parent)) != nil {
          try? parent.removeTree(temporary, path: parentPath + "/" + temporary)
        } else {
          temporaryHoldsOldItem = true
        }
      } else if existing == nil {
        try? parent.removeTree(name, path: destinationPath)
      }
      throw error
    }
    if displaced {
      // The old item now has the temporary name. The new one is in place
      // and durable, so failing to clear the old one is not a failed save.
      try? parent.removeTree(temporary, path: parentPath + "/" + temporary)
      // The lock held the old file's last descriptor: as it closes, the
      // kernel frees the file (its inode and blocks, and a large file's
      // cached pages), which the save does not wait for. For a 4 KB file
      // that is about 70 µs, most of what a save's checks cost beyond
      // the floor's temporary file, `fsync` and rename, whose rename
      // frees the old file itself.
      displacedLock?.closeInBackground()
      displacedLock = nil
    }
  }

  /// The error for a destination that is now `kind`, not the kind the
  /// write decided to replace.
  private func changedKind(_ kind: FileStatus.Kind) -> FileWrapperError {
    FileWrapperError(
      .destinationChanged, path: destinationPath,
      message: "this became a \(kind) while it was being saved"
        + (expectedKind.map { " (it was a \($0))" } ?? " (nothing was there)")
        + "; it was left as it is")
  }

  /// Swaps the temporary tree with the existing destination. Where the file
  /// system has no `RENAME_EXCHANGE`, moves the old item aside first: there
  /// is then a moment with nothing at the destination, never a mixture.
  /// Returns whether the old item now has the temporary name.
  private func exchange(
    _ temporary: String, in parent: FileDescriptor
  ) throws(SystemCallError) -> Bool {
    do {
      try parent.rename(temporary, to: name, mode: .exchange, path: destinationPath)
    } catch  where error.errno == EINVAL || error.errno == ENOSYS {
      // Named `.old`, not `.tmp`: if the process dies before the new item
      // is in place, recovery puts this one back.
      let aside = SiblingNames.aside(for: name)
      try parent.rename(name, to: aside, mode: .replace, path: destinationPath)
      do {
        try parent.rename(temporary, to: name, mode: .replace, path: destinationPath)
      } catch {
        try? parent.rename(aside, to: name, mode: .replace, path: destinationPath)
        throw error
      }
      try parent.rename(aside, to: temporary, mode: .replace, path: destinationPath)
    }
    return true
  }

  /// Records, now the write has succeeded, where each wrapper's bytes live.
  private func publish() {
    let updateNames = options.contains(.withNameUpdating)
    for item in written {
      let wrapper = item.wrapper
      wrapper.diskStatus = item.status
      if attributesAtStart[ObjectIdentifier(wrapper)] == AttributeState(wrapper) {
        wrapper.permissions = item.status.permissions
        wrapper.modificationDate = Date(timeIntervalSince1970: item.status.modificationTime)
        wrapper.attributesNeedWriting = false
      }
      // Lazy contents keep their path: the file they were read from is
      // still there (a written copy is a new inode elsewhere).
      if wrapper.kind == .regularFile { wrapper.diskIdentity = item.status.identity }
      if wrapper.kind == .symbolicLink {
        wrapper.readLocation = URL(fileURLWithPath: item.path, isDirectory: false)
      }
      if updateNames { wrapper.filename = item.name }
    }
    if updateNames { root.filename = name }
  }
}
