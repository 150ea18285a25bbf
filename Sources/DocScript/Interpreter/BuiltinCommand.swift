import DocKit
import Foundation

/// A command the language itself has, rather than a document type.
struct BuiltinCommand {
  /// What the command is called, takes and does.
  var spec: CommandSpec
  /// Whether it acts on a document (and so takes `--doc NAME`).
  var actsOnDocument: Bool
  /// The document the command changes, when that is not simply the one
  /// `--doc` or the current one names: `restore` changes its snapshot's
  /// document, `expect file` needs none. Nil for the default.
  var target: (@MainActor (Interpreter, ParsedArguments) throws -> (any DocumentHandle)?)?
  /// Whether it makes a document current (`new`, `open`): if it fails,
  /// however it fails, none is current afterwards, so that the commands
  /// after it cannot act on the one that was current before, which they
  /// were not meant for.
  var makesCurrent: Bool
  /// Runs it. The handle is the document's when ``actsOnDocument``.
  var run: @MainActor (Interpreter, ParsedArguments, (any DocumentHandle)?) async throws -> Void

  init(
    spec: CommandSpec, actsOnDocument: Bool,
    target: (@MainActor (Interpreter, ParsedArguments) throws -> (any DocumentHandle)?)? = nil,
    makesCurrent: Bool = false,
    run:
      @escaping @MainActor (Interpreter, ParsedArguments, (any DocumentHandle)?) async throws
      -> Void
  ) {
    self.spec = spec
    self.actsOnDocument = actsOnDocument
    self.target = target
    self.makesCurrent = makesCurrent
    self.run = run
  }
}
