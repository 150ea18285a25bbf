import DocScript
import DocTestSupport
import Foundation
import Testing

@testable import DocShell

/// A program built with `Docrepl.main(documentTypes:)` calls itself by its
/// own name: its executable's (here the built `docrepl` run through a
/// link named `notes-repl`), or the one it passes.
@Suite("The program's own name", .serialized)
struct ProgramNameTests {
  /// The built binary, run through a symbolic link named `name` in a
  /// temporary folder.
  static func runLinked(
    _ name: String, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> ProcessResult {
    let folder = try TemporaryDirectory("name")
    let link = folder(name)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: docreplExecutable)
    return try runProgram(link, arguments, environment: environment)
  }

  /// The words of `text` that name docrepl where the program should name
  /// itself: `docrepl` standing alone, not `docs/docrepl.1` or
  /// `Docrepl.main`.
  static func docreplMentions(in text: String) -> [String] {
    text.split(whereSeparator: { $0 == "\n" }).filter { line in
      // The guides are docrepl's, whatever program shows the page.
      !line.contains("docs folder of docrepl")
        && line.replacingOccurrences(of: "docs/docrepl.1", with: "")
          .replacingOccurrences(of: "(docrepl 0.1.0", with: "")
          .range(of: #"(^|[^A-Za-z0-9.\-])docrepl($|[^A-Za-z0-9\-_])"#, options: .regularExpression)
          != nil
    }.map(String.init)
  }

  @Test("--version, --help and each command's help name the program by its executable's name")
  func helpAndVersion() throws {
    let version = try Self.runLinked("notes-repl", ["--version"])
    #expect(version.output.hasPrefix("notes-repl (docrepl "), "\(version.output)")
    for arguments in [["--help"], ["run", "--help"], ["completion", "--help"], ["help", "man"]] {
      let help = try Self.runLinked("notes-repl", arguments)
      #expect(help.status == 0)
      #expect(help.output.contains("USAGE: notes-repl"), "\(arguments): \(help.output)")
      #expect(Self.docreplMentions(in: help.output) == [], "\(arguments)")
    }
    let help = try Self.runLinked("notes-repl", ["--help"])
    let words = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("$NOTES_REPL_HISTORY, else $XDG_STATE_HOME/notes-repl/history"))
    // The shipped name stays.
    let own = try runDocrepl(["--version"])
    #expect(own.output.hasPrefix("docrepl 0.1.0 (\(CommandLineTests.lineEditor.name)"))
  }

  @Test("Errors start with the program's name")
  func errorPrefixes() throws {
    let unknown = try Self.runLinked("notes-repl", ["--frobnicate"])
    #expect(unknown.status == 64)
    #expect(unknown.errors.hasPrefix("notes-repl: error: unknown option '--frobnicate'"))
    #expect(unknown.errors.contains("Run 'notes-repl --help' for more."))
    let folder = try Self.runLinked("notes-repl", ["run", "-C", "/nonexistent-folder", "x"])
    #expect(folder.errors.hasPrefix("notes-repl run: error: no such folder"), "\(folder.errors)")
    let test = try Self.runLinked("notes-repl", ["test", "/nonexistent/a.docscript"])
    #expect(test.errors.hasPrefix("notes-repl test: "), "\(test.errors)")
    #expect(Self.docreplMentions(in: folder.errors + test.errors + unknown.errors) == [])
  }

  @Test(
    "The completion scripts complete the program's own name, with shell functions of their own",
    arguments: ["bash", "zsh", "fish"])
  func completion(shell: String) throws {
    let result = try Self.runLinked("notes-repl", ["completion", shell])
    #expect(result.status == 0)
    let script = result.output
    switch shell {
    case "bash":
      #expect(script.hasSuffix("\ncomplete -F _notes_repl notes-repl\n"))
      #expect(script.contains("_notes_repl_test() {"))
    case "zsh":
      #expect(script.hasPrefix("#compdef notes-repl\n"))
      #expect(script.contains("_notes_repl_check() {"))
      #expect(script.hasSuffix("\n_notes_repl \"$@\"\n"))
    default:
      #expect(script.contains("\ncomplete -c notes-repl -f\n"))
      #expect(script.contains("function __notes_repl_needs_command"))
      #expect(!script.contains("complete -c docrepl"))
    }
    #expect(!script.contains("_docrepl"))
    #expect(Self.docreplMentions(in: script) == [])
  }

  @Test("The man page is the program's: its title, synopsis, files and environment")
  func manPage() throws {
    let result = try Self.runLinked("trips", ["man"])
    let page = result.output
    #expect(page.hasPrefix(".TH TRIPS 1 \"\" \"trips (docrepl 0.1.0)\""), "\(page.prefix(80))")
    #expect(page.contains("\\fBtrips run\\fR"))
    #expect(page.contains("TRIPS_HISTORY"))
    #expect(page.contains("~/.local/state/trips/history"))
    #expect(page.contains("~/.local/state/trips/autosave"))
    #expect(Self.docreplMentions(in: page) == [])
  }

  @Test("A name passed to Docrepl.run wins, in process")
  @MainActor
  func explicitName() async {
    var output = ""
    var errors = ""
    let status = await Docrepl.run(
      arguments: ["--version"], registry: DocumentTypeRegistry(documentTypes: DocumentType.builtIn),
      environment: [:], name: "trips", output: &output, errors: &errors)
    #expect(status == .success)
    #expect(output.hasPrefix("trips (docrepl 0.1.0, \(CommandLineTests.lineEditor.name)"))
    let usage = await Docrepl.run(
      arguments: ["inspect"], registry: DocumentTypeRegistry(documentTypes: DocumentType.builtIn),
      environment: [:], name: "trips", output: &output, errors: &errors)
    #expect(usage == .usage)
    #expect(errors.hasPrefix("trips inspect: error: "), "\(errors)")
    #expect(errors.contains("USAGE: trips inspect <path>"))
  }

  @Test("Another program's history is kept apart from docrepl's")
  func historyApart() throws {
    let state = URL(fileURLWithPath: "/state")
    let environment = ["XDG_STATE_HOME": state.path, "DOCREPL_HISTORY": "/docrepl-history"]
    let notes = try #require(ProgramName("notes-repl"))
    let folder = URL(fileURLWithPath: "/work")
    #expect(
      History.location(override: nil, environment: environment, in: folder, program: notes)?.path
        == "/state/notes-repl/history")
    #expect(
      History.location(
        override: nil, environment: ["NOTES_REPL_HISTORY": "/h"], in: folder, program: notes)?
        .path == "/h")
    #expect(
      History.location(override: nil, environment: environment, in: folder, program: .docrepl)?
        .path == "/docrepl-history")
  }

  @Test(
    "The name comes from the executable's last component; a name that cannot be one is docrepl",
    arguments: [
      ("/usr/local/bin/notes-repl", "notes-repl"), ("notes-repl", "notes-repl"),
      ("./build/checklist", "checklist"), ("", "docrepl"), ("/usr/bin/bad name", "docrepl"),
      ("/usr/bin/-x", "docrepl"),
    ])
  func executableName(path: String, name: String) {
    #expect(ProgramName(executablePath: path).text == name)
  }

  @Test("Only the words that name the program are renamed")
  func naming() throws {
    let notes = try #require(ProgramName("notes-repl"))
    #expect(
      notes.naming(
        "docrepl run; 'docrepl's'; docs/docrepl.1; org.docrepl.x; Docrepl.main; _docrepl; docrepl-test; $DOCREPL_HISTORY"
      )
        == "notes-repl run; 'notes-repl's'; docs/docrepl.1; org.docrepl.x; Docrepl.main; _notes-repl; docrepl-test; $NOTES_REPL_HISTORY"
    )
  }
}
