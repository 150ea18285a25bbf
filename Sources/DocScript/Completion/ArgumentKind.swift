/// What a command's argument is, for Tab completion: which words may go
/// there.
///
/// A ``CommandSpec`` says it for each parameter in
/// ``CommandSpec/argumentKinds``; a parameter it does not list gets the
/// kind its usage name implies (``CommandSpec/argumentKind(of:)``).
public enum ArgumentKind: Sendable, Hashable {
  /// Free text: nothing to complete.
  case text
  /// A file or folder path, relative to the working folder.
  case path
  /// The name of an open document.
  case documentName
  /// The name of a snapshot.
  case snapshotName
  /// The name of an autosave that `recover` can open.
  case autosaveName
  /// What `new` takes: a type's short name, or a UTI a type writes.
  case typeName
  /// A UTI that a registered type reads or writes.
  case contentType
  /// A command's name.
  case commandName
  /// A whole command, name and arguments (`expect-error`'s).
  case commandLine
  /// One of these words.
  case choice([String])
  /// Completed by the document's type, through
  /// ``ScriptableDocument/scriptCompletions(forArgument:prefix:session:)``
  /// (the JSON type completes a `POINTER` to the keys at its level).
  case documentDefined
}

extension CommandSpec {
  /// What Tab completes `parameter` (or, for an option or keyword, its
  /// value) to: `--doc`'s a document name; ``argumentKinds`` by its name
  /// if listed, else what the
  /// name implies: `PATH` and `FILE` a path, `UTI` a content type, `TYPE`
  /// a type name, `COMMAND` a command name, `a|b|c` one of those words,
  /// anything else free text, which a document type's own command leaves
  /// to the type (``ArgumentKind/documentDefined``).
  public func argumentKind(of parameter: Parameter) -> ArgumentKind {
    let name: String
    switch parameter {
    case .required(let word), .optional(let word), .rest(let word): name = word
    case .option("doc", _): return .documentName
    case .option(_, let value), .keyword(_, let value): name = value
    case .flag: return .text
    }
    if let kind = argumentKinds[name] { return kind }
    switch name {
    case "PATH", "FILE": return .path
    case "UTI": return .contentType
    case "TYPE": return .typeName
    case "COMMAND": return .commandName
    default: break
    }
    if name.contains("|") {
      return .choice(name.split(separator: "|").map(String.init))
    }
    return topic == .document ? .documentDefined : .text
  }
}
