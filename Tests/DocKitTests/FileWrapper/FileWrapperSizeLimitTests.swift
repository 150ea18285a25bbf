import DocKit
import DocTestSupport
import Foundation
import Testing

/// The `FileWrapperError` that `body` throws, itself or inside the
/// `CocoaError` that Apple's entry points throw; records an issue if it
/// throws none.
func thrownFileWrapperError<T>(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T
) -> FileWrapperError? {
  do {
    _ = try body()
  } catch let error as FileWrapperError {
    return error
  } catch let error as CocoaError {
    if let detail = error.fileWrapperError { return detail }
    Issue.record(
      "a CocoaError without a FileWrapperError: \(error)", sourceLocation: sourceLocation)
    return nil
  } catch {
    Issue.record("an unexpected error: \(error)", sourceLocation: sourceLocation)
    return nil
  }
  Issue.record("expected an error; none was thrown", sourceLocation: sourceLocation)
  return nil
}

@Suite("FileWrapper: a file larger than Limits.maximumFileSize gets a typed error, never a crash")
struct FileWrapperSizeLimitTests {
  /// How a test reads a file: in the initializer, or lazily afterwards.
  enum Reading: String, CaseIterable, CustomTestStringConvertible {
    case immediate, lazy
    var testDescription: String { rawValue }

    /// Reads `url` this way and returns its contents.
    func contents(of url: URL, limits: FileWrapper.Limits) throws -> Data {
      switch self {
      case .immediate:
        return try FileWrapper(url: url, options: .immediate, limits: limits)
          .loadRegularFileContents()
      case .lazy:
        return try FileWrapper(url: url, options: [], limits: limits).loadRegularFileContents()
      }
    }
  }

  @Test("A sparse file over a small limit is refused, naming the path", arguments: Reading.allCases)
  func overLimit(_ reading: Reading) throws {
    let temporary = try TemporaryDirectory()
    try FileManager.default.createDirectory(at: temporary("pkg"), withIntermediateDirectories: true)
    try makeSparseFile(at: temporary("pkg/big.bin"), size: 4097)
    let limits = FileWrapper.Limits(maximumFileSize: 4096)
    let error = thrownFileWrapperError {
      switch reading {
      case .immediate:
        _ = try FileWrapper(url: temporary("pkg"), options: .immediate, limits: limits)
      case .lazy:
        let package = try FileWrapper(url: temporary("pkg"), options: [], limits: limits)
        _ = try package.fileWrappers?["big.bin"]?.loadRegularFileContents()
      }
    }
    #expect(error?.code == .fileTooLarge)
    #expect(error?.path == temporary("pkg/big.bin").path)
    #expect(
      error?.message
        == "the file is 4097 bytes, more than the limit of 4096 bytes (FileWrapper.Limits.maximumFileSize)"
    )
  }

  @Test("A file of exactly the limit is read whole", arguments: Reading.allCases)
  func atLimit(_ reading: Reading) throws {
    let temporary = try TemporaryDirectory()
    let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    try bytes.write(to: temporary("exact.bin"))
    let data = try reading.contents(
      of: temporary("exact.bin"), limits: FileWrapper.Limits(maximumFileSize: 4096))
    #expect(data == bytes)
  }

  @Test("A limit of Int.max reads as usual", arguments: Reading.allCases)
  func unlimited(_ reading: Reading) throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("twelve bytes", to: "a.txt")
    let data = try reading.contents(of: url, limits: FileWrapper.Limits(maximumFileSize: .max))
    #expect(data == Data("twelve bytes".utf8))
  }

  @Test("A lazily read tree lists a file over the limit; only reading its contents fails")
  func lazyListsLargeFile() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("small", to: "pkg/small.txt")
    try makeSparseFile(at: temporary("pkg/big.bin"), size: 1 << 20)
    let package = try FileWrapper(
      url: temporary("pkg"), options: [], limits: FileWrapper.Limits(maximumFileSize: 1024))
    let big = try #require(package.fileWrappers?["big.bin"])
    #expect((big.fileAttributes[FileAttributeKey.size.rawValue] as? NSNumber)?.intValue == 1 << 20)
    #expect(big.regularFileContents == nil)
    _ = thrownFileWrapperError { try big.loadRegularFileContents() }
    #expect(package.fileWrappers?["small.txt"]?.regularFileContents == Data("small".utf8))
  }

  @Test("A lazy wrapper keeps the limit it was read with: serializing it later respects it")
  func lazyKeepsLimit() throws {
    let temporary = try TemporaryDirectory()
    try FileManager.default.createDirectory(at: temporary("pkg"), withIntermediateDirectories: true)
    try makeSparseFile(at: temporary("pkg/big.bin"), size: 8192)
    let package = try FileWrapper(
      url: temporary("pkg"), options: [], limits: FileWrapper.Limits(maximumFileSize: 4096))
    let error = thrownFileWrapperError {
      try package.serializedRepresentationOrError()
    }
    #expect(error?.code == .fileTooLarge)
    #expect(error?.path == temporary("pkg/big.bin").path)
  }

  @Test(
    "A 64 GiB sparse file is refused by the default limit without a single read",
    arguments: Reading.allCases)
  func sixtyFourGibibytes(_ reading: Reading) throws {
    let temporary = try TemporaryDirectory()
    let size: Int64 = 64 << 30
    try makeSparseFile(at: temporary("huge.bin"), size: size)
    #expect(FileStat(temporary("huge.bin"))?.size == size)
    let recorder = GrowingFileSystem()
    let error = FileSystemContext.$current.withValue(recorder) {
      thrownFileWrapperError {
        try reading.contents(of: temporary("huge.bin"), limits: .default)
      }
    }
    #expect(error?.code == .fileTooLarge)
    #expect(error?.path == temporary("huge.bin").path)
    #expect(error?.message.contains("68719476736 bytes") == true)
    #expect(recorder.readRequests.isEmpty)
  }

  @Test("The default limit is 1 GiB")
  func defaultLimit() {
    #expect(FileWrapper.Limits.default.maximumFileSize == 1 << 30)
    #expect(FileWrapper.Limits().maximumFileSize == 1 << 30)
  }

  @Test(
    "A file of N bytes is read into one buffer of N + 1 bytes (the extra byte detects growth)",
    arguments: Reading.allCases)
  func oneBuffer(_ reading: Reading) throws {
    let temporary = try TemporaryDirectory()
    let bytes = Data(repeating: 0x61, count: 300_000)
    try bytes.write(to: temporary("note.txt"))
    let recorder = GrowingFileSystem()
    let data = try FileSystemContext.$current.withValue(recorder) {
      try reading.contents(of: temporary("note.txt"), limits: .default)
    }
    #expect(data == bytes)
    #expect(recorder.readRequests.first == 300_001)
    #expect(recorder.readRequests.allSatisfy { $0 <= 300_001 })
  }

  struct Growth: Sendable, CustomTestStringConvertible {
    var size: Int
    var limit: Int
    var testDescription: String { "a file of \(size) bytes, limit \(limit)" }
  }

  @Test(
    "A file that grows while it is read is cut off one byte past its size, and reported",
    arguments: [
      Growth(size: 1000, limit: 1 << 30),
      // At the limit: the read must not go past limit + 1 bytes.
      Growth(size: 4096, limit: 4096),
    ])
  func growsWhileRead(_ growth: Growth) throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("growing.log")
    try Data(repeating: 0x62, count: growth.size).write(to: url)
    // Structure first, so the growth happens during the contents' read.
    let wrapper = try FileWrapper(
      url: url, options: [], limits: FileWrapper.Limits(maximumFileSize: growth.limit))
    let grower = GrowingFileSystem(growing: url.path, by: 1 << 20)
    let error = FileSystemContext.$current.withValue(grower) {
      thrownFileWrapperError { try wrapper.loadRegularFileContents() }
    }
    #expect(error?.code == .changedSinceRead)
    #expect(error?.path == url.path)
    #expect(error?.message == "the file grew while being read (past its \(growth.size) bytes)")
    // One buffer of size + 1 bytes: no request offers more room than that.
    #expect(grower.readRequests.first == growth.size + 1)
    #expect(grower.readRequests.allSatisfy { $0 <= growth.size + 1 })
    #expect(FileStat(url)?.size == Int64(growth.size + (1 << 20)))
  }

  @Test("A serialized file over the limit is refused, naming its path in the tree")
  func serialized() throws {
    let tree = FileWrapper(directoryWithFileWrappers: [
      "a.txt": FileWrapper(regularFileWithContents: Data("fine".utf8)),
      "b.bin": FileWrapper(regularFileWithContents: Data(count: 5000)),
    ])
    tree.preferredFilename = "pkg"
    let data = try tree.serializedRepresentationOrError()
    let error = thrownFileWrapperError {
      try FileWrapper(
        validatingSerializedRepresentation: data, limits: FileWrapper.Limits(maximumFileSize: 4999))
    }
    #expect(error?.code == .fileTooLarge)
    #expect(error?.path == "pkg/b.bin")
    let decoded = try FileWrapper(
      validatingSerializedRepresentation: data, limits: FileWrapper.Limits(maximumFileSize: 5000))
    #expect(decoded.fileWrappers?["b.bin"]?.regularFileContents == Data(count: 5000))
  }
}
