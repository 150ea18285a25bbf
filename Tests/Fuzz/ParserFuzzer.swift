// The libFuzzer entry point for DocScript's lexer and parser, built by
// scripts/fuzz with the Syntax sources; not part of the package.
//
// Every input must parse to statements and diagnostics without crashing
// or hanging, and each diagnostic must point inside the input and render.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let source = ScriptSource(name: "fuzz", bytes: bytes)
  var parser = Parser(source)
  var count = 0
  while let statement = parser.next() {
    count += 1
    precondition(statement.range.start.line >= 1, "a statement before line 1")
  }
  let lines = bytes.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
  for diagnostic in parser.diagnostics {
    precondition(
      diagnostic.location.line >= 1 && diagnostic.location.line <= lines,
      "a diagnostic outside the input: \(diagnostic)")
    precondition(diagnostic.location.column >= 1, "a column before 1: \(diagnostic)")
    precondition(!diagnostic.message.isEmpty)
    _ = diagnostic.rendered(source: source.text)
  }
  _ = count
  return 0
}
