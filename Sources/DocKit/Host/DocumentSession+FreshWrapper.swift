import Foundation

extension DocumentSession {
  /// The wrapper a save into an empty folder would write: made by the
  /// document's own `fileWrapper` (or its snapshot's) with no existing
  /// file to reuse, without writing. What the document holds, whatever
  /// the last read or write left on disk: `docrepl check` compares it
  /// with what an in-place save wrote. A `Document`-family document's
  /// writer writes by itself, as for ``contentsForNextSave()``. Not Apple
  /// API.
  public func contentsForFreshSave() async throws -> SaveContents {
    guard let makeWrapper = backend.makeWrapper else {
      return try await contentsWrittenByDocument()
    }
    endEventGroup()
    return SaveContents(
      wrapper: try await makeWrapper(self, contentType, nil), existing: nil, reusesRoot: false,
      writtenByDocument: false)
  }

  /// What a `Document`-family document's writer writes: its snapshot,
  /// written into a temporary folder of its own and read back. The folder
  /// is made and removed through the ``FileSystem`` seam, as every file
  /// system call of DocKit's.
  func contentsWrittenByDocument() async throws -> SaveContents {
    guard let writeDirectly = backend.writeDirectly else {
      preconditionFailure("a session writes through a wrapper or by itself")
    }
    endEventGroup()
    let temporary =
      ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    let folder = URL(fileURLWithPath: temporary, isDirectory: true)
      .appendingPathComponent("dockit-contents-\(UUID().uuidString)", isDirectory: true)
    try await offMainActor { try FileDescriptor.makeDirectories(atPath: folder.path, mode: 0o700) }
      .value
    defer { try? FileDescriptor.removeItem(atPath: folder.path) }
    let url = folder.appendingPathComponent(
      "contents." + (contentType.preferredFilenameExtension ?? "data"))
    try await writeDirectly(self, contentType, url)
    let wrapper = try await offMainActor { try FileWrapper(url: url, options: .immediate) }.value
    return SaveContents(wrapper: wrapper, existing: nil, reusesRoot: false, writtenByDocument: true)
  }
}
