import Foundation

extension DocumentSession {
  /// What the next save would write, without writing: the tree the
  /// document's own `fileWrapper` (or its snapshot's) makes from a copy of
  /// the last read or written tree, with that tree, whose entries the save
  /// reuses. A `Document`-family document's writer writes by itself: its
  /// `snapshot(contentType:)` is written into a temporary folder, through
  /// the ``FileSystem`` seam, and read back. Ends the open event first.
  /// For a host's tools (show what a save would write); not Apple API.
  public func contentsForNextSave() async throws -> SaveContents {
    if let next = try await wrapperForNextSave() {
      return SaveContents(
        wrapper: next.wrapper, existing: next.existing, reusesRoot: next.reusesRoot,
        writtenByDocument: false)
    }
    return try await contentsWrittenByDocument()
  }

  /// The wrapper the next save would write, made by the document's own
  /// `fileWrapper` (or its snapshot's) from a copy of the wrapper of the
  /// last read or write, without writing; that last wrapper, whose entries
  /// are reused by the save wherever the result holds them; and whether
  /// the result's root is the last wrapper's (its copy).
  ///
  /// The document gets a copy of the last wrapper's top level, so a
  /// document that edits its `existingFile` in place (as Apple's package
  /// example does) does not change what the session knows of the disk.
  /// Nil for a `Document`-family document, whose writer writes by itself.
  func wrapperForNextSave() async throws -> (
    wrapper: FileWrapper, existing: FileWrapper?, reusesRoot: Bool
  )? {
    guard let makeWrapper = backend.makeWrapper else { return nil }
    endEventGroup()
    let existing = lastWrapper
    let copy = existing.map { original -> FileWrapper in
      guard original.isDirectory, let children = original.fileWrappers else { return original }
      let copy = FileWrapper(directoryWithFileWrappers: children)
      copy.filename = original.filename
      copy.preferredFilename = original.preferredFilename
      // The same children under the same keys (a copy may unique a key
      // differently): the same version, so the document knows its value.
      if copy.children.count == children.count,
        children.allSatisfy({ copy.children[$0.key] === $0.value })
      {
        copy.contentVersion = original.contentVersion
      }
      return copy
    }
    let wrapper = try await makeWrapper(self, contentType, copy)
    return (wrapper, existing, copy.map { $0 === wrapper } ?? false)
  }
}
