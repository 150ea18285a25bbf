import DocScript

/// DocScript's lexer and parser on any bytes: every statement starts at a
/// line of the input, and every diagnostic points inside it, says
/// something, and renders with its source line.
enum ParserFuzzing {
  static func check(_ bytes: [UInt8]) {
    let source = ScriptSource(name: "fuzz", bytes: bytes)
    var parser = Parser(source)
    let lines = bytes.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
    while let statement = parser.next() {
      precondition(
        (1...lines).contains(statement.range.start.line), "a statement outside the input")
    }
    for diagnostic in parser.diagnostics {
      precondition(
        (1...lines).contains(diagnostic.location.line),
        "a diagnostic outside the input: \(diagnostic)")
      precondition(diagnostic.location.column >= 1, "a column before 1: \(diagnostic)")
      precondition(!diagnostic.message.isEmpty, "a diagnostic without a message")
      precondition(!diagnostic.rendered(source: source.text).isEmpty, "an empty rendering")
    }
  }
}
