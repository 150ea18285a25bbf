public import Foundation

/// A reader that reads the document's file into a ``FileWrapper`` and makes
/// a snapshot from it: SwiftUI's `FileWrapperDocumentReader`.
///
/// Contents are read lazily: a child may be gone by the time its
/// `regularFileContents` is read, so handle a nil or use
/// ``FileWrapper/loadRegularFileContents()``.
public struct FileWrapperDocumentReader<Snapshot>: DocumentReader {
  public typealias Source = URL

  private let configuration: DocumentReadConfiguration
  private let makeSnapshot: (FileWrapper) async throws -> Snapshot

  /// Creates a reader that makes its snapshot from the file's wrapper.
  public init(
    _ configuration: sending DocumentReadConfiguration,
    makeSnapshot: @escaping (FileWrapper) async throws -> sending Snapshot
  ) {
    self.configuration = configuration
    self.makeSnapshot = makeSnapshot
  }

  @concurrent
  public func read(
    from source: sending URL, progress: consuming Subprogress
  ) async throws -> sending Snapshot {
    let manager = progress.start(totalCount: 2)
    let wrapper = try FileWrapper(url: source)
    manager.complete(count: 1)
    let snapshot = try await makeSnapshot(wrapper)
    configuration.wrapperStore?.record(wrapper, at: source)
    manager.complete(count: 1)
    return snapshot
  }
}
