import DocScript
import Testing

/// The binary commands: each one's success, with what it did and its undo
/// title, and each of its errors.
enum BinaryCases {
  /// A text document `other`, and the bytes `b` (current) holding
  /// "Hello", with a step to redo and a snapshot `s1`.
  static let base = """
    new text other
    append o
    new binary b
    patch 0 48656c6c6f
    patch 5 21
    undo
    snapshot s1
    """

  static let hello =
    "00000000  48 65 6c 6c 6f                                    |Hello|\n00000005\n"

  static let files = ["a.bin": "ABCDEFGHIJKLMNOPQRST", "dir/f": "x"]

  static let all: [CommandCase] = [
    .succeeds("show", after: base, prints: hello),
    .succeeds("show", after: "new binary e", prints: "00000000\n"),
    .succeeds("hex", after: base, prints: hello),
    .succeeds(
      "hex 1 2", after: base,
      prints: "00000001  65 6c                                             |el|\n00000003\n"),
    .succeeds(
      "hex 0x4", after: base,
      prints: "00000004  6f                                                |o|\n00000005\n"),
    .succeeds("hex 5", after: base, prints: "00000005\n"),
    .fails("hex 6", after: base, on: "6", "OFFSET 6 is out of range; expected 0 to 5"),
    .fails("hex 1 5", after: base, on: "5", "LENGTH 5 is out of range; expected 0 to 4"),
    // Numbers too big for an Int, decimal or hex, are out of range too.
    .fails(
      "hex 99999999999999999999", after: base, on: "99999999999999999999",
      "OFFSET 99999999999999999999 is out of range; expected 0 to 5"),
    .fails(
      "hex 0 0x10000000000000000", after: base, on: "0x10000000000000000",
      "LENGTH 0x10000000000000000 is out of range; expected 0 to 5"),
    .fails(
      "hex 0x", after: base, on: "0x", "expected OFFSET as a number (decimal or 0x…), not '0x'"),
    .fails("hex 0 -1", after: base, on: "-1", "LENGTH -1 is out of range; expected 0 to 5"),
    .fails(
      "hex 1 2 3", after: base, on: "3", "unexpected argument '3' for 'hex'",
      notes: ["quote an argument that has blanks", "usage: hex [OFFSET] [LENGTH] [--doc NAME]"]),

    .succeeds("patch 0 4a", after: base)
      .then(
        "show\nundo",
        prints:
          "00000000  4a 65 6c 6c 6f                                    |Jello|\n00000005\nUndo Patch 0\n"
      ),
    .succeeds("patch 5 21", after: base)
      .then(
        "show",
        prints: "00000000  48 65 6c 6c 6f 21                                 |Hello!|\n00000006\n"),
    .succeeds("patch 0x3 \"4C:4c 21\"", after: base)
      .then(
        "show",
        prints: "00000000  48 65 6c 4c 4c 21                                 |HelLL!|\n00000006\n"),
    .fails("patch 6 00", after: base, on: "6", "OFFSET 6 is out of range; expected 0 to 5"),
    .fails("patch -1 00", after: base, on: "-1", "OFFSET -1 is out of range; expected 0 to 5"),
    .fails("patch 0 abc", after: base, on: "abc", "expected pairs of hex digits, not 'abc'"),
    .fails("patch 0 ''", after: base, on: "''", "expected pairs of hex digits, not ''"),
    .fails("patch 0 zz", after: base, on: "zz", "'zz' is not a hex byte"),
    .fails("patch 0 +1", after: base, on: "+1", "'+1' is not a hex byte"),
    .fails(
      "patch 0", after: base, at: 8, "missing HEXBYTES for 'patch'",
      notes: ["usage: patch OFFSET HEXBYTES [--doc NAME]"]),

    .succeeds("truncate 2", after: base)
      .then(
        "show\nundo",
        prints:
          "00000000  48 65                                             |He|\n00000002\nUndo Truncate 2\n"
      ),
    .succeeds("truncate 8", after: base)
      .then(
        "show\nundo",
        prints:
          "00000000  48 65 6c 6c 6f 00 00 00                           |Hello...|\n00000008\nUndo Truncate 8\n"
      ),
    .succeeds("truncate 0x0", after: base).then("show", prints: "00000000\n"),
    .succeeds("truncate 5", after: base).then("undo", prints: "Undo Patch 0\n"),
    .fails(
      "truncate -1", after: base, on: "-1", "LENGTH -1 is out of range; expected 0 to 1073741824"),
    .fails(
      "truncate 1073741825", after: base, on: "1073741825",
      "LENGTH 1073741825 is out of range; expected 0 to 1073741824"),
    .fails(
      "truncate x", after: base, on: "x", "expected LENGTH as a number (decimal or 0x…), not 'x'"),

    .succeeds("load a.bin", after: base)
      .then(
        "show\nundo",
        prints:
          "00000000  41 42 43 44 45 46 47 48  49 4a 4b 4c 4d 4e 4f 50  |ABCDEFGHIJKLMNOP|\n00000010  51 52 53 54                                       |QRST|\n00000014\nUndo Load a.bin\n"
      ).with(files: files),
    .fails("load dir", after: base, on: "dir", "'dir' is not a regular file").with(files: files),
    .fails(
      "load nope.bin", after: base, on: "nope.bin",
      "no such file 'nope.bin'"),
    .fails(
      "load", after: base, at: 5, "missing FILE for 'load'",
      notes: ["usage: load FILE [--doc NAME]"]),
    .fails(
      "hex --doc other", after: base, on: "hex", "a text document has no command 'hex'",
      notes: ["'help' lists the commands of each type"]),
  ]
}

@MainActor
@Suite("Binary commands")
struct BinaryCommandTests {
  @Test("hex, patch, truncate, load", arguments: BinaryCases.all)
  func command(_ command: CommandCase) async throws {
    try await command.check(in: try ScriptHarness())
  }
}
