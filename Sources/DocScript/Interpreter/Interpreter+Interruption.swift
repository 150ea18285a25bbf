/// Why a command stopped: the user asked (Ctrl-C), or the task running
/// the interpreter was cancelled.
struct InterruptedError: Error, CustomStringConvertible {
  var description: String { "interrupted" }
}

extension Interpreter {
  /// Throws ``InterruptedError`` if the user asked to stop.
  ///
  /// The interpreter asks at safe points only, where throwing leaves
  /// every document as it was before the command (the failed command is
  /// rolled back, as any failure is):
  ///
  /// - between statements, in a prompt's input, a script and a sourced
  ///   script: the rest does not run;
  /// - between the commands of a `group`: the whole group is rolled back;
  /// - between the steps of `undo N` and `redo N`: the steps taken are
  ///   put back;
  /// - inside `diff`, and inside a document command that asks
  ///   (``DocumentCommandContext/checkInterruption()``, as a text
  ///   document's `replace` does before it changes anything);
  /// - between the pieces of long output (``writeInterruptibly(_:)``:
  ///   `show`, `diff`, what a document command prints), so that Ctrl-C
  ///   stops a long listing at once; a document command whose printing
  ///   was stopped is rolled back.
  ///
  /// It cannot stop other single commands midway, such as one long save, read
  /// or edit inside DocKit or a document type: the interruption takes
  /// effect at the next safe point after it.
  func checkInterruption() throws(InterruptedError) {
    if Task.isCancelled || isInterruptRequested() { throw InterruptedError() }
  }

  /// The most bytes ``writeInterruptibly(_:)`` hands the output at once:
  /// small enough that a terminal takes it in a few milliseconds, so that
  /// Ctrl-C stops long output at once; large enough that asking between
  /// pieces costs nothing measurable.
  static let outputPieceSize = 16 * 1024

  /// Writes `text` to the output in pieces of at most
  /// ``outputPieceSize`` bytes, asking before and after each piece whether
  /// the user asked to stop, and throws ``InterruptedError`` if so: the
  /// rest is not written. For output that may be long (`show`, `diff`, a
  /// document command's printing); a safe point, as nothing has changed
  /// when a command writes.
  ///
  /// An output that stops writing when Ctrl-C comes (the prompt's
  /// terminal) cuts a piece short; the question after the piece then
  /// finds the interruption, so a cut piece is never taken for a whole
  /// one.
  func writeInterruptibly(_ text: String) throws(InterruptedError) {
    try checkInterruption()
    let bytes = text.utf8
    guard bytes.count > Self.outputPieceSize else {
      output.write(text)
      try checkInterruption()
      return
    }
    var start = bytes.startIndex
    while start < bytes.endIndex {
      var end =
        bytes.index(start, offsetBy: Self.outputPieceSize, limitedBy: bytes.endIndex)
        ?? bytes.endIndex
      // Never inside a character's encoding: back to the start of one.
      while end < bytes.endIndex, end > start, bytes[end] & 0xC0 == 0x80 {
        bytes.formIndex(before: &end)
      }
      if end == start { end = bytes.endIndex }
      output.write(String(decoding: bytes[start..<end], as: UTF8.self))
      try checkInterruption()
      start = end
    }
  }

  /// Whether `error` is an interruption, perhaps wrapped by a group.
  static func isInterruption(_ error: any Error) -> Bool {
    switch error {
    case is InterruptedError: true
    case let located as Located: isInterruption(located.error)
    case let kept as GroupKept: isInterruption(kept.error)
    default: false
    }
  }
}
