import DocTestSupport
import Foundation
import Testing

/// `open` of the files people keep beside their documents, through the
/// built program: a file whose name does not say its type is decided by
/// content; a text in another encoding reads, edits and saves in it; JSON
/// with a byte-order mark opens and keeps it.
@Suite("Opening ordinary files as what they are")
struct OpenOrdinaryFilesTests {
  /// Writes `bytes` to `name` in a new folder, runs `commands` with `-c`,
  /// and returns the result and the file's bytes afterwards.
  static func run(
    _ name: String, _ bytes: [UInt8], _ commands: String
  ) throws -> (result: ProcessResult, bytes: [UInt8]) {
    let folder = try TemporaryDirectory("open-ordinary")
    try Data(bytes).write(to: folder(name))
    let result = try runDocrepl(["-c", commands], in: folder.url)
    return (result, Array(try Data(contentsOf: folder(name))))
  }

  @Test(
    "A text file whose name does not say it is text opens as text, and 'show' prints it",
    arguments: [
      "Makefile", "README", "LICENSE", "Dockerfile", "config.yaml", "ci.yml", "Cargo.toml",
      "setup.ini", "nginx.conf", "notes.unknownext",
    ])
  func textByContent(_ name: String) throws {
    let (result, _) = try Self.run(
      name, Array("all: build\n\techo héllo\n".utf8), "open \(name) as f; docs; show")
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "> f  public.plain-text  \(name)\nall: build\n\techo héllo\n")
  }

  @Test(
    "A file whose name does not say, holding a NUL byte or bytes that are not UTF-8, stays binary",
    arguments: [[0x61, 0x00, 0x62, 0x0A], [0x63, 0x61, 0x66, 0xE9, 0x0A]] as [[UInt8]])
  func binaryByContent(_ bytes: [UInt8]) throws {
    let (result, _) = try Self.run("Makefile", bytes, "open Makefile; docs")
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "> Makefile  public.data  Makefile\n")
  }

  @Test("--type still wins over the content, and a declared type over both")
  func explicitTypeWins() throws {
    let (result, _) = try Self.run(
      "Makefile", Array("all:\n".utf8), "open Makefile --type public.data; docs")
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "> Makefile  public.data  Makefile\n")
    let (png, _) = try Self.run("x.png", Array("text\n".utf8), "open x.png; docs")
    #expect(png.output == "> x  public.png  x.png\n")
  }

  @Test("An edited text found by content saves in place, byte for byte but for the line changed")
  func savedInPlace() throws {
    let (result, bytes) = try Self.run(
      "Dockerfile", Array("FROM swift\r\nRUN make\r\n".utf8),
      "open Dockerfile; set-line 2 'RUN swift build'; save")
    #expect(result.status == 0, "\(result.errors)")
    #expect(bytes == Array("FROM swift\r\nRUN swift build\r\n".utf8))
  }

  @Test("A file that is not UTF-8 fails with a note giving the command that opens it as ISO-8859-1")
  func invalidUTF8Advice() throws {
    let (result, _) = try Self.run("menu.txt", [0x63, 0x61, 0x66, 0xE9, 0x0A], "open menu.txt")
    #expect(result.status != 0)
    #expect(
      result.errors.contains("menu.txt:1:4: invalid UTF-8 byte 0xE9 at byte offset 3"),
      "\(result.errors)")
    #expect(
      result.errors.contains(
        "note: if the file is in another encoding, name it: 'open menu.txt --encoding latin1'"),
      "\(result.errors)")
  }

  @Test("--encoding latin1: an edit of one line of a CRLF file changes only that line's bytes")
  func latin1OneLine() throws {
    let line1: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x0D, 0x0A]  // café
    let line2: [UInt8] = [0x6E, 0x61, 0xEF, 0x76, 0x65, 0x0D, 0x0A]  // naïve
    let line3: [UInt8] = [0xFC, 0x62, 0x65, 0x72, 0x0D, 0x0A]  // über
    let (result, bytes) = try Self.run(
      "menu.txt", line1 + line2 + line3,
      "open menu.txt --encoding LATIN1; line 1; set-line 2 'Ça va'; save; status")
    #expect(result.status == 0, "\(result.errors)")
    #expect(bytes == line1 + [0xC7, 0x61, 0x20, 0x76, 0x61, 0x0D, 0x0A] + line3)
    #expect(result.output.hasPrefix("café\n"))
    #expect(result.output.contains("encoding:  ISO-8859-1\n"), "\(result.output)")
  }

  @Test("windows-1252 reads its quotes and euro sign and writes them back")
  func windows1252() throws {
    let bytes: [UInt8] = [0x93, 0x80, 0x35, 0x94, 0x0A, 0x6F, 0x6B, 0x0A]
    let (result, after) = try Self.run(
      "price.txt", bytes, "open price.txt --encoding cp1252; line 1; set-line 2 '‘ok’'; save")
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "“€5”\n")
    #expect(after == [0x93, 0x80, 0x35, 0x94, 0x0A, 0x91, 0x6F, 0x6B, 0x92, 0x0A])
  }

  @Test("UTF-16 with its byte-order mark is detected without an option and saved with the mark")
  func utf16Detected() throws {
    let bytes: [UInt8] = [0xFF, 0xFE, 0x68, 0x00, 0xE9, 0x00, 0x0D, 0x00, 0x0A, 0x00]
    let (result, after) = try Self.run("u.txt", bytes, "open u.txt; show; append x; save; status")
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.utf8.starts(with: "hé\r\n".utf8))
    #expect(result.output.contains("encoding:  UTF-16LE\n"), "\(result.output)")
    #expect(after == bytes + [0x78, 0x00, 0x0D, 0x00, 0x0A, 0x00])
    // With no extension, it is text too.
    let (bare, _) = try Self.run("NOTES", bytes, "open NOTES; docs; show")
    #expect(
      Array(bare.output.utf8) == Array("> NOTES  public.plain-text  NOTES\nhé\r\n".utf8),
      "\(bare.errors)")
  }

  @Test(
    "A character the encoding cannot hold fails the save: the file is intact, the document dirty")
  func unrepresentableSave() throws {
    let bytes: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x0A, 0x6F, 0x6B, 0x0A]
    let (result, after) = try Self.run(
      "menu.txt", bytes, "open menu.txt --encoding latin1; set-line 2 '5 €'; save; status")
    #expect(result.status != 0)
    #expect(after == bytes)
    #expect(
      result.errors.contains("line 2, column 3: '€' (U+20AC) cannot be written in ISO-8859-1"),
      "\(result.errors)")
    #expect(result.output.contains("dirty:     yes\n"), "\(result.output)")
  }

  @Test("revert reads the file again in the encoding it was opened in")
  func revertKeepsEncoding() throws {
    let (result, _) = try Self.run(
      "menu.txt", [0x63, 0x61, 0x66, 0xE9, 0x0A],
      "open menu.txt --encoding latin1; set-line 1 x; revert; show")
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "café\n")
  }

  @Test(
    "An unknown encoding is an error that names the ones there are; a JSON file refuses --encoding")
  func badEncodings() throws {
    let (unknown, _) = try Self.run("a.txt", Array("a\n".utf8), "open a.txt --encoding latin9")
    #expect(unknown.status != 0)
    #expect(unknown.errors.contains("unknown encoding 'latin9'"), "\(unknown.errors)")
    #expect(unknown.errors.contains("note: did you mean 'latin1'?"), "\(unknown.errors)")
    let (json, _) = try Self.run("a.json", Array("{}\n".utf8), "open a.json --encoding latin1")
    #expect(json.status != 0)
    #expect(
      json.errors.contains("--encoding reads a file as text; a.json opens as public.json"),
      "\(json.errors)")
  }

  @Test("A recording reopens a document in the encoding it was opened in")
  func recordingKeepsEncoding() throws {
    let folder = try TemporaryDirectory("open-ordinary")
    try Data([0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: folder("menu.txt"))
    let result = try runDocrepl(
      ["-c", "open menu.txt --encoding latin1; record r.docscript; show; record stop"],
      in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    let recording = try String(contentsOf: folder("r.docscript"), encoding: .utf8)
    #expect(
      recording.contains(
        "open \"$SCRIPT_DIR\"/menu.txt as menu --type public.plain-text --encoding latin1\n"),
      "\(recording)")
    let replay = try runDocrepl(["test", "r.docscript"], in: folder.url)
    #expect(replay.status == 0, "\(replay.output)\(replay.errors)")
  }

  @Test("help open names --encoding and the encodings")
  func help() throws {
    let result = try runDocrepl(["-c", "help open"])
    #expect(
      result.output.contains("open PATH [as NAME] [--type UTI] [--encoding ENCODING]"),
      "\(result.output)")
    #expect(result.output.contains("latin1, windows-1252, us-ascii"), "\(result.output)")
  }

  @Test("JSON with a byte-order mark opens, edits and saves with the mark kept")
  func jsonByteOrderMark() throws {
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    let (result, after) = try Self.run(
      "s.json", mark + Array("{\"a\": 1}\n".utf8), "open s.json; show; set /a 2; save")
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "{\"a\": 1}\n")
    #expect(after == mark + Array("{\"a\": 2}\n".utf8))
  }
}
