import DocKit
import Testing

/// One call in a scripted use of an undo manager, on a ``Counter``.
enum UndoStep: Sendable, CustomTestStringConvertible {
  case begin
  case end
  /// Sets the counter, registering its undo.
  case set(Int)
  /// Sets the counter inside its own `beginUndoGrouping()` and
  /// `endUndoGrouping()`: one explicit group.
  case step(Int)
  case undo
  case undoNested
  case redo
  case boundary
  /// Records `groupingLevel`; changes nothing.
  case level

  @MainActor
  func run(on manager: UndoManager, _ counter: Counter) {
    switch self {
    case .begin: manager.beginUndoGrouping()
    case .end: manager.endUndoGrouping()
    case .set(let value): counter.set(value)
    case .step(let value):
      manager.beginUndoGrouping()
      counter.set(value)
      manager.endUndoGrouping()
    case .undo: manager.undo()
    case .undoNested: manager.undoNestedGroup()
    case .redo: manager.redo()
    case .boundary: manager.markEventBoundary()
    case .level: break
    }
  }

  var testDescription: String {
    switch self {
    case .begin: "begin"
    case .end: "end"
    case .set(let value): "set \(value)"
    case .step(let value): "step \(value)"
    case .undo: "undo"
    case .undoNested: "undoNested"
    case .redo: "redo"
    case .boundary: "boundary"
    case .level: "level"
    }
  }
}
