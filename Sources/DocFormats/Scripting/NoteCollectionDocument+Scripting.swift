public import DocKit
public import DocScript
import Foundation

extension NoteCollectionDocument: ScriptableFileDocument {
  public static var scriptTypeNames: [ScriptTypeName] {
    [ScriptTypeName("notes", .noteCollection)]
  }

  public static func makeUntitled(contentType: UTType) throws -> NoteCollectionDocument {
    try NoteCollectionDocument(title: "Untitled")
  }

  /// The title, then each note: its position, id and title, and its text
  /// indented.
  public var scriptDescription: String {
    var text = "title: \(title)\n"
    for (index, note) in notes.enumerated() {
      text += "[\(index + 1)] \(note.id): \(note.title)\n"
      for line in note.text.split(separator: "\n", omittingEmptySubsequences: false)
      where !(line.isEmpty && note.text.hasSuffix("\n")) {
        text += "    \(line)\n"
      }
    }
    return text
  }

  /// True: `show` prints the title and the notes in their order.
  public static var scriptDescriptionIsDeterministic: Bool { true }

  @MainActor public static var scriptCommands: [DocumentCommand<NoteCollectionDocument>] {
    [
      DocumentCommand(
        CommandSpec(
          "note",
          [
            NoteParameter.action, NoteParameter.id, NoteParameter.values, NoteParameter.noteTitle,
          ],
          summary: "adds, edits, retitles, removes or moves a note",
          discussion: """
            note add ID TEXT [--title TITLE]   adds a note at the end (the title defaults to ID)
            note edit ID TEXT                  replaces a note's text
            note title ID TITLE                renames a note
            note remove ID                     removes a note
            note move ID INDEX                 moves a note to position INDEX (from 1)
            """,
          example: "note add tram \"Take the 28\" --title Tram", topic: .document,
          completing: [NoteParameter.actionName: .choice(noteActions)])
      ) { context in
        try note(context)
      },
      DocumentCommand(
        CommandSpec(
          "title", [NoteParameter.text], summary: "sets the collection's title",
          example: "title \"Lisbon, May\"", topic: .document)
      ) { context in
        let title = context.arguments[NoteParameter.text]
        context.session.perform { $0.setTitle(title.text).named("Set Title") }
      },
    ]
  }

  /// Completes a note's `ID` to the ids of the collection's notes.
  @MainActor public static func scriptCompletions(
    forArgument argument: String, prefix: String,
    session: DocumentSession<NoteCollectionDocument>
  ) -> [CompletionCandidate] {
    guard argument == "ID" else { return [] }
    return session.document.notes.map { CompletionCandidate($0.id) }
  }

  /// What `note` does.
  private static let noteActions = ["add", "edit", "title", "remove", "move"]

  /// Each `note` action's usage line, for its usage errors.
  private static let actionUsages = [
    "add": "note add ID TEXT [--title TITLE]", "edit": "note edit ID TEXT",
    "title": "note title ID TITLE", "remove": "note remove ID", "move": "note move ID INDEX",
  ]

  @MainActor
  private static func note(_ context: DocumentCommandContext<NoteCollectionDocument>) throws {
    let arguments = context.arguments
    let action = arguments[NoteParameter.action]
    let id = arguments[NoteParameter.id]
    let values = arguments[NoteParameter.values]
    // A usage error shows the action's own usage line, as a command's does.
    let usage =
      actionUsages[action.text].map { [Diagnostic.Note("usage: \($0) [--doc NAME]")] } ?? []
    func value(_ name: String) throws -> Argument {
      guard values.count == 1 else {
        throw ScriptError(
          values.isEmpty
            ? "missing \(name) for 'note \(action.text)'"
            : "unexpected argument '\(values[1].text)' for 'note \(action.text)'",
          at: values.count > 1 ? values[1].range : arguments.range,
          notes: (values.count > 1 ? [.init("quote an argument that has blanks")] : []) + usage)
      }
      return values[0]
    }
    if action.text != "add", let title = arguments[NoteParameter.noteTitle] {
      throw ScriptError("'--title' is only for 'note add'", at: title, notes: usage)
    }
    let edit:
      (inout NoteCollectionDocument) throws(FormatError) -> DocumentEdit<NoteCollectionDocument>
    switch action.text {
    case "add":
      let text = try value("TEXT").text
      let title = arguments[NoteParameter.noteTitle]?.text ?? id.text
      edit = { document throws(FormatError) in
        try document.addNote(Note(id: id.text, title: title, text: text)).named(
          "Add Note \(id.text)")
      }
    case "edit":
      let text = try value("TEXT").text
      edit = { document throws(FormatError) in
        try document.editNote(id: id.text, text: text).named("Edit Note \(id.text)")
      }
    case "title":
      let title = try value("TITLE").text
      edit = { document throws(FormatError) in
        try document.editNote(id: id.text, title: title).named("Retitle Note \(id.text)")
      }
    case "remove":
      guard values.isEmpty else {
        throw ScriptError(
          "unexpected argument '\(values[0].text)' for 'note remove'", at: values[0],
          notes: [.init("quote an argument that has blanks")] + usage)
      }
      edit = { document throws(FormatError) in
        try document.removeNote(id: id.text).named("Remove Note \(id.text)")
      }
    case "move":
      let position = try value("INDEX").integer(
        "INDEX", in: 1...max(1, context.session.document.notes.count))
      edit = { document throws(FormatError) in
        try document.moveNote(id: id.text, to: position - 1).named("Move Note \(id.text)")
      }
    default:
      let actions = noteActions
      throw ScriptError(
        "unknown note action '\(action.text)'", at: action,
        notes: [
          Suggestions.note(for: action.text, among: actions)
            ?? .init("the actions are " + actions.joined(separator: ", ")),
          .init("usage: note add|edit|title|remove|move ID [VALUE…] [--title TITLE] [--doc NAME]"),
        ])
    }
    do {
      try context.session.perform { document throws(FormatError) in try edit(&document) }
    } catch let error as FormatError {
      throw ScriptError(error.message, at: id)
    }
  }
}

/// The parameters of a note collection's commands, each declared once: a
/// command's spec lists them and its handler reads them.
private enum NoteParameter {
  /// The name of what `note` does, as usage and completion show it.
  static let actionName = "add|edit|title|remove|move"
  /// What `note` does.
  static let action = CommandParameter.required(actionName)
  /// The note's id.
  static let id = CommandParameter.required("ID")
  /// What the action takes after the id.
  static let values = CommandParameter.rest("VALUE")
  /// `note add`'s `--title TITLE`.
  static let noteTitle = CommandParameter.option("title", value: "TITLE")
  /// The collection's title.
  static let text = CommandParameter.required("TEXT")
}
