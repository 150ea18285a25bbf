public import DocKit
public import Foundation

/// A command that a document type adds: its spec, and what it does to a
/// session holding a document of that type.
///
///     let amount = CommandParameter.optional("N")
///     DocumentCommand<Counter>(
///       CommandSpec("increment", [amount], summary: "adds N to the count",
///                   example: "increment 2", topic: .document)
///     ) { context in
///       let n = try context.arguments[amount]?.integer("N") ?? 1
///       context.session.perform { $0.add(n) }
///     }
public struct DocumentCommand<Document>: Sendable {
  /// The command's name, parameters and help.
  public var spec: CommandSpec
  /// Runs the command.
  public var run: @MainActor @Sendable (DocumentCommandContext<Document>) async throws -> Void

  /// Creates a command.
  public init(
    _ spec: CommandSpec,
    run: @escaping @MainActor @Sendable (DocumentCommandContext<Document>) async throws -> Void
  ) {
    self.spec = spec
    self.run = run
  }
}

/// What a document command gets: the session, its arguments, and where to
/// print.
@MainActor
public struct DocumentCommandContext<Document> {
  /// The session of the document the command acts on. Edits go through
  /// it (`perform`, or the document's own methods with its undo manager)
  /// so that each is undoable.
  public let session: DocumentSession<Document>
  /// The command's arguments.
  public let arguments: ParsedArguments
  let output: @MainActor (String) -> Void
  let workingDirectory: URL
  /// Whether the user asked to stop (Ctrl-C) or the run was cancelled.
  let isInterrupted: @MainActor () -> Bool

  init(
    session: DocumentSession<Document>, arguments: ParsedArguments,
    output: @escaping @MainActor (String) -> Void, workingDirectory: URL,
    isInterrupted: @escaping @MainActor () -> Bool = { false }
  ) {
    self.session = session
    self.arguments = arguments
    self.output = output
    self.workingDirectory = workingDirectory
    self.isInterrupted = isInterrupted
  }

  /// Whether the user asked to stop (Ctrl-C at the prompt) or the run was
  /// cancelled. A long command asks now and then, before it changes the
  /// document, and then throws ``checkInterruption()``'s error.
  public var interruptionRequested: Bool { isInterrupted() }

  /// Throws the error that stops a command the user interrupted, when
  /// ``interruptionRequested``; the command is then rolled back, as any
  /// failed command is.
  public func checkInterruption() throws {
    if isInterrupted() { throw InterruptedError() }
  }

  /// Prints `text` and a newline to the script's output.
  public func print(_ text: String) {
    output(text)
  }

  /// The URL of a path argument, resolved against the script's working
  /// folder.
  public func url(for path: Argument) -> URL {
    PathResolver(workingDirectory: workingDirectory).url(for: path.text)
  }

  /// The URL of a path argument the command reads, resolved against the
  /// script's working folder, when the session may read it: a confined
  /// session (`DocumentEnvironment.confinement`) reads only where its
  /// rule allows.
  ///
  /// - Throws: ``ScriptError`` at the argument, naming the path and the
  ///   rule, for a path the session may not read.
  public func url(toRead path: Argument) throws -> URL {
    try PathResolver(
      workingDirectory: workingDirectory, confinement: session.environment.confinement
    ).url(for: path, toRead: true)
  }

  /// Renders errors as the interpreter's diagnostics do, with paths
  /// relative to the script's working folder: for a command that reports
  /// a library error inside a message of its own.
  public var errorMessage: ErrorMessage {
    ErrorMessage(resolver: PathResolver(workingDirectory: workingDirectory))
  }
}
