import Foundation

// Changes the model made without telling its undo manager: found when an
// explicit save of a clean document compares what it would write with
// what is on disk.

extension DocumentSession {
  /// What an explicit save says when it wrote a document that was clean.
  static var unrecordedChangeNotice: String {
    "the model recorded no change, but its content differs from the file: saved anyway"
  }

  /// Whether what the next save would write differs from what the session
  /// last read or wrote (its `lastWrapper`, and the file's bytes behind
  /// it), although the document is clean: the model changed without
  /// telling its undo manager. Nil when that cannot be told without
  /// writing: an untitled document, or a `Document`-family document whose
  /// writer writes by itself.
  ///
  /// Cheap for a document that reuses what it did not change, as a save
  /// is: an entry of the new tree that is the last one's wrapper is not
  /// compared; another is compared by its size, then its bytes. The model
  /// makes its wrapper from a copy of the last one's top level (see
  /// ``wrapperForNextSave()``), so nothing it does to that copy changes
  /// what the session knows of the disk.
  func contentDiffersFromDisk() async throws -> Bool? {
    guard fileURL != nil, let existing = lastWrapper,
      let next = try await wrapperForNextSave()
    else { return nil }
    if next.reusesRoot { return false }
    let box = UncheckedSendable(value: (next.wrapper, existing))
    return try await offMainActor { box.value.0.differsInContent(from: box.value.1) }.value
  }

  /// ``saveInPlace(force:)`` for an explicit ``save(force:)``: a clean
  /// document is written too when its content differs from the file, with
  /// ``unrecordedChangeNotice`` in ``writeNotices``.
  func saveExplicitly(force: Bool) async throws {
    // A save that writes nothing owes no notice: not the last write's.
    writeNotices = []
    guard !isDirty, !force, !hasConflict, try await contentDiffersFromDisk() == true else {
      try await saveInPlace(force: force)
      return
    }
    if try await saveInPlace(force: false, evenIfClean: true) {
      writeNotices.append(Self.unrecordedChangeNotice)
    }
  }
}

extension FileWrapper {
  /// Whether this tree's content (kinds, names, bytes, link destinations)
  /// differs from `old`'s. A wrapper that is `old`'s own is the same;
  /// bytes left on disk are read without being kept.
  func differsInContent(from old: FileWrapper) -> Bool {
    if self === old { return false }
    guard kind == old.kind else { return true }
    switch kind {
    case .symbolicLink:
      return linkDestination != old.linkDestination
    case .directory:
      guard children.count == old.children.count else { return true }
      for (name, child) in children {
        guard let before = old.children[name], !child.differsInContent(from: before) else {
          return true
        }
      }
      return false
    case .regularFile:
      if let size = knownSize, let oldSize = old.knownSize, size != oldSize { return true }
      if case .onDisk(let path, let identity) = old.contents,
        let same = sameBytes(asFileAt: path, expecting: identity)
      {
        return !same
      }
      guard let bytes = try? uncachedContents(), let oldBytes = try? old.uncachedContents() else {
        return true
      }
      return bytes != oldBytes
    }
  }

  /// Whether this file's bytes, in memory (loaded or streamed), are those
  /// of the file at `path`, still the inode, size and time of `identity`:
  /// compared a piece of at most 1 MiB at a time, so that neither side is
  /// gathered into one buffer (gathered, a 100 MB text and its file were
  /// two more copies beside the document). Nil when that cannot be told
  /// this way: this file's bytes are on disk too or unreadable, the file
  /// at `path` is no longer `identity`, or a read fails.
  private func sameBytes(asFileAt path: String, expecting identity: DiskIdentity) -> Bool? {
    let source: ByteSource
    switch contents {
    case .loaded(let data): source = ByteSource(data)
    case .streamed(let streamed): source = streamed
    case .onDisk, .unreadable: return nil
    }
    guard Int64(source.count) == identity.size else { return false }
    do throws(SystemCallError) {
      let descriptor = try FileDescriptor.open(
        path, in: nil, flags: FileDescriptor.readFlags, path: path)
      let before = try descriptor.status(path: path)
      guard before.kind == .regular, before.identity == identity else { return nil }
      let pieceSize = min(1 << 20, max(source.count, 1))
      let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: pieceSize, alignment: 16)
      defer { piece.deallocate() }
      // Fills `piece` with up to `count` bytes; returns how many there
      // were before the end of the file, or nil if a read failed.
      func read(_ count: Int) -> Int? {
        try? descriptor.fill(UnsafeMutableRawBufferPointer(rebasing: piece[..<count]), path: path)
      }
      var same = true
      var failed = false
      do {
        try source.forEachChunk { chunk in
          var offset = 0
          while same, !failed, offset < chunk.count {
            let count = min(pieceSize, chunk.count - offset)
            guard let filled = read(count) else {
              failed = true
              return
            }
            guard filled == count, let mine = chunk.baseAddress, let theirs = piece.baseAddress,
              memcmp(mine + offset, theirs, count) == 0
            else {
              same = false
              return
            }
            offset += count
          }
        }
      } catch {
        return nil
      }
      guard !failed else { return nil }
      // The file ends where the bytes do, and was the same inode, size and
      // time all along.
      if same, read(1) != 0 { return nil }
      let after = try descriptor.status(path: path)
      guard after.identity == identity else { return nil }
      return same
    } catch {
      return nil
    }
  }

  /// A regular file's bytes, read from disk if they are there, without
  /// keeping them in the wrapper.
  private func uncachedContents() throws(FileWrapperError) -> Data {
    switch contents {
    case .loaded(let data): return data
    case .streamed(let source): return source.joined()
    case .onDisk(let path, let identity):
      return try Self.readFile(
        path, in: nil, path: path, expecting: identity, maximumSize: maximumFileSize)
    case .unreadable(let error): throw error
    }
  }
}
