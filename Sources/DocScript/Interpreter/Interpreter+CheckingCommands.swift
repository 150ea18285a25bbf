import DocKit
import Foundation

extension Interpreter {
  /// The names of the commands whose result is a check's, the one place
  /// that says so: a failure of theirs is a failed check, and `test
  /// --update` keeps their expectations as written. `help` lists them
  /// under the checking topic.
  nonisolated package static let checkCommandNames: Set<String> = ["expect", "expect-error"]

  static let checkingCommands: [BuiltinCommand] = [
    BuiltinCommand(
      spec: CommandSpec(
        "expect", [BuiltinParameter.expectWhat, BuiltinParameter.expectValue],
        summary: "fails unless the document is as expected",
        discussion: """
          expect dirty | clean | can-undo | can-redo | no-undo | no-redo
          expect show TEXT          the output of 'show' is TEXT (use a heredoc for several lines)
          expect file PATH [TEXT]   PATH exists and, with TEXT, holds exactly those bytes
          expect sha256 PATH HEX    PATH's SHA-256 is HEX
          """,
        example: "expect show <<EOF\n…\nEOF", topic: .checking,
        completing: [
          "WHAT": .choice([
            "can-redo", "can-undo", "clean", "dirty", "file", "no-redo", "no-undo", "sha256",
            "show",
          ])
        ]),
      actsOnDocument: true,
      // `expect file` and `expect sha256` look at the disk, not at a
      // document: they work with none open.
      target: { interpreter, arguments in
        if ["file", "sha256"].contains(arguments[BuiltinParameter.expectWhat].text),
          arguments[BuiltinParameter.doc] == nil
        {
          return nil
        }
        return try interpreter.document(for: arguments)
      }
    ) { interpreter, arguments, handle in
      try await interpreter.expect(arguments, handle)
    },
    BuiltinCommand(
      spec: CommandSpec(
        "expect-error",
        [
          BuiltinParameter.errorSubstring, BuiltinParameter.errorCommand,
          BuiltinParameter.errorArguments,
        ],
        summary: "runs COMMAND and fails unless it fails with a message containing SUBSTRING",
        discussion: "Either way, COMMAND leaves every document as it was.",
        example: "expect-error 'no such file' open missing.txt", topic: .checking,
        completing: ["COMMAND": .commandLine]),
      actsOnDocument: false
    ) { interpreter, arguments, _ in
      try await interpreter.expectError(arguments)
    },
  ]

  func expect(_ arguments: ParsedArguments, _ target: (any DocumentHandle)?) async throws {
    let what = arguments[BuiltinParameter.expectWhat]
    let values = arguments[BuiltinParameter.expectValue]
    switch what.text {
    case "file":
      try expectFile(values, at: arguments)
      return
    case "sha256":
      try expectDigest(values, what: what)
      return
    default:
      break
    }
    guard let handle = target else { return }
    func flag(_ holds: Bool, _ message: @autoclosure () -> String) throws {
      guard values.isEmpty else {
        throw ScriptError(
          "'expect \(what.text)' takes no value", at: values[0],
          notes: Self.expectUsage("expect \(what.text)"))
      }
      guard holds else { throw ScriptError(message(), at: arguments.range) }
    }
    let undoManager = handle.session.undoManager
    switch what.text {
    case "dirty": try flag(handle.session.isDirty, "expected the document to be dirty; it is clean")
    case "clean":
      try flag(!handle.session.isDirty, "expected the document to be clean; it is dirty")
    case "can-undo": try flag(undoManager.canUndo, "expected something to undo; there is nothing")
    case "can-redo": try flag(undoManager.canRedo, "expected something to redo; there is nothing")
    case "no-undo":
      try flag(
        !undoManager.canUndo,
        "expected nothing to undo; '\(undoManager.undoMenuItemTitle)' is there")
    case "no-redo":
      try flag(
        !undoManager.canRedo,
        "expected nothing to redo; '\(undoManager.redoMenuItemTitle)' is there")
    case "show":
      guard values.count == 1 else {
        throw ScriptError(
          "expected one TEXT after 'expect show'", at: values.dropFirst().first ?? what,
          notes: Self.expectUsage("expect show TEXT"))
      }
      try Self.compare(
        expected: values[0].text, actual: try await handle.show(), at: arguments.range)
    default:
      let kinds = [
        "dirty", "clean", "can-undo", "can-redo", "no-undo", "no-redo", "show", "file", "sha256",
      ]
      throw ScriptError(
        "unknown expectation '\(what.text)'", at: what,
        notes: [
          Suggestions.note(for: what.text, among: kinds)
            ?? .init("expect one of " + kinds.joined(separator: ", "))
        ])
    }
  }

  private func expectDigest(_ values: [Argument], what: Argument) throws {
    guard values.count == 2 else {
      throw ScriptError(
        "expected PATH and HEX after 'expect sha256'", at: what,
        notes: Self.expectUsage("expect sha256 PATH HEX", onDocument: false))
    }
    let url = try resolver.url(for: values[0], toRead: true)
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw ScriptError("no such file '\(resolver.display(url))'", at: values[0])
    }
    let digest = SHA256.hexDigest(of: data)
    guard digest == values[1].text.lowercased() else {
      throw ScriptError(
        "expected sha256 \(values[1].text) for '\(resolver.display(url))', got \(digest)",
        at: values[1])
    }
  }

  /// The usage line of one kind of `expect`, for its usage errors.
  static func expectUsage(_ usage: String, onDocument: Bool = true) -> [Diagnostic.Note] {
    [.init("usage: \(usage)" + (onDocument ? " [--doc NAME]" : ""))]
  }

  private func expectFile(_ values: [Argument], at arguments: ParsedArguments) throws {
    guard let path = values.first, values.count <= 2 else {
      throw ScriptError(
        "expected PATH [TEXT] after 'expect file'",
        at: values.dropFirst(2).first ?? arguments.command,
        notes: Self.expectUsage("expect file PATH [TEXT]", onDocument: false))
    }
    let url = try resolver.url(for: path, toRead: true)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw ScriptError("expected '\(resolver.display(url))' to exist; it does not", at: path)
    }
    guard values.count == 2 else { return }
    guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: url.path) else {
      throw ScriptError("'\(resolver.display(url))' is not a regular file", at: path)
    }
    let expected = Data(values[1].text.utf8)
    guard data != expected else { return }
    let actual = String(decoding: data, as: UTF8.self)
    throw Self.mismatch(
      "'\(resolver.display(url))' does not hold the expected bytes", expected: values[1].text,
      actual: actual, at: values[1].range)
  }

  /// Compares what `show` printed with the expected text. Both are taken
  /// as lines, so a missing final newline on either side does not matter.
  static func compare(expected: String, actual: String, at range: SourceRange) throws {
    func normal(_ text: String) -> String {
      // By bytes: a final `\r\n` is one `Character`, not a `\n`.
      text.utf8.last == UInt8(ascii: "\n") || text.isEmpty ? text : text + "\n"
    }
    // By bytes, not by Unicode canonical equivalence, which would take a
    // precomposed `é` for a decomposed one.
    guard !normal(expected).utf8.elementsEqual(normal(actual).utf8) else { return }
    throw mismatch("'show' does not match", expected: expected, actual: actual, at: range)
  }

  static func mismatch(
    _ message: String, expected: String, actual: String, at range: SourceRange
  ) -> ScriptError {
    let expectedLines = lines(of: expected)
    let actualLines = lines(of: actual)
    if expectedLines.count <= 1 && actualLines.count <= 1 {
      var (shownExpected, shownActual) = (expectedLines.first ?? "", actualLines.first ?? "")
      // Texts that differ only in their line endings are shown whole.
      if shownExpected.utf8.elementsEqual(shownActual.utf8) {
        (shownExpected, shownActual) = (expected, actual)
      }
      // Texts that look alike but differ in their bytes (a precomposed
      // `é` and a decomposed one) are shown with the scalars spelled out.
      let spelled = shownExpected == shownActual
      return ScriptError(
        "\(message): expected \(quoted(shownExpected, spellingNonASCII: spelled)), got \(quoted(shownActual, spellingNonASCII: spelled))",
        at: range)
    }
    let diff = UnifiedDiff(
      old: expectedLines, new: actualLines, oldName: "expected", newName: "actual")
    return ScriptError(
      message, at: range,
      detail: diff.isEmpty ? "(they differ only in line endings)" : diff.description)
  }

  /// Text in single quotes, with control characters escaped, and with
  /// `spellingNonASCII` every scalar beyond ASCII too.
  static func quoted(_ text: String, spellingNonASCII: Bool = false) -> String {
    var out = "'"
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case "'": out += "\\'"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || (spellingNonASCII && !scalar.isASCII) {
          out += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "'"
  }
}
