public import Foundation

/// Writes a snapshot of a document, in the background: SwiftUI's
/// `DocumentWriter`.
///
/// Apple's pages spell the method both `write(snapshot:to:previous:progress:)`
/// and `write(content:to:previous:progress:)`. Implement either: each has a
/// default that calls the other.
public protocol DocumentWriter<Snapshot> {
  /// What the writer writes.
  associatedtype Snapshot
  /// Where the writer writes; the host passes the document's file URL.
  associatedtype Destination = URL

  /// Writes `snapshot` to `destination`. `previous` is the last snapshot
  /// written successfully, or nil on the first save: compare to write only
  /// what changed.
  @concurrent
  func write(
    snapshot: sending Snapshot, to destination: sending Destination, previous: sending Snapshot?,
    progress: consuming Subprogress
  ) async throws

  /// The other spelling of ``write(snapshot:to:previous:progress:)``.
  @concurrent
  func write(
    content: sending Snapshot, to destination: sending Destination, previous: sending Snapshot?,
    progress: consuming Subprogress
  ) async throws
}

extension DocumentWriter {
  /// Calls ``write(content:to:previous:progress:)``.
  @concurrent
  public func write(
    snapshot: sending Snapshot, to destination: sending Destination, previous: sending Snapshot?,
    progress: consuming Subprogress
  ) async throws {
    try await write(content: snapshot, to: destination, previous: previous, progress: progress)
  }

  /// Calls ``write(snapshot:to:previous:progress:)``.
  @concurrent
  public func write(
    content: sending Snapshot, to destination: sending Destination, previous: sending Snapshot?,
    progress: consuming Subprogress
  ) async throws {
    try await write(snapshot: content, to: destination, previous: previous, progress: progress)
  }
}
