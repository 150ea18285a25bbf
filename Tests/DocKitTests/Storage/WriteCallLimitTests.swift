import DocKit
import DocTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// The live file system, recording the size of every `write` call.
private final class WriteSizeRecorder: FileSystem {
  private let base = POSIXFileSystem()
  private let sizes = Mutex<[Int]>([])

  var writeSizes: [Int] { sizes.withLock { $0 } }

  func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    sizes.withLock { $0.append(count) }
    return base.write(descriptor, buffer, count)
  }
}

/// A file is written at most 256 KiB a `write` call, so that the kernel
/// fills its cache with small pieces of memory, not the 2 MB blocks a
/// virtual machine hands back to its host (see
/// `FileDescriptor.writeCallLimit`), whatever the pieces the bytes come in.
@Suite("Writes: at most 256 KiB a call, the bytes whole")
struct WriteCallLimitTests {
  @Test(
    "A file written whole, from one buffer or from pieces, takes calls of at most 256 KiB",
    arguments: [1, 256 << 10, (256 << 10) + 1, 3 << 20, (9 << 20) + 7])
  func writeSizes(size: Int) throws {
    let temporary = try TemporaryDirectory()
    // Each 4 bytes hold their own index: a piece out of place shows.
    let words = Array(UInt32(0)..<UInt32(size / 4 + 1))
    let bytes = words.withUnsafeBytes { Data($0.prefix(size)) }
    for pieces in [false, true] {
      let recorder = WriteSizeRecorder()
      let url = temporary.url.appendingPathComponent("file-\(size)-\(pieces).bin")
      let wrapper: FileWrapper
      if pieces {
        // Pieces of 1 MiB + 3 bytes: larger than the limit, smaller than
        // the gathering buffer.
        let piece = (1 << 20) + 3
        wrapper = FileWrapper(
          regularFileWithByteSource: .init(count: bytes.count) { body in
            try bytes.withUnsafeBytes { raw in
              var offset = 0
              while offset < raw.count {
                try body(
                  UnsafeRawBufferPointer(rebasing: raw[offset..<min(raw.count, offset + piece)]))
                offset += piece
              }
            }
          })
      } else {
        wrapper = FileWrapper(regularFileWithContents: bytes)
      }
      try FileSystemContext.$current.withValue(recorder) {
        try wrapper.write(to: url, options: .atomic, originalContentsURL: nil)
      }
      #expect(try Data(contentsOf: url) == bytes)
      #expect(recorder.writeSizes.allSatisfy { $0 <= 256 << 10 })
      #expect(recorder.writeSizes.reduce(0, +) == size)
      #expect(recorder.writeSizes.count == (size + (256 << 10) - 1) / (256 << 10))
    }
  }
}
