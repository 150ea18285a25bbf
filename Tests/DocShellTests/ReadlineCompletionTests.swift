import DocFormats
import DocScript
import DocTestSupport
import Foundation
import Glibc
import Testing

@testable import DocShell

#if LineEditingLibedit
  import CLibedit
#else
  import CReadline
#endif

/// The readline side of Tab completion: the engine's answer turned into
/// what readline inserts and lists, wherever readline's word starts.
@MainActor
@Suite("Readline completion")
struct ReadlineCompletionTests {
  static func match(
    _ value: String, _ replacement: String? = nil, final: Bool = true
  )
    -> Completion.Match
  {
    Completion.Match(value: value, replacement: replacement ?? value, isFinal: final)
  }

  @Test("A unique match is inserted from wherever readline's word starts, with a blank")
  func unique() {
    let completion = Completion(range: 4..<6, matches: [Self.match("Trip")])
    #expect(
      ReadlineCompletion.readlineMatches(completion, text: "use Tr", replacingFrom: 4)
        == ["Trip "])
    #expect(
      ReadlineCompletion.readlineMatches(completion, text: "use Tr", replacingFrom: 0)
        == ["use Trip "])
    #expect(
      ReadlineCompletion.readlineMatches(completion, text: "use Tr", replacingFrom: 5)
        == ["rip "])
  }

  @Test("Several matches: their common part, then each from readline's word start (after '/')")
  func several() {
    let completion = Completion(
      range: 5..<12,
      matches: [Self.match("notes/a.txt"), Self.match("notes/ab/", final: false)])
    #expect(
      ReadlineCompletion.readlineMatches(completion, text: "open notes/a", replacingFrom: 11)
        == ["a", "a.txt", "ab/"])
  }

  @Test("Inside a quote, a unique match closes it; a folder gets no blank")
  func quotes() {
    let quoted = Completion(
      range: 5..<8, matches: [Self.match("my file.txt", "\"my file.txt")], openQuote: "\"")
    #expect(
      ReadlineCompletion.readlineMatches(quoted, text: "open \"my", replacingFrom: 6)
        == ["my file.txt\" "])
    let folder = Completion(range: 5..<6, matches: [Self.match("notes/", final: false)])
    #expect(
      ReadlineCompletion.readlineMatches(folder, text: "open n", replacingFrom: 5) == ["notes/"])
  }

  @Test("Nothing to offer gives readline nothing (no file-name fallback)")
  func nothing() {
    let completion = Completion(range: 6..<8, matches: [])
    #expect(
      ReadlineCompletion.readlineMatches(completion, text: "print ne", replacingFrom: 6) == nil)
  }
}

/// Real GNU readline reading keys from a pipe: Tab completes through the
/// installed completer, and the export dialog's line starts pre-filled.
/// readline's state is global, so these run one at a time.
@MainActor
@Suite(
  "Readline, driven by keys", .serialized,
  .enabled(
    if: !LineEditorBuild.isLibedit,
    "libedit does not edit input that is not a terminal: it reads the pipe's lines as they are, so Tab, Ctrl-A and Ctrl-U are not applied"
  ))
struct ReadlineKeysTests {
  /// Runs `body` with readline reading `keys` and writing nowhere.
  static func withKeys<T>(_ keys: String, _ body: () async -> T) async throws -> T {
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    let bytes = Array(keys.utf8)
    #expect(write(descriptors[1], bytes, bytes.count) == bytes.count)
    close(descriptors[1])
    let input = try #require(fdopen(descriptors[0], "r"))
    let output = try #require(fopen("/dev/null", "w"))
    docrepl_completion_set_streams(input, output)
    defer {
      docrepl_completion_set_streams(nil, nil)
      fclose(input)
      fclose(output)
    }
    return await body()
  }

  static func interpreter(in folder: TemporaryDirectory) async -> Interpreter {
    let options = Interpreter.Options(
      workingDirectory: folder.url, autosaveDirectory: folder("autosave"))
    let interpreter = Interpreter(
      registry: DocFormats.makeRegistry(), options: options, output: CapturedOutput())
    await interpreter.run(
      ScriptSource(
        name: "setup",
        text: "new json Trip\nset /items '[{\"name\": 1}]'\nset /title '\"x\"'\n"))
    return interpreter
  }

  @Test(
    "Tab completes a command, a document name, a JSON key and a path",
    arguments: [
      ("us\t\n", "use "),
      ("use T\t\n", "use Trip "),
      ("get /it\t0/n\t\n", "get /items/0/name "),
      ("get /it\t\t\n", "get /items/0/"),
      ("get /items/0/x\t\n", "get /items/0/x"),
      ("open my\t\n", "open my\\ file.txt "),
      ("open \"my\t\n", "open \"my file.txt\" "),
      ("open my\\ f\t\n", "open my\\ file.txt "),
      ("print x; ne\t\n", "print x; new "),
      ("open su\t\n", "open sub/"),
      ("open su\t\t\n", "open sub/inner.txt "),
      ("print ne\t\n", "print ne"),
    ])
  func tab(_ keys: String, _ line: String) async throws {
    let folder = try TemporaryDirectory("keys")
    try folder.write("x", to: "my file.txt")
    try folder.write("x", to: "sub/inner.txt")
    let interpreter = await Self.interpreter(in: folder)
    ReadlineCompletion.install(for: interpreter)
    let read = try await Self.withKeys(keys) {
      docrepl_readline("> ").map { String(cString: $0) }
    }
    #expect(read == line)
  }

  @Test("A continued input completes with its earlier lines")
  func continuation() async throws {
    let folder = try TemporaryDirectory("keys")
    let interpreter = await Self.interpreter(in: folder)
    ReadlineCompletion.install(for: interpreter) { "print \"two\nlines\"; " }
    let read = try await Self.withKeys("us\t\n") {
      docrepl_readline("> ").map { String(cString: $0) }
    }
    #expect(read == "use ")
  }

  @Test(
    "The export line starts with the default filename, and may be edited",
    arguments: [
      ("\n", "Trip.json"),
      ("\u{7F}\u{7F}\u{7F}\u{7F}md\n", "Trip.md"),
      ("\u{01}out/\n", "out/Trip.json"),
      // An emptied line is an empty answer: the presenter takes the default.
      ("\u{15}\n", ""),
      ("\u{15}   \n", ""),
    ] as [(String, String?)])
  func exportLine(_ keys: String, _ expected: String?) async throws {
    let dialog = ReadlineExportPrompt()
    let destination = try await Self.withKeys(keys) {
      await dialog.exportDestination(defaultFilename: "Trip.json")
    }
    #expect(destination == expected)
  }

  @Test(
    "Tab at the export line completes files and folders, as for a PATH argument",
    arguments: [
      ("\u{15}su\t\n", "sub/"),
      ("\u{15}su\t\t\n", "sub/inner.txt"),
      ("\u{15}my\t\n", "my file.txt"),
      ("\u{15}sub/in\t\n", "sub/inner.txt"),
    ])
  func exportLineCompletesPaths(_ keys: String, _ expected: String) async throws {
    let folder = try TemporaryDirectory("keys")
    try folder.write("x", to: "my file.txt")
    try folder.write("x", to: "sub/inner.txt")
    let interpreter = await Self.interpreter(in: folder)
    let completion = ReadlineCompletion.install(for: interpreter)
    let dialog = ReadlineExportPrompt(completion: completion)
    let destination = try await Self.withKeys(keys) {
      await dialog.exportDestination(defaultFilename: "Trip.json")
    }
    #expect(destination == expected)
    // The state is the completion's own, and the dialog hands it back.
    #expect(!completion.lineIsPath)
    // The main prompt completes commands again afterwards.
    let read = try await Self.withKeys("us\t\n") {
      docrepl_readline("> ").map { String(cString: $0) }
    }
    #expect(read == "use ")
  }

  @Test("End of input on an emptied line cancels the export, and the next line starts empty")
  func endOfInput() async throws {
    let dialog = ReadlineExportPrompt()
    let destination = try await Self.withKeys("\u{15}") {
      await dialog.exportDestination(defaultFilename: "Trip.json")
    }
    #expect(destination == nil)
    let next = try await Self.withKeys("plain\n") {
      ReadlineExportPrompt.readline(prompt: "> ", initialText: "")
    }
    #expect(next == "plain")
  }
}

/// The export dialog's questions and answers, with a scripted reader.
@MainActor
@Suite("Export dialog")
struct ReadlineExportPromptTests {
  /// A reader that answers each question in turn and remembers it.
  final class Reader {
    var answers: [String?]
    var asked: [(prompt: String, initialText: String)] = []
    init(_ answers: [String?]) { self.answers = answers }
    func read(_ prompt: String, _ initialText: String) -> String? {
      asked.append((prompt, initialText))
      return answers.isEmpty ? nil : answers.removeFirst()
    }
  }

  @Test(
    "The destination is the line typed, trimmed (empty takes the default); cancelled is nil",
    arguments: [
      ("Trip.json", "Trip.json"), ("  out/Trip.md ", "out/Trip.md"), ("", ""), ("   ", ""),
      (nil, nil),
    ] as [(String?, String?)])
  func destination(_ answer: String?, _ expected: String?) async {
    let reader = Reader([answer])
    let dialog = ReadlineExportPrompt { reader.read($0, $1) }
    #expect(await dialog.exportDestination(defaultFilename: "Trip.json") == expected)
    #expect(reader.asked.map(\.prompt) == ["export to: "])
    #expect(reader.asked.map(\.initialText) == ["Trip.json"])
  }

  @Test(
    "Only y or yes replaces",
    arguments: [
      ("y", true), ("Y", true), ("yes", true), (" YES ", true), ("n", false), ("", false),
      ("yep", false), (nil, false),
    ] as [(String?, Bool)])
  func replace(_ answer: String?, _ expected: Bool) async {
    let reader = Reader([answer])
    let dialog = ReadlineExportPrompt { reader.read($0, $1) }
    #expect(await dialog.confirmReplace("Trip.json") == expected)
    #expect(reader.asked.map(\.prompt) == ["replace 'Trip.json'? [y/N] "])
    #expect(reader.asked.map(\.initialText) == [""])
  }

  @Test("A document package is asked about as a folder")
  func replaceFolder() async {
    let reader = Reader(["y"])
    let dialog = ReadlineExportPrompt { reader.read($0, $1) }
    #expect(await dialog.confirmReplace(folder: "Trip.notes"))
    #expect(reader.asked.map(\.prompt) == ["replace the folder 'Trip.notes'? [y/N] "])
  }
}
