import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

extension UTType {
  fileprivate static let sheet: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.sheet", conformsTo: ["public.data"],
        tags: [.filenameExtension: ["sheet"]], description: "sheet")
    ])
    return UTType(exportedAs: "org.docrepl.test.sheet")
  }()
}

/// The parameters of `put`, each declared once, as typed values.
private enum Put {
  static let row = CommandParameter.required("ROW")
  static let column = CommandParameter.optional("COLUMN")
  static let words = CommandParameter.rest("WORDS")
  static let force = CommandParameter.flag("force")
  static let at = CommandParameter.option("at", value: "N")
  static let label = CommandParameter.keyword("as", value: "NAME")

  static let all: [any AnyCommandParameter] = [row, column, words, force, at, label]
  /// The same parameters as `CommandSpec.Parameter` cases.
  static let cases: [CommandSpec.Parameter] = [
    .required("ROW"), .optional("COLUMN"), .rest("WORDS"), .flag("force"),
    .option("at", value: "N"), .keyword("as", value: "NAME"),
  ]

  static func spec(_ parameters: [any AnyCommandParameter]) -> CommandSpec {
    CommandSpec(
      "put", parameters, summary: "puts words in a cell", discussion: "Prints what it read.",
      example: "put 1 2 hello --force --at 3 as x", topic: .document)
  }

  static func spec(cases: [CommandSpec.Parameter]) -> CommandSpec {
    CommandSpec(
      "put", cases, summary: "puts words in a cell", discussion: "Prints what it read.",
      example: "put 1 2 hello --force --at 3 as x", topic: .document)
  }

  /// What a `put` prints, whichever way it read its arguments.
  static func line(
    row: Argument, column: Argument?, words: [Argument], force: Bool, at: Argument?,
    label: Argument?
  ) -> String {
    "row=\(row) column=\(column?.text ?? "-") words=\(words.map(\.text)) force=\(force)"
      + " at=\(at?.text ?? "-") as=\(label?.text ?? "-")"
  }
}

/// A document whose `put` declares its parameters as typed values and
/// reads them through the same values.
private struct TypedSheet: FileDocument, ScriptableFileDocument {
  static var readableContentTypes: [UTType] { [.sheet] }
  init() {}
  init(configuration: ReadConfiguration) throws {}
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data())
  }
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("sheet", .sheet)] }
  static func makeUntitled(contentType: UTType) -> TypedSheet { TypedSheet() }
  var scriptDescription: String { "" }

  @MainActor static var scriptCommands: [DocumentCommand<TypedSheet>] {
    [
      DocumentCommand(Put.spec(Put.all)) { context in
        // The annotations are the point: a required parameter is an
        // `Argument`, not an `Argument?`, so there is nothing to unwrap.
        let row: Argument = context.arguments[Put.row]
        let column: Argument? = context.arguments[Put.column]
        let words: [Argument] = context.arguments[Put.words]
        let force: Bool = context.arguments[Put.force]
        let at: Argument? = context.arguments[Put.at]
        let label: Argument? = context.arguments[Put.label]
        context.print(
          Put.line(row: row, column: column, words: words, force: force, at: at, label: label))
      }
    ]
  }
}

/// The same command declared with `CommandSpec.Parameter` cases and read
/// the older way, by place and by name, which still works.
private struct CaseSheet: FileDocument, ScriptableFileDocument {
  static var readableContentTypes: [UTType] { [.sheet] }
  init() {}
  init(configuration: ReadConfiguration) throws {}
  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data())
  }
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("sheet", .sheet)] }
  static func makeUntitled(contentType: UTType) -> CaseSheet { CaseSheet() }
  var scriptDescription: String { "" }

  @MainActor static var scriptCommands: [DocumentCommand<CaseSheet>] {
    [
      DocumentCommand(Put.spec(cases: Put.cases)) { context in
        let arguments = context.arguments
        guard let row = arguments[0] else { return }
        context.print(
          Put.line(
            row: row, column: arguments[1], words: Array(arguments.positionals.dropFirst(2)),
            force: arguments.has("force"), at: arguments.option("at"),
            label: arguments.option("as")))
      }
    ]
  }
}

@MainActor
@Suite("Command parameters declared once, as typed values")
struct CommandParameterTests {
  /// Runs `script` with one of the two sheets registered; what it printed,
  /// or its diagnostics.
  private func run<Sheet: ScriptableFileDocument>(
    _ script: String, with type: Sheet.Type
  ) async throws -> (succeeded: Bool, output: String) {
    let temporary = try TemporaryDirectory()
    let registry = DocumentTypeRegistry()
    registry.register(.scripted(type), kind: .fileDocument)
    let output = CapturedOutput()
    let interpreter = Interpreter(
      registry: registry, options: Interpreter.Options(workingDirectory: temporary.url),
      output: output)
    let result = await interpreter.run(ScriptSource(name: "t.docscript", text: script))
    return (
      result.succeeded,
      result.succeeded ? output.text : output.renderedDiagnostics.joined(separator: "\n")
    )
  }

  private static let word = SourceRange(at: SourceLocation(file: "t", line: 1, column: 1))

  /// `words` parsed by `spec`, as the interpreter parses a command.
  private func parse(
    _ words: [String], _ spec: CommandSpec
  ) throws(ScriptError) -> ParsedArguments {
    try ParsedArguments(
      command: Argument(text: spec.name, range: Self.word, isPlain: true),
      arguments: words.map { Argument(text: $0, range: Self.word, isPlain: true) }, spec: spec)
  }

  @Test(
    "Each kind of parameter arrives as its type, read through the value that declares it",
    arguments: [
      (
        "put 7",
        "row=7 column=- words=[] force=false at=- as=-"
      ),
      (
        "put 7 B one two --force --at 3 as total",
        "row=7 column=B words=[\"one\", \"two\"] force=true at=3 as=total"
      ),
      (
        "put --at 1 7 as x B",
        "row=7 column=B words=[] force=false at=1 as=x"
      ),
      (
        "put 7 B -- --force",
        "row=7 column=B words=[\"--force\"] force=false at=- as=-"
      ),
    ])
  func readsEachKind(line: String, expected: String) async throws {
    let typed = try await run("new sheet\n\(line)\n", with: TypedSheet.self)
    #expect(typed.succeeded, "\(typed.output)")
    #expect(typed.output == expected + "\n")
    // The older way reads the same values from the same words.
    let cases = try await run("new sheet\n\(line)\n", with: CaseSheet.self)
    #expect(cases.output == typed.output)
  }

  @Test("Without its required parameter, the command is refused before it runs")
  func requiredIsRefusedBeforeRunning() async throws {
    let result = try await run("new sheet\nput\n", with: TypedSheet.self)
    #expect(!result.succeeded)
    #expect(result.output.contains("missing ROW for 'put'"), "\(result.output)")
  }

  @Test("A spec made of typed parameters is the spec made of their cases: usage, parsing and help")
  func typedSpecEqualsCaseSpec() async throws {
    let typed = Put.spec(Put.all)
    let cases = Put.spec(cases: Put.cases)
    #expect(typed.parameters == cases.parameters)
    #expect(typed.usage == cases.usage)
    #expect(typed.usage == "put ROW [COLUMN] [WORDS…] [--force] [--at N] [as NAME]")
    for (script, shows) in [("help put\n", "put ROW [COLUMN]"), ("help\n", "put  puts words")] {
      let fromTyped = try await run(script, with: TypedSheet.self)
      let fromCases = try await run(script, with: CaseSheet.self)
      #expect(fromTyped.succeeded)
      #expect(fromTyped.output == fromCases.output)
      #expect(fromTyped.output.contains(shows), "\(fromTyped.output)")
    }
  }

  @Test("Reading a parameter the spec does not declare names the command and the parameter")
  func undeclaredParameterIsNamed() throws {
    let arguments = try parse(["7"], Put.spec([Put.row]))
    let undeclared: [(CommandSpec.Parameter, String)] = [
      (Put.force.declaration, "[--force]"), (Put.column.declaration, "[COLUMN]"),
      (CommandParameter.required("COLUMN").declaration, "COLUMN"),
      (Put.label.declaration, "[as NAME]"),
    ]
    for (parameter, shown) in undeclared {
      #expect(
        throws: UndeclaredParameterError(command: "put", parameter: shown, isDeclaredTwice: false)
      ) {
        try arguments.place(of: parameter)
      }
    }
    let error = UndeclaredParameterError(
      command: "put", parameter: "[--force]", isDeclaredTwice: false)
    #expect(
      error.description
        == "'put' reads the parameter [--force], which its CommandSpec does not declare")
    // What it declares is found, each positional at its place.
    let all = try parse(["7", "B"], Put.spec(Put.all))
    #expect(try all.place(of: Put.row.declaration) == 0)
    #expect(try all.place(of: Put.column.declaration) == 1)
    #expect(try all.place(of: Put.words.declaration) == 2)
    #expect(try all.place(of: Put.force.declaration) == nil)
  }

  @Test("A parameter declared twice cannot be read by its value")
  func declaredTwiceIsAmbiguous() throws {
    let arguments = try parse(["a", "b"], Put.spec([Put.row, Put.row]))
    #expect(
      throws: UndeclaredParameterError(command: "put", parameter: "ROW", isDeclaredTwice: true)
    ) {
      try arguments.place(of: Put.row.declaration)
    }
  }

  @Test(
    "A required parameter after an optional one is missing unless every word before it is given")
  func requiredAfterOptional() throws {
    let optional = CommandParameter.optional("A")
    let required = CommandParameter.required("B")
    let spec = CommandSpec(
      "pair", [optional, required], summary: "s", example: "pair", topic: .other)
    #expect(throws: ScriptError.self) { try parse(["x"], spec) }
    do {
      _ = try parse(["x"], spec)
    } catch {
      #expect(error.message == "missing B for 'pair'")
    }
    let both = try parse(["x", "y"], spec)
    #expect(both[optional]?.text == "x")
    #expect(both[required].text == "y")
  }

  @Test("The built-in commands and types declare each parameter once, so each reads by its value")
  func builtinSpecsDeclareEachParameterOnce() throws {
    let registry = DocumentTypeRegistry()
    registry.register(.scripted(TypedSheet.self), kind: .fileDocument)
    for (spec, _) in Interpreter.commandReference(for: registry) {
      #expect(Set(spec.parameters).count == spec.parameters.count, "\(spec.name)")
    }
  }

  @Test("No command unwraps a parameter with 'guard let … = arguments[…] else { return }'")
  func noHandlerUnwrapsByPlace() throws {
    // Such a guard does nothing, silently, if the spec and the command
    // ever disagree; the typed parameter makes it unnecessary.
    let folders = ["Sources", "docs", "examples", "Tests"]
    // A guard that throws when an optional parameter is absent (`diff`
    // without A) says what is wrong, and is not what this looks for.
    let pattern = /guard let \w+ = (context\.)?arguments\[.* else \{ return/
    var found: [String] = []
    for folder in folders {
      let root = packageRoot.appendingPathComponent(folder)
      let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
      while let url = files?.nextObject() as? URL {
        guard ["swift", "md"].contains(url.pathExtension), !url.path.contains("/.build/"),
          url.lastPathComponent != "CommandParameterTests.swift"
        else { continue }
        let text = try String(contentsOf: url, encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
          .enumerated()
        where line.contains(pattern) {
          found.append("\(url.path.dropFirst(packageRoot.path.count + 1)):\(number + 1)")
        }
      }
    }
    #expect(found.isEmpty, "\(found)")
  }
}
