import DocScript
import Testing

/// The text and Markdown commands: each one's success, with what it did
/// and its undo title, and each of its errors.
enum TextCases {
  /// A JSON document `other`, and the text `t` (current) holding two
  /// lines, with a step to redo and a snapshot `s1`.
  static let base = """
    new json other
    set /k 1
    new text t
    append one
    append two
    append three
    undo
    snapshot s1
    """

  static let all: [CommandCase] = [
    .succeeds("set-text \"a\\nb\"", after: base)
      .then("show\nundo", prints: "a\nb\nUndo Set Text\n"),
    .succeeds("set-text ''", after: base).then("show\nundo", prints: "Undo Set Text\n"),
    .succeeds("set-text <<EOF\nx\ny\nEOF", after: base).then("show", prints: "x\ny\n"),
    .fails(
      "set-text", after: base, at: 9, "missing TEXT for 'set-text'",
      notes: ["usage: set-text TEXT [--doc NAME]"]),
    .fails(
      "set-text a b", after: base, on: "b", "unexpected argument 'b' for 'set-text'",
      notes: ["quote an argument that has blanks", "usage: set-text TEXT [--doc NAME]"]),

    .succeeds("append four", after: base)
      .then("show\nundo", prints: "one\ntwo\nfour\nUndo Append Line\n"),
    .succeeds("append x", after: "new text e").then("show", prints: "x\n"),
    .succeeds("append 'a b' --doc t", after: base).then("line 3", prints: "a b\n"),
    .fails(
      "append \"a\\nb\"", after: base, on: "\"a\\nb\"",
      "line 1 of the new text contains a line break"),
    .fails(
      "append x --doc other", after: base, on: "append", "a json document has no command 'append'",
      notes: ["'help' lists the commands of each type"]),
    .fails(
      "append", after: base, at: 7, "missing TEXT for 'append'",
      notes: ["usage: append TEXT [--doc NAME]"]),

    .succeeds("insert 1 zero", after: base)
      .then("show\nundo", prints: "zero\none\ntwo\nUndo Insert Line 1\n"),
    .succeeds("insert 3 end", after: base).then("show", prints: "one\ntwo\nend\n"),
    .succeeds("insert 1 x", after: "new text e").then("show", prints: "x\n"),
    .fails("insert 4 x", after: base, on: "4", "line number 4 is out of range; expected 1 to 3"),
    .fails("insert 0 x", after: base, on: "0", "line number 0 is out of range; expected 1 to 3"),
    .fails("insert x y", after: base, on: "x", "expected line number as a whole number, not 'x'"),
    .fails(
      "insert 1", after: base, at: 9, "missing TEXT for 'insert'",
      notes: ["usage: insert N TEXT [--doc NAME]"]),
    .fails(
      "insert 1 \"a\\nb\"", after: base, on: "\"a\\nb\"",
      "line 1 of the new text contains a line break"),

    .succeeds("delete 1", after: base).then("show\nundo", prints: "two\nUndo Delete Line 1\n"),
    .succeeds("delete 1,2", after: base).then("show\nundo", prints: "Undo Delete Lines 1-2\n"),
    .succeeds("delete 2,2", after: base).then("show", prints: "one\n"),
    .fails("delete 3", after: base, on: "3", "line number 3 is out of range; expected 1 to 2"),
    .fails("delete 1,3", after: base, on: "1,3", "line number 3 is out of range; expected 1 to 2"),
    .fails("delete 2,1", after: base, on: "2,1", "line number 1 is out of range; expected 2 to 2"),
    .fails("delete 1,2,3", after: base, on: "1,2,3", "expected N or N,M, not '1,2,3'"),
    .fails("delete a", after: base, on: "a", "expected line number as a whole number, not 'a'"),
    // A number too big for an Int is still a number: out of range.
    .fails(
      "delete 99999999999999999999", after: base, on: "99999999999999999999",
      "line number 99999999999999999999 is out of range; expected 1 to 2"),
    .fails(
      "delete -99999999999999999999", after: base, on: "-99999999999999999999",
      "line number -99999999999999999999 is out of range; expected -2 to -1"),
    .fails("delete ,", after: base, on: ",", "expected line number as a whole number, not ''"),
    .fails("delete 1", after: "new text e", on: "1", "the text has no lines"),
    .fails(
      "delete", after: base, at: 7, "missing N[,M] for 'delete'",
      notes: ["usage: delete N[,M] [--doc NAME]"]),

    .succeeds("replace one ONE", after: base)
      .then("show\nundo", prints: "ONE\ntwo\nUndo Replace one\n"),
    .succeeds("replace o 0", after: base).then("show", prints: "0ne\ntwo\n"),
    .succeeds("replace o 0 --all", after: base)
      .then("show\nundo", prints: "0ne\ntw0\nUndo Replace o\n"),
    .succeeds("replace 't(w)o' '[$1]' --regex", after: base).then("show", prints: "one\n[w]\n"),
    .succeeds("replace '[a-z]' X --regex --all", after: base).then("show", prints: "XXX\nXXX\n"),
    // sed's \1 names a group as $1 does; \\ and \$ are literal.
    .succeeds("replace '(o)(n)' '\\2\\1' --regex", after: base).then("show", prints: "noe\ntwo\n"),
    .succeeds("replace '(\\w)(\\w)' '\\2$1' --regex --all", after: base)
      .then("show", prints: "noe\nwto\n"),
    .succeeds("replace 'o' '\\\\1\\$1$' --regex", after: base)
      .then("show", prints: "\\1$1$ne\ntwo\n"),
    .succeeds("replace '(x)?one' '[\\1$1]' --regex", after: base).then("show", prints: "[]\ntwo\n"),
    .succeeds("replace -- --x y", after: "new text e\nappend a--xb").then("show", prints: "ayb\n"),
    .fails("replace zzz y", after: base, on: "zzz", "'zzz' does not occur in the text"),
    .fails("replace one x", after: "new text e", on: "one", "'one' does not occur in the text"),
    .fails("replace '' y", after: base, on: "''", "OLD must not be empty"),
    // The caret points into the pattern, at the construct at fault.
    .fails(
      "replace '(' y --regex", after: base, at: 10,
      "invalid regular expression '(': missing ')' to close this group"),
    .fails(
      "replace 'a(b' y --regex", after: base, at: 11,
      "invalid regular expression 'a(b': missing ')' to close this group"),
    .fails(
      "replace '(o)\\1' y --regex", after: base, at: 13,
      "backreferences are not supported: matching time must be linear in the line"),
    .fails(
      "replace t(?=w) y --regex", after: base, at: 10,
      "lookahead is not supported: matching time must be linear in the line"),
    .fails(
      "replace \"\\\\d(?<=w)\" y --regex", after: base, on: "\"\\\\d(?<=w)\"",
      "lookbehind is not supported: matching time must be linear in the line"),
    .fails(
      "replace o \"x\\ny\"", after: base, on: "\"x\\ny\"",
      "the replacement would put a line break inside line 1"),
    .fails(
      "replace two \"x\\ny\" --all", after: base, on: "\"x\\ny\"",
      "the replacement would put a line break inside line 2"),
    .fails(
      "replace one x --regexp", after: base, on: "--regexp",
      "unknown option '--regexp' for 'replace'",
      notes: [
        "did you mean '--regex'?", "usage: replace OLD NEW [--all] [--regex] [--doc NAME]",
      ]),
    .fails(
      "replace one x --all --all", after: base, at: 21, width: 5, "'--all' is given twice",
      notes: ["usage: replace OLD NEW [--all] [--regex] [--doc NAME]"]),
    .fails(
      "replace one", after: base, at: 12, "missing NEW for 'replace'",
      notes: ["usage: replace OLD NEW [--all] [--regex] [--doc NAME]"]),

    .succeeds("line 2", after: base, prints: "two\n"),
    .succeeds("line 1 --doc t", after: base, prints: "one\n"),
    .fails("line 3", after: base, on: "3", "line number 3 is out of range; expected 1 to 2"),
    .fails("line 1", after: "new text e", on: "1", "the text has no lines"),
    .fails("line x", after: base, on: "x", "expected line number as a whole number, not 'x'"),
    .fails(
      "line", after: base, at: 5, "missing N[,M] for 'line'",
      notes: ["usage: line N[,M] [--doc NAME]"]),

    .succeeds("append '# Title'", after: "new markdown m")
      .then(
        "show\nstatus",
        prints:
          "# Title\ndocument:  m\ndirty:     yes\nchanges:   1\nfile:      (untitled)\ntype:      net.daringfireball.markdown\non disk:   untitled\n"
      ),
  ]
}

/// Line addresses (`$`, `$-K`, `-K`, ranges) and `find /RE/`, issue 34.
enum TextAddressCases {
  /// A text `t` (current) of five lines.
  static let base = """
    new text t
    set-text "one\ntwo\nthree\nfour\nfive"
    """

  static let all: [CommandCase] = [
    .succeeds("line $", after: base, prints: "five\n"),
    .succeeds("line -1", after: base, prints: "five\n"),
    .succeeds("line -5", after: base, prints: "one\n"),
    .succeeds("line $-1", after: base, prints: "four\n"),
    .succeeds("line $-0", after: base, prints: "five\n"),
    .succeeds("line 2,4", after: base, prints: "two\nthree\nfour\n"),
    .succeeds("line -2,$", after: base, prints: "four\nfive\n"),
    .succeeds("line 1,1", after: base, prints: "one\n"),
    .fails("line -6", after: base, on: "-6", "line number -6 is out of range; expected -5 to -1"),
    .fails("line $-5", after: base, on: "$-5", "line number $-5 is out of range; expected 1 to 5"),
    .fails(
      "line $-x", after: base, on: "$-x",
      "expected line count after '$-' as a whole number, not 'x'"),
    .fails("line -0", after: base, on: "-0", "line number -0 is out of range; expected 1 to 5"),
    .fails("line 4,2", after: base, on: "4,2", "line number 2 is out of range; expected 4 to 5"),
    .fails("line 2,6", after: base, on: "2,6", "line number 6 is out of range; expected 2 to 5"),
    .fails("line $", after: "new text e", on: "$", "the text has no lines"),

    .succeeds("set-line $ FIVE", after: base)
      .then("line 4,$\nundo", prints: "four\nFIVE\nUndo Set Line 5\n"),
    .succeeds("set-line -2 FOUR", after: base).then("line 4", prints: "FOUR\n"),
    .fails(
      "set-line -9 x", after: base, on: "-9", "line number -9 is out of range; expected -5 to -1"),

    // As ed's `$i`: before the last line.
    .succeeds("insert $ x", after: base).then("line 4,$", prints: "four\nx\nfive\n"),
    .succeeds("insert -1 x", after: base).then("line $-1", prints: "x\n"),
    .succeeds("insert $ x", after: "new text e").then("show", prints: "x\n"),

    .succeeds("delete 2,$", after: base)
      .then("show\nundo\nline $", prints: "one\nUndo Delete Lines 2-5\nfive\n"),
    .succeeds("delete $", after: base).then("line $", prints: "four\n"),
    .succeeds("delete -3,-2", after: base).then("show", prints: "one\ntwo\nfive\n"),
    .fails(
      "delete 3,-4", after: base, on: "3,-4", "line number -4 is out of range; expected 3 to 5"),
    .fails(
      "delete 2,$-9", after: base, on: "2,$-9", "line number $-9 is out of range; expected 2 to 5"),

    .succeeds("find /o/", after: base, prints: "1\tone\n2\ttwo\n4\tfour\n"),
    .succeeds("find /^t/", after: base, prints: "2\ttwo\n3\tthree\n"),
    .succeeds("find /e$/", after: base, prints: "1\tone\n3\tthree\n5\tfive\n"),
    .succeeds("find '/f(i|o)/'", after: base, prints: "4\tfour\n5\tfive\n"),
    .succeeds("find /a/b/", after: "new text e\nappend a/b\nappend ab", prints: "1\ta/b\n"),
    .fails("find /x/", after: base, on: "/x/", "/x/ matches no line"),
    .fails(
      "find one", after: base, on: "one",
      "expected a regular expression between slashes, /RE/, not 'one'",
      notes: ["as in ed: find /one/"]),
    .fails("find //", after: base, on: "//", "the regular expression is empty"),
    .fails(
      "find /(/", after: base, at: 7,
      "invalid regular expression '(': missing ')' to close this group"),
    .fails(
      "find", after: base, at: 5, "missing /RE/ for 'find'",
      notes: ["usage: find /RE/ [--doc NAME]"]),
  ]
}

@MainActor
@Suite("Text addresses")
struct TextAddressTests {
  @Test("$, -K, $-K, N,M and find /RE/", arguments: TextAddressCases.all)
  func command(_ command: CommandCase) async throws {
    try await command.check(in: try ScriptHarness())
  }
}

@MainActor
@Suite("Text and Markdown commands")
struct TextCommandTests {
  @Test("set-text, append, insert, delete, replace, line", arguments: TextCases.all)
  func command(_ command: CommandCase) async throws {
    try await command.check(in: try ScriptHarness())
  }
}
