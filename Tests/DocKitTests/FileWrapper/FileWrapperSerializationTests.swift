import DocKit
import DocTestSupport
import Foundation
import Testing

@Suite("FileWrapper: serializedRepresentation")
struct FileWrapperSerializationTests {
  static func sample() throws -> FileWrapper {
    let inner = FileWrapper(directoryWithFileWrappers: [:])
    inner.addRegularFile(
      withContents: Data((0...255).map { UInt8($0) }), preferredFilename: "all-bytes.bin")
    inner.addRegularFile(withContents: Data(), preferredFilename: "empty")
    inner.preferredFilename = "inner"
    let link = FileWrapper(symbolicLinkWithDestinationURL: try #require(URL(string: "inner/empty")))
    link.preferredFilename = "link"
    let root = FileWrapper(directoryWithFileWrappers: ["inner": inner, "link": link])
    root.addRegularFile(withContents: Data("naïve".utf8), preferredFilename: "caf\u{E9}.txt")
    root.addRegularFile(withContents: Data("dup".utf8), preferredFilename: "caf\u{E9}.txt")
    root.preferredFilename = "Root.pkg"
    return root
  }

  @Test("A whole tree round-trips: names, kinds, bytes, modes and link targets")
  func roundTrip() throws {
    let root = try Self.sample()
    let data = try #require(root.serializedRepresentation)
    let decoded = try #require(FileWrapper(serializedRepresentation: data))
    #expect(decoded.preferredFilename == "Root.pkg")
    #expect(decoded.serializedRepresentation == data)
    #expect(decoded.fileWrappers?.keys.sorted() == root.fileWrappers?.keys.sorted())
    #expect(
      decoded.fileWrappers?["inner"]?.fileWrappers?["all-bytes.bin"]?.regularFileContents
        == Data((0...255).map { UInt8($0) }))
    #expect(
      decoded.fileWrappers?["1__#$!@%!#__caf\u{E9}.txt"]?.regularFileContents == Data("dup".utf8))
    #expect(
      decoded.fileWrappers?["link"]?.symbolicLinkDestinationURL?.relativePath == "inner/empty")
    #expect(
      (decoded.fileWrappers?["inner"]?.fileAttributes[FileAttributeKey.posixPermissions.rawValue]
        as? NSNumber)?.intValue == 0o777)
    #expect(decoded.fileWrappers?["inner"]?.filename == nil)
  }

  @Test("A single file and a bare link round-trip too")
  func nonDirectoryRoots() throws {
    let file = FileWrapper(regularFileWithContents: Data("x".utf8))
    let fileData = try #require(file.serializedRepresentation)
    let decodedFile = try #require(FileWrapper(serializedRepresentation: fileData))
    #expect(decodedFile.isRegularFile)
    #expect(decodedFile.regularFileContents == Data("x".utf8))
    #expect(decodedFile.preferredFilename == nil)
    let link = FileWrapper(symbolicLinkWithDestinationURL: URL(fileURLWithPath: "/tmp"))
    let linkData = try #require(link.serializedRepresentation)
    let decodedLink = try #require(FileWrapper(serializedRepresentation: linkData))
    #expect(decodedLink.symbolicLinkDestinationURL?.path == "/tmp")
  }

  struct Malformed: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var bytes: [UInt8]
    var code: FileWrapperError.Code
  }

  /// A header, then a root without a name.
  static let header: [UInt8] = Array("DKFW".utf8) + [1, 0]
  /// A directory node with mode 0o755 and `count` children follows.
  static func directory(_ count: UInt8) -> [UInt8] { [2, 0x01, 0xED, count] }
  static func file(_ name: String, _ body: [UInt8] = []) -> [UInt8] {
    [UInt8(name.utf8.count)] + Array(name.utf8) + [1, 0x01, 0xA4, UInt8(body.count)] + body
  }

  static let malformed: [Malformed] = [
    Malformed(testDescription: "empty", bytes: [], code: .malformedSerialization),
    Malformed(
      testDescription: "bad magic", bytes: Array("NOPE".utf8) + [1, 0],
      code: .malformedSerialization),
    Malformed(
      testDescription: "future version", bytes: Array("DKFW".utf8) + [2, 0],
      code: .malformedSerialization),
    Malformed(testDescription: "no root node", bytes: header, code: .malformedSerialization),
    Malformed(
      testDescription: "unknown kind", bytes: header + [9, 0, 0], code: .malformedSerialization),
    Malformed(
      testDescription: "mode above 0o7777", bytes: header + [1, 0xFF, 0xFF, 0],
      code: .malformedSerialization),
    Malformed(
      testDescription: "length past the end", bytes: header + [1, 0, 0, 100, 1, 2],
      code: .malformedSerialization),
    Malformed(
      testDescription: "length of 2^64-1",
      bytes: header + [1, 0, 0] + Array(repeating: 0xFF, count: 9) + [1],
      code: .malformedSerialization),
    Malformed(
      testDescription: "overlong LEB128",
      bytes: header + [1, 0, 0] + Array(repeating: 0x80, count: 12),
      code: .malformedSerialization),
    Malformed(
      testDescription: "child count past the end", bytes: header + [2, 0, 0, 50],
      code: .malformedSerialization),
    Malformed(
      testDescription: "trailing bytes", bytes: header + [1, 0, 0, 0, 42],
      code: .malformedSerialization),
    Malformed(
      testDescription: "names out of order", bytes: header + directory(2) + file("b") + file("a"),
      code: .malformedSerialization),
    Malformed(
      testDescription: "duplicate names", bytes: header + directory(2) + file("a") + file("a"),
      code: .malformedSerialization),
    Malformed(
      testDescription: "NFC and NFD names",
      bytes: header + directory(2) + file("cafe\u{301}") + file("caf\u{E9}"),
      code: .equivalentFilenames),
    Malformed(
      testDescription: "name '..'", bytes: header + directory(1) + file(".."),
      code: .invalidFilename),
    Malformed(
      testDescription: "name with '/'", bytes: header + directory(1) + file("a/b"),
      code: .invalidFilename),
    Malformed(
      testDescription: "name '../escape'", bytes: header + directory(1) + file("../escape"),
      code: .invalidFilename),
    Malformed(
      testDescription: "absolute name", bytes: header + directory(1) + file("/etc/passwd"),
      code: .invalidFilename),
    Malformed(
      testDescription: "name with NUL", bytes: header + directory(1) + file("a\u{0}b"),
      code: .invalidFilename),
    Malformed(
      testDescription: "name of 256 bytes",
      bytes: header + directory(1) + [0x80, 0x02] + Array(repeating: UInt8(ascii: "x"), count: 256)
        + [1, 0x01, 0xA4, 0],
      code: .invalidFilename),
    Malformed(
      testDescription: "empty name", bytes: header + directory(1) + [0, 1, 0, 0, 0],
      code: .invalidFilename),
    Malformed(
      testDescription: "name not UTF-8",
      bytes: header + directory(1) + [2, 0xC3, 0x28, 1, 0, 0, 0],
      code: .invalidEncoding),
    Malformed(
      testDescription: "link target not UTF-8", bytes: header + [3, 0, 0, 1, 0xFF],
      code: .malformedSerialization),
    Malformed(
      testDescription: "bad root-name flag", bytes: Array("DKFW".utf8) + [1, 7],
      code: .malformedSerialization),
  ]

  @Test("Malformed input is refused with the right code", arguments: malformed)
  func malformedInput(_ testCase: Malformed) {
    #expect(FileWrapper(serializedRepresentation: Data(testCase.bytes)) == nil)
    let error = #expect(throws: FileWrapperError.self) {
      try FileWrapper(validatingSerializedRepresentation: Data(testCase.bytes))
    }
    #expect(error?.code == testCase.code)
  }

  @Test("Deep nesting is refused by the depth limit, without recursion")
  func depthBomb() {
    // 100,000 nested directories named "d": each level is 5 bytes.
    var bytes = Self.header + Self.directory(1)
    for _ in 0..<100_000 { bytes += [1, UInt8(ascii: "d")] + Self.directory(1) }
    bytes.removeLast()
    bytes.append(0)
    let error = #expect(throws: FileWrapperError.self) {
      try FileWrapper(validatingSerializedRepresentation: Data(bytes))
    }
    #expect(error?.code == .depthLimitExceeded)
    let decoded = try? FileWrapper(
      validatingSerializedRepresentation: Data(bytes), limits: .init(maximumDepth: 200_000))
    #expect(decoded?.fileWrappers?["d"]?.isDirectory == true)
  }

  @Test("Every truncation and every single-byte change of a valid tree is handled without a crash")
  func mutations() throws {
    let data = try #require(try? Self.sample().serializedRepresentation)
    for length in 0..<data.count {
      #expect(
        FileWrapper(serializedRepresentation: data.prefix(length)) == nil,
        "prefix \(length) decoded")
    }
    var generator = SplitMix64(seed: 0x5EED)
    var decodedCount = 0
    for _ in 0..<2_000 {
      var mutated = [UInt8](data)
      let index = Int(generator.next() % UInt64(mutated.count))
      mutated[index] = UInt8(truncatingIfNeeded: generator.next())
      if let decoded = FileWrapper(serializedRepresentation: Data(mutated)) {
        // Whatever decodes must re-encode to exactly the bytes it came from.
        #expect(decoded.serializedRepresentation == Data(mutated))
        decodedCount += 1
      }
    }
    #expect(decodedCount < 2_000)
  }
}
