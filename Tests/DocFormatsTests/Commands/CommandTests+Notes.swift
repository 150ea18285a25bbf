import DocScript
import Testing

/// The note collection commands: each one's success, with what it did and
/// its undo title, and each of its errors.
enum NotesCases {
  /// A text document `other`, and the collection `n` (current) holding
  /// two notes, with a step to redo and a snapshot `s1`.
  static let base = """
    new text other
    append o
    new notes n
    title Trip
    note add tram "Take the 28" --title Tram
    note add ferry Cacilhas
    note add bus "Line 2"
    undo
    snapshot s1
    """

  static let listing = """
    title: Trip
    [1] tram: Tram
        Take the 28
    [2] ferry: ferry
        Cacilhas

    """

  static let usage =
    "usage: note add|edit|title|remove|move ID [VALUE…] [--title TITLE] [--doc NAME]"

  static let idRule = "(1 to 64 letters, digits, '-' or '_', and not 'metadata')"

  static let all: [CommandCase] = [
    .succeeds("show", after: base, prints: listing),
    .succeeds("note add bus \"Line 2\"", after: base)
      .then("show\nundo", prints: listing + "[3] bus: bus\n    Line 2\nUndo Add Note bus\n"),
    .succeeds("note add bus \"a\\nb\\n\" --title Bus", after: base)
      .then("show", prints: listing + "[3] bus: Bus\n    a\n    b\n"),
    .succeeds("note add x ''", after: "new notes e")
      .then("show", prints: "title: Untitled\n[1] x: x\n    \n"),
    .fails("note add tram x", after: base, on: "tram", "a note with id 'tram' already exists"),
    .fails("note add 'a b' x", after: base, on: "'a b'", "'a b' is not a note id \(idRule)"),
    .fails(
      "note add metadata x", after: base, on: "metadata", "'metadata' is not a note id \(idRule)"),
    .fails("note add '' x", after: base, on: "''", "'' is not a note id \(idRule)"),
    // Every usage error shows the usage line: the action's own.
    .fails(
      "note add x", after: base, on: "note add x", "missing TEXT for 'note add'",
      notes: ["usage: note add ID TEXT [--title TITLE] [--doc NAME]"]),
    .fails(
      "note add x a b", after: base, on: "b", "unexpected argument 'b' for 'note add'",
      notes: [
        "quote an argument that has blanks",
        "usage: note add ID TEXT [--title TITLE] [--doc NAME]",
      ]),
    .fails(
      "note add", after: base, at: 9, "missing ID for 'note'", notes: [usage]),
    .fails(
      "note", after: base, at: 5, "missing add|edit|title|remove|move for 'note'", notes: [usage]),

    .succeeds("note edit tram \"Take the 15\"", after: base)
      .then("undo", prints: "Undo Edit Note tram\n"),
    .fails("note edit bus x", after: base, on: "bus", "there is no note 'bus'"),
    .fails(
      "note edit tram", after: base, on: "note edit tram", "missing TEXT for 'note edit'",
      notes: ["usage: note edit ID TEXT [--doc NAME]"]),
    .fails(
      "note edit tram x --title T", after: base, on: "T", "'--title' is only for 'note add'",
      notes: ["usage: note edit ID TEXT [--doc NAME]"]),

    .succeeds("note title ferry Ferry", after: base)
      .then(
        "show\nundo",
        prints:
          "title: Trip\n[1] tram: Tram\n    Take the 28\n[2] ferry: Ferry\n    Cacilhas\nUndo Retitle Note ferry\n"
      ),
    .fails("note title bus Bus", after: base, on: "bus", "there is no note 'bus'"),
    .fails(
      "note title ferry", after: base, on: "note title ferry", "missing TITLE for 'note title'",
      notes: ["usage: note title ID TITLE [--doc NAME]"]),

    .succeeds("note remove tram", after: base)
      .then(
        "show\nundo", prints: "title: Trip\n[1] ferry: ferry\n    Cacilhas\nUndo Remove Note tram\n"
      ),
    .fails("note remove bus", after: base, on: "bus", "there is no note 'bus'"),
    .fails(
      "note remove tram x", after: base, on: "x", "unexpected argument 'x' for 'note remove'",
      notes: ["quote an argument that has blanks", "usage: note remove ID [--doc NAME]"]),

    .succeeds("note move ferry 1", after: base)
      .then(
        "show\nundo",
        prints:
          "title: Trip\n[1] ferry: ferry\n    Cacilhas\n[2] tram: Tram\n    Take the 28\nUndo Move Note ferry\n"
      ),
    .fails("note move ferry 3", after: base, on: "3", "INDEX 3 is out of range; expected 1 to 2"),
    .fails("note move ferry 0", after: base, on: "0", "INDEX 0 is out of range; expected 1 to 2"),
    .fails("note move ferry x", after: base, on: "x", "expected INDEX as a whole number, not 'x'"),
    .fails(
      "note move ferry", after: base, on: "note move ferry", "missing INDEX for 'note move'",
      notes: ["usage: note move ID INDEX [--doc NAME]"]),
    .fails("note move bus 1", after: base, on: "bus", "there is no note 'bus'"),
    .fails("note move x 1", after: "new notes e", on: "x", "there is no note 'x'"),

    .fails(
      "note ad x y", after: base, on: "ad", "unknown note action 'ad'",
      notes: ["did you mean 'add'?", usage]),
    .fails(
      "note zzzzz x", after: base, on: "zzzzz", "unknown note action 'zzzzz'",
      notes: ["the actions are add, edit, title, remove, move", usage]),
    .fails(
      "note add x y --doc other", after: base, on: "note", "a text document has no command 'note'",
      notes: ["'help' lists the commands of each type"]),

    .succeeds("title \"Lisbon, May\"", after: base)
      .then("undo\nshow", prints: "Undo Set Title\n" + listing),
    .fails(
      "title", after: base, at: 6, "missing TEXT for 'title'",
      notes: ["usage: title TEXT [--doc NAME]"]),
    .fails(
      "title a b", after: base, on: "b", "unexpected argument 'b' for 'title'",
      notes: ["quote an argument that has blanks", "usage: title TEXT [--doc NAME]"]),
  ]
}

@MainActor
@Suite("Note collection commands")
struct NotesCommandTests {
  @Test("note add, edit, title, remove, move; title", arguments: NotesCases.all)
  func command(_ command: CommandCase) async throws {
    try await command.check(in: try ScriptHarness())
  }
}
