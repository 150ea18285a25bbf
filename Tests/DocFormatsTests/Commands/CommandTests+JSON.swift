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
      notes: ["usage: get POINTER [--raw] [--literal] [--doc NAME]"]),
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
      "VALUE is not a JSON literal: a comma after the last member is not JSON (RFC 8259 has no trailing commas) at column 8"
    ),
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

/// The JSON queries of issue 34: keys, length, type, `get --raw`, and
/// `*` in `get`.
enum JSONQueryCases {
  /// A JSON document `q` (current) with a string holding escapes, items
  /// of which two have a name, a key that is `*`, and a non-ASCII string.
  static let base = #"""
    new json q
    set '' '{"name": "a\"b\u00e9", "items": [{"name": "x"}, {"id": 1}, {"name": "y"}], "*": 5, "é": "café", "n": null, "t": true, "f": 1.5}'
    """#

  static let all: [CommandCase] = [
    .succeeds(
      "keys ''", after: base,
      prints: "\"name\"\n\"items\"\n\"*\"\n\"e\u{301}\"\n\"n\"\n\"t\"\n\"f\"\n"),
    .succeeds("keys /items", after: base, prints: "0\n1\n2\n"),
    .succeeds("keys /items/1", after: base, prints: "\"id\"\n"),
    .succeeds("keys /x", after: "new json e\nset /x '{}'", prints: ""),
    .succeeds(
      "keys ''", after: "new json e\nset '' '{\"a\\\"b\": 1, \"c/d\": 2}'",
      prints: "\"a\\\"b\"\n\"c/d\"\n"),
    .fails("keys /name", after: base, on: "/name", "/name is a string, which has no keys"),
    .fails("keys /nope", after: base, on: "/nope", "/nope does not exist"),
    .fails(
      "keys", after: base, at: 5, "missing POINTER for 'keys'",
      notes: ["usage: keys POINTER [--doc NAME]"]),

    .succeeds("length ''", after: base, prints: "7\n"),
    .succeeds("length /items", after: base, prints: "3\n"),
    // Unicode scalars, as jq counts: the escaped quote and é are one each.
    .succeeds("length /name", after: base, prints: "4\n"),
    .succeeds("length /e\u{301}", after: base, prints: "4\n"),
    .fails("length /f", after: base, on: "/f", "/f is a number, which has no length"),
    .fails("length /t", after: base, on: "/t", "/t is a boolean, which has no length"),
    .fails("length /n", after: base, on: "/n", "/n is null, which has no length"),
    .fails(
      "length /items/7", after: base, on: "/items/7",
      "/items/7 does not exist (the array has 3 elements)"),

    .succeeds("type ''", after: base, prints: "object\n"),
    .succeeds("type /items", after: base, prints: "array\n"),
    .succeeds("type /name", after: base, prints: "string\n"),
    .succeeds("type /f", after: base, prints: "number\n"),
    .succeeds("type /t", after: base, prints: "boolean\n"),
    .succeeds("type /n", after: base, prints: "null\n"),
    .fails("type /nope", after: base, on: "/nope", "/nope does not exist"),
    .fails(
      "type /items/*", after: base, on: "/items/*",
      "/items/* does not exist (the array has 3 elements)"),

    .succeeds("get /name --raw", after: base, prints: "a\"b\u{e9}\n"),
    .succeeds("get /name", after: base, prints: "\"a\\\"b\\u00e9\"\n"),
    .succeeds("get /items/1 --raw", after: base, prints: "{\n  \"id\": 1\n}\n"),
    .succeeds("get /f --raw", after: base, prints: "1.5\n"),

    .succeeds("get /items/*/name", after: base, prints: "\"x\"\n\"y\"\n"),
    .succeeds("get /items/*/name --raw", after: base, prints: "x\ny\n"),
    .succeeds(
      "get /items/*", after: base,
      prints: "{\n  \"name\": \"x\"\n}\n{\n  \"id\": 1\n}\n{\n  \"name\": \"y\"\n}\n"),
    .succeeds(
      "get /* --raw", after: "new json e\nset '' '[\"a\", [1], \"b\"]'", prints: "a\n[\n  1\n]\nb\n"
    ),
    // A key that is `*`: with --literal, and never a wildcard in set.
    .succeeds("get /* --literal", after: base, prints: "5\n"),
    .succeeds("set /* 6", after: base).then("get /* --literal", prints: "6\n"),
    .fails("get /items/*/nope", after: base, on: "/items/*/nope", "/items/*/nope matches nothing"),
    .fails("get /name/*", after: base, on: "/name/*", "/name is a string, not a container"),
    .fails("get /nope/*", after: base, on: "/nope/*", "/nope does not exist"),
    .fails(
      "get /items/* --literal", after: base, on: "/items/*",
      "/items/* does not exist (the array has 3 elements)"),
  ]
}

@MainActor
@Suite("JSON queries")
struct JSONQueryTests {
  @Test("keys, length, type, get --raw, get with *", arguments: JSONQueryCases.all)
  func query(_ command: CommandCase) async throws {
    try await command.check(in: try ScriptHarness())
  }
}

@MainActor
@Suite("JSON commands")
struct JSONCommandTests {
  @Test("get, set, insert, remove", arguments: JSONCases.all)
  func command(_ command: CommandCase) async throws {
    try await command.check(in: try ScriptHarness())
  }
}
