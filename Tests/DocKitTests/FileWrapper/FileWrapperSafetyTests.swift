import DocKit
import DocTestSupport
import Foundation
import Testing

@Suite("FileWrapper: hostile trees on disk get typed errors, never a crash or a hang")
struct FileWrapperSafetyTests {
  @Test("A FIFO is refused without being opened (opening one would block)")
  func fifo() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("ok", to: "pkg/a.txt")
    try makeFIFO(at: temporary("pkg/pipe"))
    let thrown = #expect(throws: CocoaError.self) {
      try FileWrapper(url: temporary("pkg"), options: .immediate)
    }
    #expect(thrown?.code == .fileReadUnknown)
    #expect(thrown?.filePath == temporary("pkg/pipe").path)
    let error = thrown?.fileWrapperError
    #expect(error?.code == .unsupportedFileType)
    #expect(error?.path == temporary("pkg/pipe").path)
    #expect(error?.description == "\(temporary("pkg/pipe").path): refusing to read a FIFO")
  }

  @Test("A socket is refused")
  func socket() throws {
    let temporary = try TemporaryDirectory("s")
    try FileManager.default.createDirectory(at: temporary("p"), withIntermediateDirectories: true)
    try makeSocket(at: temporary("p/s"))
    let thrown = #expect(throws: CocoaError.self) { try FileWrapper(url: temporary("p")) }
    let error = thrown?.fileWrapperError
    #expect(error?.code == .unsupportedFileType)
    #expect(error?.message == "refusing to read a socket")
  }

  @Test("A device is refused, at the top level too")
  func device() {
    let thrown = #expect(throws: CocoaError.self) {
      try FileWrapper(url: URL(fileURLWithPath: "/dev/null"), options: .immediate)
    }
    #expect(thrown?.filePath == "/dev/null")
    let error = thrown?.fileWrapperError
    #expect(error?.code == .unsupportedFileType)
    #expect(error?.message == "refusing to read a character device")
  }

  @Test("A name that is not UTF-8 is reported with its bytes escaped, never as U+FFFD")
  func nonUTF8Name() throws {
    let temporary = try TemporaryDirectory()
    try FileManager.default.createDirectory(at: temporary("pkg"), withIntermediateDirectories: true)
    try makeFile(named: [0x62, 0x61, 0x64, 0xFF, 0xFE], in: temporary("pkg"))
    let thrown = #expect(throws: CocoaError.self) { try FileWrapper(url: temporary("pkg")) }
    #expect(thrown?.code == .fileReadInvalidFileName)
    let error = thrown?.fileWrapperError
    #expect(error?.code == .invalidEncoding)
    #expect(error?.path == temporary("pkg").path + "/bad\\xFF\\xFE")
    #expect(error?.description.contains("\u{FFFD}") == false)
  }

  @Test("Two names that differ on disk but are equal as Swift strings are reported, not merged")
  func equivalentNames() throws {
    let temporary = try TemporaryDirectory()
    try FileManager.default.createDirectory(at: temporary("pkg"), withIntermediateDirectories: true)
    try makeFile(named: Array("caf\u{E9}".utf8), in: temporary("pkg"), contents: "nfc")
    try makeFile(named: Array("cafe\u{301}".utf8), in: temporary("pkg"), contents: "nfd")
    let thrown = #expect(throws: CocoaError.self) { try FileWrapper(url: temporary("pkg")) }
    #expect(thrown?.code == .fileReadInvalidFileName)
    let error = thrown?.fileWrapperError
    #expect(error?.code == .equivalentFilenames)
    #expect(error?.message.contains("caf\\xC3\\xA9") == true)
    #expect(error?.message.contains("cafe\\xCC\\x81") == true)
  }

  @Test("Only one of the two spellings is kept byte for byte through a round trip")
  func nameBytesRoundTrip() throws {
    let temporary = try TemporaryDirectory()
    try FileManager.default.createDirectory(at: temporary("pkg"), withIntermediateDirectories: true)
    try makeFile(named: Array("cafe\u{301}".utf8), in: temporary("pkg"), contents: "nfd")
    let package = try FileWrapper(url: temporary("pkg"))
    try package.write(to: temporary("out"), options: .atomic, originalContentsURL: nil)
    let names = try FileManager.default.contentsOfDirectory(atPath: temporary("out").path)
    #expect(names.map { Array($0.utf8) } == [Array("cafe\u{301}".utf8)])
  }

  @Test("A symbolic link pointing outside the package is read as a link and never traversed")
  func linkOutside() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("secret", to: "outside/secret.txt")
    try FileManager.default.createDirectory(at: temporary("pkg"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: temporary("pkg/escape").path, withDestinationPath: "../outside")
    try FileManager.default.createSymbolicLink(
      atPath: temporary("pkg/abs").path, withDestinationPath: "/etc")
    try makeFIFO(at: temporary("outside/pipe"))  // would fail the read if it were walked
    let package = try FileWrapper(url: temporary("pkg"), options: .immediate)
    let escape = try #require(package.fileWrappers?["escape"])
    #expect(escape.isSymbolicLink)
    #expect(escape.fileWrappers == nil)
    #expect(escape.symbolicLinkDestinationURL?.relativePath == "../outside")
    #expect(package.fileWrappers?["abs"]?.symbolicLinkDestinationURL?.path == "/etc")
    try package.write(to: temporary("copy"), options: .atomic, originalContentsURL: nil)
    let copied = try FileManager.default.destinationOfSymbolicLink(
      atPath: temporary("copy/escape").path)
    #expect(copied == "../outside")
  }

  @Test("A lazily read file replaced by a symbolic link is refused, not followed")
  func lazyFileSwappedForLink() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("ok", to: "pkg/a.txt")
    try temporary.write("secret", to: "secret.txt")
    let package = try FileWrapper(url: temporary("pkg"))
    try FileManager.default.removeItem(at: temporary("pkg/a.txt"))
    try FileManager.default.createSymbolicLink(
      atPath: temporary("pkg/a.txt").path, withDestinationPath: "../secret.txt")
    let error = #expect(throws: FileWrapperError.self) {
      try package.fileWrappers?["a.txt"]?.loadRegularFileContents()
    }
    #expect(error?.code == .changedSinceRead)
  }

  @Test("Depth beyond the limit is refused; a tree deeper than PATH_MAX reads without recursion")
  func depth() throws {
    let temporary = try TemporaryDirectory()
    try makeNestedDirectories(depth: 10, in: temporary.url)
    let thrown = #expect(throws: CocoaError.self) {
      try FileWrapper(url: temporary.url, options: [], limits: .init(maximumDepth: 5))
    }
    #expect(thrown?.code == .fileReadTooLarge)
    let error = thrown?.fileWrapperError
    #expect(error?.code == .depthLimitExceeded)
    #expect(error?.path == temporary.url.path + "/d/d/d/d/d/d")

    let deep = try TemporaryDirectory()
    try makeNestedDirectories(depth: 2_500, in: deep.url)  // 5,000 path bytes
    let defaultLimit = #expect(throws: CocoaError.self) { try FileWrapper(url: deep.url) }
    #expect(defaultLimit?.fileWrapperError?.code == .depthLimitExceeded)
    var wrapper = try FileWrapper(url: deep.url, options: [], limits: .init(maximumDepth: 3_000))
    var levels = 0
    while let next = wrapper.fileWrappers?["d"] {
      wrapper = next
      levels += 1
    }
    #expect(levels == 2_500)
  }

  @Test("More entries than the limit are refused")
  func entryCount() throws {
    let temporary = try TemporaryDirectory()
    for index in 0..<10 { try temporary.write("", to: "pkg/\(index)") }
    let error = #expect(throws: CocoaError.self) {
      try FileWrapper(url: temporary("pkg"), options: [], limits: .init(maximumEntryCount: 5))
    }
    #expect(error?.code == .fileReadTooLarge)
    #expect(error?.fileWrapperError?.code == .entryLimitExceeded)
  }

  @Test("A missing path names the path")
  func missing() throws {
    let temporary = try TemporaryDirectory()
    let error = #expect(throws: CocoaError.self) { try FileWrapper(url: temporary("nope")) }
    #expect(error?.code == .fileReadNoSuchFile)
    #expect(error?.filePath == temporary("nope").path)
    #expect(error?.fileWrapperError?.code == .noSuchFile)
    #expect(
      error?.localizedDescription
        == "\(temporary("nope").path): fstatat failed: No such file or directory")
  }
}
