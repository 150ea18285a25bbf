public import DocScript
import Foundation

extension Docrepl {
  /// Runs the whole `docrepl` program (the prompt, `run`, `test`,
  /// `inspect`) over your own document types, and returns the exit status
  /// for `exit`:
  ///
  ///     import DocShell
  ///     import Foundation
  ///
  ///     exit(await Docrepl.main(documentTypes: [DocumentType(.scripted(Counter.self), kind: .fileDocument)]))
  ///
  /// Only the types given are offered; add ``DocumentType/builtIn`` for
  /// `docrepl`'s own (text, markdown, json, notes, binary).
  ///
  /// The program calls itself by `name`, or else by its executable's
  /// name: `notes-repl --help` shows `USAGE: notes-repl …`, its errors
  /// start `notes-repl run: error:`, `notes-repl completion bash` completes
  /// `notes-repl`, and its history and the autosaves of its untitled
  /// documents are kept in `~/.local/state/notes-repl`, apart from
  /// `docrepl`'s.
  ///
  /// - Parameters:
  ///   - documentTypes: The types `new` and `open` know, the first ones
  ///     winning ties when `open` picks a type for a file.
  ///   - name: The program's name; nil for the executable's (the last
  ///     component of `argv[0]`). See
  ///     ``run(arguments:registry:environment:name:output:errors:)`` for
  ///     the names allowed.
  ///   - arguments: The command line without the program's name.
  @MainActor
  public static func main(
    documentTypes: [DocumentType], name: String? = nil,
    arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) async -> Int32 {
    let registry = DocumentTypeRegistry(documentTypes: documentTypes)
    var output = StandardStream.output
    var errors = StandardStream.error
    // The program can start itself again, confined (`--confine`).
    return await ProgramCopy.$arguments.withValue(
      [CommandLine.arguments.first ?? executableName] + arguments
    ) {
      await run(
        arguments: arguments, registry: registry,
        environment: ProcessInfo.processInfo.environment, name: name ?? executableName,
        output: &output, errors: &errors
      ).rawValue
    }
  }
}

extension DocumentTypeRegistry {
  /// A registry of `documentTypes`, in order: what
  /// ``Docrepl/main(documentTypes:name:arguments:)`` runs with, for a program
  /// that calls ``Docrepl/run(arguments:registry:environment:name:output:errors:)``
  /// itself.
  public convenience init(documentTypes: [DocumentType]) {
    self.init()
    for type in documentTypes { type.register(self) }
  }
}
