import Foundation
import Glibc

extension FileDescriptor {
  /// The size of the buffer small pieces are gathered in before they are
  /// written, and of the pieces a large buffer is written in: 8 MB, so
  /// that a write reports its progress every 8 MB. Smaller calls cost more
  /// than the copy into the buffer saves: on ext4 here, 115 MB written a
  /// megabyte a call took 0.26 to 0.46 s, 8 MB a call 0.08 to 0.14 s, and
  /// one call 0.09 to 0.11 s.
  static let streamingUnit = 8 << 20

  /// Writes all of `source`'s bytes, in order, continuing after short
  /// writes and `EINTR`, and reports the bytes written so far to
  /// ``FileWrapper/writeProgress`` after each system call.
  ///
  /// Pieces smaller than ``streamingUnit`` are gathered into one buffer of
  /// that size and written when it fills, so that thousands of small
  /// pieces (a text's leaves) cost a `write` every 8 MB, not one each, and
  /// the file's bytes are never joined in memory; a piece of at least
  /// half the buffer (a binary property list's unchanged objects, a
  /// whole small file) is written from where it is, not copied.
  ///
  /// - Throws: The failed `write`, or `EIO` if `source` gives a different
  ///   number of bytes than it says it holds.
  func write(_ source: FileWrapper.ByteSource, path: String) throws(SystemCallError) {
    let progress = FileWrapper.writeProgress
    let total = Int64(source.count)
    var written = 0
    progress?(0, total)
    var failure: SystemCallError?
    let unit = Self.streamingUnit
    let staging = UnsafeMutableRawBufferPointer.allocate(
      byteCount: min(unit, max(source.count, 1)), alignment: 16)
    defer { staging.deallocate() }
    var staged = 0
    func put(_ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
      var offset = 0
      while offset < bytes.count {
        let piece = UnsafeRawBufferPointer(
          rebasing: bytes[offset..<min(bytes.count, offset + unit)])
        try writeAll(piece, path: path)
        offset += piece.count
        written += piece.count
        progress?(Int64(written), total)
      }
    }
    func flush() throws(SystemCallError) {
      guard staged > 0 else { return }
      try put(UnsafeRawBufferPointer(rebasing: staging[..<staged]))
      staged = 0
    }
    do {
      try source.forEachChunk { chunk in
        do throws(SystemCallError) {
          guard chunk.count > 0 else { return }
          // A piece of at least half the buffer is written from where
          // it is, after what was gathered: copying it would cost more
          // than the one more call.
          if chunk.count >= staging.count / 2 {
            try flush()
            try put(chunk)
            return
          }
          var offset = 0
          while offset < chunk.count {
            let take = min(chunk.count - offset, staging.count - staged)
            if let from = chunk.baseAddress, let to = staging.baseAddress {
              (to + staged).copyMemory(from: from + offset, byteCount: take)
            }
            staged += take
            offset += take
            if staged == staging.count { try flush() }
          }
        } catch {
          failure = error
          throw error
        }
      }
      try flush()
    } catch {
      throw failure ?? SystemCallError(systemCall: "write", errno: EIO, path: path)
    }
    guard written == source.count else {
      throw SystemCallError(systemCall: "write", errno: EIO, path: path)
    }
  }
}
