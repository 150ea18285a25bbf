public import Foundation

/// Reads a document's contents into a snapshot, in the background:
/// SwiftUI's `DocumentReader`.
public protocol DocumentReader<Snapshot> {
  /// What the reader produces: any type, even the document itself.
  associatedtype Snapshot
  /// What the reader reads from; the host passes the document's file URL.
  associatedtype Source = URL

  /// Reads the source. Runs off the main actor; do all decoding here.
  @concurrent
  func read(
    from source: sending Source, progress: consuming Subprogress
  ) async throws -> sending Snapshot
}
