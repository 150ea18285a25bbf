/// The prompts: the current document with `*` when it has unsaved
/// changes (`Trip* > `), and `... > ` while a quote, heredoc or `{` is
/// open.
enum Prompt {
  /// While the entry so far needs more lines.
  static let continuation = "... > "

  /// The prompt for a new entry, naming `document` (the current one).
  static func primary(for document: (name: String, isDirty: Bool)?) -> String {
    guard let document else { return "\(ProgramName.current) > " }
    return document.name + (document.isDirty ? "*" : "") + " > "
  }

  /// The question asked before leaving discards `name`'s changes.
  static func discardQuestion(for name: String) -> String {
    "discard changes to \(name)? [y/N] "
  }
}
