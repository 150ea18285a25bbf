import DocTestSupport
import Foundation
import Testing

/// Bad input through the built binary: `docrepl run` reports it and exits
/// 65 (nothing ran), or does the work; it never crashes or hangs.
@Suite("docrepl run with bad input")
struct BadInputRunTests {
  @Test(
    "A NUL byte, invalid UTF-8 or groups nested 10,000 deep: exit 65, one error, nothing run",
    arguments: [
      (
        Array("print a\nprint \0\n".utf8),
        "s.docscript:2:7: error: NUL byte in the script; a script must be UTF-8 text\nprint \0\n      ^\n"
      ),
      (
        Array("print a\nprint ".utf8) + [0xC3, 0x28, 0x0A],
        "s.docscript:2:7: error: invalid UTF-8 (byte 0xC3); a script must be UTF-8 text\nprint \u{FFFD}(\n      ^\n"
      ),
    ] as [([UInt8], String)])
  func malformed(_ bytes: [UInt8], _ errors: String) throws {
    let folder = try TemporaryDirectory()
    try Data(bytes).write(to: folder("s.docscript"))
    let result = try runDocrepl(["run", "s.docscript"], in: folder.url)
    #expect(result.status == 65)
    #expect(result.output == "")
    #expect(result.errors == errors)
  }

  @Test("group nested 10,000 deep on one line: exit 65, one error, no crash")
  func deepGroups() throws {
    let folder = try TemporaryDirectory()
    let script =
      "new text t\nsave t.txt\n" + String(repeating: "group g { ", count: 10_000) + "append x"
      + String(repeating: " }", count: 10_000) + "\n"
    try Data(script.utf8).write(to: folder("s.docscript"))
    let result = try runDocrepl(["run", "s.docscript"], in: folder.url)
    #expect(result.status == 65)
    #expect(result.errors.hasPrefix("s.docscript:3:641: error: groups nested more than 64 deep\n"))
    #expect(result.errors.split(separator: "\n").count == 3)
    #expect(!FileManager.default.fileExists(atPath: folder("t.txt").path))
  }

  /// The issue asks for 100 MB; a debug build takes about 40 s for that,
  /// so the suite runs 8 MB, which takes the same path (the 100 MB figure
  /// from a release build is in the closing note).
  @Test("An 8 MB heredoc is set, saved and read back byte for byte")
  func bigHeredoc() throws {
    let folder = try TemporaryDirectory()
    let line = String(repeating: "x", count: 99) + "\n"
    let body = String(repeating: line, count: 8 << 20 / 100)
    let script = "new text t\nset-text <<'EOF'\n" + body + "EOF\nline 83886\nsave big.txt\n"
    try Data(script.utf8).write(to: folder("s.docscript"))
    let result = try runDocrepl(["run", "s.docscript"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == String(line.dropLast()) + "\n")
    #expect(try Data(contentsOf: folder("big.txt")) == Data(body.utf8))
  }
}
