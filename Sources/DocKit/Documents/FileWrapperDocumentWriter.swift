public import Foundation

/// A writer that turns a snapshot into a ``FileWrapper`` and writes it:
/// SwiftUI's `FileWrapperDocumentWriter`.
///
/// The closure gets the previous wrapper (from the last write, or from the
/// last read by a ``FileWrapperDocumentReader``) to reuse: a package that
/// replaces only its changed children has its other files hard-linked when
/// it is written over the previous file, and cloned or copied when it is
/// written anywhere else (save as, save to, export), so that the copy
/// shares no inode with the file that stays. The wrapper is written
/// atomically, with name updating.
public struct FileWrapperDocumentWriter<Snapshot>: DocumentWriter {
  public typealias Destination = URL

  private let configuration: DocumentWriteConfiguration
  private let makeFileWrapper: (Snapshot, FileWrapper?) async throws -> FileWrapper

  /// Creates a writer whose closure gets the snapshot and the previous
  /// wrapper, if any.
  public init(
    _ configuration: sending DocumentWriteConfiguration,
    makeFileWrapper: @escaping (Snapshot, FileWrapper?) async throws -> FileWrapper
  ) {
    self.configuration = configuration
    self.makeFileWrapper = makeFileWrapper
  }

  /// Creates a writer whose closure gets only the snapshot: the spelling
  /// some of Apple's pages use, for single-file documents.
  public init(
    _ configuration: sending DocumentWriteConfiguration,
    makeFileWrapper: @escaping (Snapshot) async throws -> FileWrapper
  ) {
    self.init(configuration) { snapshot, _ in try await makeFileWrapper(snapshot) }
  }

  @concurrent
  public func write(
    snapshot: sending Snapshot, to destination: sending URL, previous: sending Snapshot?,
    progress: consuming Subprogress
  ) async throws {
    let manager = progress.start(totalCount: 2)
    let (previousWrapper, previousURL) = configuration.wrapperStore?.current ?? (nil, nil)
    let wrapper = try await makeFileWrapper(snapshot, previousWrapper)
    manager.complete(count: 1)
    if let previousURL, previousURL.standardizedFileURL != destination.standardizedFileURL {
      // A copy (save as, save to, export): the previous file stays, so its
      // unchanged files are cloned or copied, never hard-linked.
      try wrapper.writeIndependentCopy(
        to: destination, options: .withNameUpdating, originalContentsURL: previousURL,
        replacingExisting: true)
    } else {
      try wrapper.write(
        to: destination, options: [.atomic, .withNameUpdating], originalContentsURL: previousURL)
    }
    configuration.wrapperStore?.record(wrapper, at: destination)
    manager.complete(count: 1)
  }
}
