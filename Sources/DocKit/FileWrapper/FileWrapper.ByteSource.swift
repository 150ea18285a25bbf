public import Foundation

extension FileWrapper {
  /// A regular file's bytes given as a sequence of buffers, for a document
  /// whose content is already in pieces (the leaves of a text's tree): a
  /// write copies them to the file as they come, 8 MB at a time,
  /// without first joining them into one `Data` of the file's size.
  ///
  /// Not in Apple's API, where a regular-file wrapper holds one `NSData`
  /// (see `docs/differences.md`); `regularFileContents` joins the pieces
  /// the first time it is asked.
  public struct ByteSource: Sendable {
    /// The number of bytes the buffers hold in all.
    public let count: Int
    /// Calls its argument with each buffer in order; the buffers are valid
    /// only during that call.
    public let forEachChunk: @Sendable ((UnsafeRawBufferPointer) throws -> Void) throws -> Void

    /// A source of `count` bytes, given by `forEachChunk`, which must give
    /// exactly that many, the same each time it is called.
    public init(
      count: Int,
      forEachChunk: @escaping @Sendable ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) {
      self.count = count
      self.forEachChunk = forEachChunk
    }

    /// The bytes of `data`, as one buffer.
    public init(_ data: Data) {
      self.init(count: data.count) { body in try data.withUnsafeBytes(body) }
    }

    /// The bytes joined into one `Data`.
    func joined() -> Data {
      var data = Data(count: count)
      data.withUnsafeMutableBytes { buffer in
        var offset = 0
        try? forEachChunk { chunk in
          let take = min(chunk.count, buffer.count - offset)
          guard take > 0, let base = buffer.baseAddress, let source = chunk.baseAddress else {
            return
          }
          (base + offset).copyMemory(from: source, byteCount: take)
          offset += take
        }
      }
      return data
    }
  }

  /// Creates a regular-file wrapper whose contents are `source`'s buffers,
  /// as ``init(regularFileWithContents:)`` does for one `Data`.
  public convenience init(regularFileWithByteSource source: ByteSource) {
    self.init(regularFileWithContents: Data())
    contents = .streamed(source)
  }

  /// Reports the bytes a write has put in files, as it goes, to the task
  /// that writes: `completedUnitCount` of `totalUnitCount`, in the terms of
  /// Foundation's `Progress`. A write of a tree reports each regular file
  /// it writes from memory, from 0 to its size, at least every 8 MB;
  /// after the last bytes come its `fsync` and the commit, which are not
  /// divided. Nil unless a host binds it (`docrepl` does at its prompt, to
  /// show a save's progress).
  ///
  /// Not in Apple's API: there, a host observes a `Progress` the write
  /// publishes, which Foundation on Linux cannot observe (it has no
  /// key-value observing).
  @TaskLocal public static var writeProgress: WriteProgress?

  /// What ``writeProgress`` calls: `completedUnitCount` of
  /// `totalUnitCount` bytes. A class around the function, not the bare
  /// function type: a task-local of an optional function type crashed
  /// `TaskLocal.withValue` in optimised builds (Swift 6.3).
  public final class WriteProgress: Sendable {
    private let report: @Sendable (_ completedUnitCount: Int64, _ totalUnitCount: Int64) -> Void

    /// A reporter that calls `report`.
    public init(_ report: @escaping @Sendable (Int64, Int64) -> Void) {
      self.report = report
    }

    /// Reports `completedUnitCount` of `totalUnitCount` bytes.
    public func callAsFunction(_ completedUnitCount: Int64, _ totalUnitCount: Int64) {
      report(completedUnitCount, totalUnitCount)
    }
  }
}
