import DocScript
import Testing

/// The JSON commands: each one's success, with what it did and its undo
/// title, and each of its errors.
enum JSONCases {
  /// A text document `other`, and the JSON `j` (current) holding a name
  /// and two items, with a step to redo and a snapshot `s1`.
  static let base = """
    new text other
    append o
    new json j
    set /name '"demo"'
    set /items '[1, 2]'
    set /extra true
    undo
    snapshot s1
    """

  static let document = """
    {
      "name": "demo",
      "items": [
        1,
        2
      ]
    }

    """

  static let literal = "quote strings twice: '\"text\"'"

  static let all: [CommandCase] = [
    .succeeds("get /name", after: base, prints: "\"demo\"\n"),
    .succeeds("get /items/1", after: base, prints: "2\n"),
    .succeeds("get /items", after: base, prints: "[\n  1,\n  2\n]\n"),
    .succeeds("get ''", after: base, prints: document),
    .succeeds("get /k --doc d", after: base + "\nnew json d\nset /k '{}'", prints: "{}\n"),
    .fails("get /nope", after: base, on: "/nope", "/nope does not exist"),
    .fails(
      "get /items/5", after: base, on: "/items/5",
      "/items/5 does not exist (the array has 2 elements)"),
    .fails(
      "get /items/x", after: base, on: "/items/x",
      "/items/x does not exist (the array has 2 elements)"),
    .fails("get /name/x", after: base, on: "/name/x", "/name is a string, not a container"),
    .fails(
      "get /items/01", after: base, on: "/items/01",
      "/items/01 has the array index '01' with a leading zero, which JSON Pointer (RFC 6901) does not allow; write /items/1"
    ),
    .fails(
      "get /items/00/x", after: base, on: "/items/00/x",
      "/items/00 has the array index '00' with a leading zero, which JSON Pointer (RFC 6901) does not allow; write /items/0"
    ),
    .fails(
      "get nope", after: base, on: "nope",
      "a JSON Pointer must be empty or start with '/': 'nope'"),
    .fails("get /a~2", after: base, on: "/a~2", "'~' must be followed by '0' or '1' in '/a~2'"),
    .fails(
      "get", after: base, at: 4, "missing POINTER for 'get'",
      notes: ["usage: get POINTER [--doc NAME]"]),
    .fails(
      "get /name --doc other", after: base, on: "get", "a text document has no command 'get'",
      notes: ["'help' lists the commands of each type"]),

    .succeeds("set /name '\"x\"'", after: base)
      .then("get /name\nundo\nget /name", prints: "\"x\"\nUndo Set /name\n\"demo\"\n"),
    .succeeds("set /new null", after: base).then("get /new\nundo", prints: "null\nUndo Set /new\n"),
    .succeeds("set /items/- 3", after: base).then("get /items/2", prints: "3\n"),
    .succeeds("set /items/2 3", after: base).then("get /items/2", prints: "3\n"),
    .succeeds("set /a~1b 1", after: base).then("get /a~1b", prints: "1\n"),
    .succeeds("set '' '{}'", after: base).then("show\nundo", prints: "{}\nUndo Set \n"),
    .succeeds("set bail on", after: base).then("show", prints: document),
    .fails(
      "set /items/5 3", after: base, on: "/items/5",
      "/items/5 is not an index of the array (it has 2 elements)"),
    .fails("set /a/b 1", after: base, on: "/a/b", "/a does not exist"),
    .fails("set /name/x 1", after: base, on: "/name/x", "/name is a string, not a container"),
    .fails(
      "set name 1", after: base, on: "name",
      "a JSON Pointer must be empty or start with '/': 'name'"),
    .fails(
      "set /name bad", after: base, on: "bad",
      "VALUE is not a JSON literal: unexpected 'b', expected a value at column 1",
      notes: [literal]),
    .fails(
      "set /name '{\"a\": 1,}'", after: base, on: "'{\"a\": 1,}'",
      "VALUE is not a JSON literal: unexpected '}', expected a string key at column 9"),
    // A duplicate key is JSON (RFC 8259 only says names SHOULD be
    // unique), and a file that has one is opened as written; but a value
    // typed with one could not be addressed afterwards, so it is refused.
    .fails(
      "set /name '{\"a\": 1, \"a\": 2}'", after: base, on: "'{\"a\": 1, \"a\": 2}'",
      "VALUE is not a JSON literal: the key \"a\" appears more than once; a pointer could address neither"
    ),
    .fails(
      "set /items/01 3", after: base, on: "/items/01",
      "/items/01 has the array index '01' with a leading zero, which JSON Pointer (RFC 6901) does not allow; write /items/1"
    ),
    .fails(
      "set /x '\(String(repeating: "[", count: 512))\(String(repeating: "]", count: 512))'",
      after: base, on: "/x", "the result would nest deeper than 512 levels"),
    .fails(
      "set /name", after: base, at: 10, "missing VALUE for 'set'",
      notes: ["usage: set POINTER VALUE [--doc NAME]"]),

    .succeeds("insert /items/0 0", after: base)
      .then("get /items\nundo", prints: "[\n  0,\n  1,\n  2\n]\nUndo Insert /items/0\n"),
    .succeeds("insert /items/- 3", after: base).then("get /items/2", prints: "3\n"),
    .succeeds("insert /n 1", after: base).then("get /n", prints: "1\n"),
    .fails("insert /name '\"y\"'", after: base, on: "/name", "/name already exists"),
    .fails("insert '' 1", after: base, on: "''", "cannot insert at the root"),
    .fails(
      "insert /items/9 1", after: base, on: "/items/9",
      "/items/9 is not an index of the array (it has 2 elements)"),
    .fails(
      "insert /items/0 [", after: base, on: "[",
      "VALUE is not a JSON literal: unexpected end of input, expected a value at column 2"),

    .succeeds("remove /name", after: base)
      .then("show\nundo", prints: "{\n  \"items\": [\n    1,\n    2\n  ]\n}\nUndo Remove /name\n"),
    .succeeds("remove /items/0", after: base).then("get /items", prints: "[\n  2\n]\n"),
    .fails("remove /nope", after: base, on: "/nope", "/nope does not exist"),
    .fails("remove ''", after: base, on: "''", "cannot remove the root"),
    .fails(
      "remove /items/-", after: base, on: "/items/-",
      "/items/- does not exist (the array has 2 elements)"),
    .fails(
      "remove /a b", after: base, on: "b", "unexpected argument 'b' for 'remove'",
      notes: ["quote an argument that has blanks", "usage: remove POINTER [--doc NAME]"]),
  ]
}

@MainActor
@Suite("JSON commands")
struct JSONCommandTests {
  @Test("get, set, insert, remove", arguments: JSONCases.all)
  func command(_ command: CommandCase) async throws {
    try await command.check(in: try ScriptHarness())
  }
}
