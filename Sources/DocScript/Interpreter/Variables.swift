/// The variables a script can see, and the expansion of words with them.
///
/// `$SCRIPT_DIR` and `$PWD` are predefined by whoever runs the script; the
/// script adds its own with `let`. An undefined variable is an error that
/// points at the reference; `${name:-fallback}` is the explicit way out.
package struct Variables: Sendable {
  private var values: [String: String]

  /// Creates a scope with `values`.
  package init(_ values: [String: String] = [:]) {
    self.values = values
  }

  /// The value of `name`, if defined.
  package subscript(name: String) -> String? {
    get { values[name] }
    set { values[name] = newValue }
  }

  /// The defined names, sorted.
  package var names: [String] { values.keys.sorted() }

  /// The text of `word` with its variables replaced.
  ///
  /// - Throws: A ``Diagnostic`` at the first undefined variable without a
  ///   fallback, with a "did you mean" note when a defined name is close.
  package func expand(_ word: Word) throws(Diagnostic) -> String {
    try expand(word.parts)
  }

  /// The text of `parts` with their variables replaced.
  package func expand(_ parts: [Word.Part]) throws(Diagnostic) -> String {
    var text = ""
    for part in parts {
      switch part {
      case .literal(let literal):
        text += literal
      case .variable(let reference):
        if let value = values[reference.name] {
          text += value
        } else if let fallback = reference.fallback {
          text += try expand(fallback)
        } else {
          throw Diagnostic(
            .error, in: reference.range, "undefined variable '\(reference.name)'",
            notes: [
              Suggestions.note(for: reference.name, among: values.keys)
                ?? .init(
                  "define it with 'let \(reference.name) = …', or write '${\(reference.name):-default}'"
                )
            ])
        }
      }
    }
    return text
  }
}
