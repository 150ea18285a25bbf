import DocKit
import DocTestSupport
import Foundation
import Testing

/// `loadRegularFileBytes()`: a file's bytes as an array, read once, with
/// the checks of a lazy read, and not kept by the wrapper.
@Suite("FileWrapper: loadRegularFileBytes reads a file once into bytes")
struct FileWrapperBytesTests {
  @Test("A file left on disk reads as its bytes, and the wrapper still reads it after")
  func onDisk() throws {
    let temporary = try TemporaryDirectory()
    let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try Data(bytes).write(to: temporary("a.bin"))
    let wrapper = try FileWrapper(url: temporary("a.bin"))
    #expect(try wrapper.loadRegularFileBytes() == bytes)
    // Not kept: a second read reads the file again, with its checks.
    #expect(try wrapper.loadRegularFileContents() == Data(bytes))
    #expect(try wrapper.loadRegularFileBytes() == bytes)
  }

  @Test("Contents in memory and an empty file read too")
  func inMemory() throws {
    #expect(
      try FileWrapper(regularFileWithContents: Data([1, 2, 3])).loadRegularFileBytes() == [1, 2, 3])
    let temporary = try TemporaryDirectory()
    try Data().write(to: temporary("empty"))
    #expect(try FileWrapper(url: temporary("empty")).loadRegularFileBytes() == [])
  }

  @Test("A file rewritten since the tree was read is reported, not misread")
  func changed() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("before", to: "pkg/a.txt")
    let lazy = try FileWrapper(url: temporary("pkg"))
    try FileManager.default.removeItem(at: temporary("pkg/a.txt"))
    try temporary.write("after!", to: "pkg/a.txt")
    let error = #expect(throws: FileWrapperError.self) {
      try lazy.fileWrappers?["a.txt"]?.loadRegularFileBytes()
    }
    #expect(error?.code == .changedSinceRead)
  }

  @Test("A file over the wrapper's size limit is refused")
  func overLimit() throws {
    let temporary = try TemporaryDirectory()
    try Data(repeating: 7, count: 4097).write(to: temporary("big.bin"))
    let error = thrownFileWrapperError {
      try FileWrapper(
        url: temporary("big.bin"), options: [], limits: FileWrapper.Limits(maximumFileSize: 4096)
      ).loadRegularFileBytes()
    }
    #expect(error?.code == .fileTooLarge)
  }
}
