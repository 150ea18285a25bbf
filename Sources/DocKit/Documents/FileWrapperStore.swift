public import Foundation

/// The file wrapper a document last read or wrote, and where, handed from
/// a ``FileWrapperDocumentReader`` or ``FileWrapperDocumentWriter`` to the
/// next writer so it can reuse unchanged children.
///
/// A document host keeps one store per document and passes it in every
/// ``DocumentReadConfiguration`` and ``DocumentWriteConfiguration``.
public final class FileWrapperStore: @unchecked Sendable {
  // @unchecked Sendable because FileWrapper is not Sendable: the store hands
  // a wrapper from one read or write to the next, and a host runs one
  // document's reads and writes one at a time, so a wrapper is never used
  // by two tasks at once. The fields themselves are behind the lock.
  private struct Record: @unchecked Sendable {
    // @unchecked Sendable for the wrapper, as above.
    var wrapper: FileWrapper?
    var url: URL?
  }

  private let state = Locked(Record())

  /// Creates an empty store.
  public init() {}

  /// The last wrapper read or written, and the URL it was read from or
  /// written to.
  public var current: (wrapper: FileWrapper?, url: URL?) {
    let record = state.withLock { $0 }
    return (record.wrapper, record.url)
  }

  /// Records the wrapper just read from or written to `url`.
  public func record(_ wrapper: FileWrapper, at url: URL) {
    let record = Record(wrapper: wrapper, url: url)
    state.withLock { $0 = record }
  }
}
