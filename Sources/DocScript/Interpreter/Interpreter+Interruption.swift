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
  ///   document's `replace` does before it changes anything).
  ///
  /// It cannot stop other single commands midway, such as one long save, read
  /// or edit inside DocKit or a document type: the interruption takes
  /// effect at the next safe point after it.
  func checkInterruption() throws(InterruptedError) {
    if Task.isCancelled || isInterruptRequested() { throw InterruptedError() }
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
