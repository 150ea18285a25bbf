/// One command of a `docrepl check` sequence: what it is to the checker,
/// and its words, from which the script line is written.
struct CheckStep: Sendable, Hashable {
  /// What the checker expects of the command.
  enum Kind: Sendable, Hashable {
    /// `new TYPE doc`, or `open FILE` of the starting file: a fresh start.
    case start
    /// `save-as` onto the working file, after `open` of a `--from` file.
    case adopt
    /// One of the type's own commands.
    case edit
    case undo
    case redo
    case snapshot(String)
    case restore(String)
    /// `save`, or `save FILE` for an untitled document.
    case save
    case revert
    /// `close --discard`.
    case close
    /// `open FILE` of the working file, after `close`.
    case reopen
  }

  /// One word of the line.
  enum Part: Sendable, Hashable {
    /// Written as it is: the command's name, `--all`, `as`.
    case literal(String)
    /// An argument, quoted as needed (``Word.quoted(_:)``); the
    /// shrinker may simplify it.
    case value(String)
  }

  var kind: Kind
  var words: [Part]

  init(_ kind: Kind, _ words: [Part]) {
    self.kind = kind
    self.words = words
  }

  /// A step whose words are all literal: `undo`, `close --discard`.
  init(_ kind: Kind, _ line: String) {
    self.init(kind, line.split(separator: " ").map { .literal(String($0)) })
  }

  /// The script line.
  var line: String {
    words.map {
      switch $0 {
      case .literal(let text): text
      case .value(let text): Word.quoted(text)
      }
    }.joined(separator: " ")
  }

  /// The command's name.
  var name: String {
    if case .literal(let name) = words.first { name } else { "" }
  }
}
