import DocTestSupport
import Foundation
import Testing

/// `docrepl completion SHELL`: the bash script is loaded into bash and
/// asked what Tab offers; zsh and fish scripts are checked as text (and
/// parsed, where those shells are installed).
@Suite("docrepl completion")
struct CompletionScriptTests {
  static let bash = URL(fileURLWithPath: "/bin/bash")

  /// What the bash script offers for the words of `line` (the last one is
  /// being completed), run in `folder`.
  func offers(_ words: [String], in folder: URL? = nil) throws -> [String] {
    let script = try runDocrepl(["completion", "bash"])
    #expect(script.status == 0)
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("docrepl-completion-\(UUID().uuidString).bash")
    try Data(script.output.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let program = """
      source '\(file.path)'
      complete -p docrepl
      COMP_WORDS=(\(quoted.joined(separator: " ")))
      COMP_CWORD=\(words.count - 1)
      COMP_LINE="${COMP_WORDS[*]}"
      COMP_POINT=${#COMP_LINE}
      _docrepl
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try runProgram(Self.bash, ["--norc", "-c", program], in: folder)
    #expect(result.errors == "")
    #expect(result.status == 0)
    var lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "complete -F _docrepl docrepl")
    lines.removeFirst()
    return lines.sorted()
  }

  @Test("docrepl te<Tab> offers test")
  func subcommand() throws {
    #expect(try offers(["docrepl", "te"]) == ["test"])
    #expect(try offers(["docrepl", "--no-color", "i"]) == ["inspect"])
    #expect(try offers(["docrepl", "--history", "h", "r"]) == ["run"])
  }

  @Test("docrepl test --j<Tab> offers --jobs; the program's options at the top")
  func options() throws {
    #expect(try offers(["docrepl", "test", "--j"]) == ["--jobs", "--junit"].sorted())
    #expect(try offers(["docrepl", "test", "--jo"]) == ["--jobs"])
    #expect(try offers(["docrepl", "run", "--b"]) == ["--bail"])
    #expect(try offers(["docrepl", "--ver"]) == ["--version"])
    #expect(try offers(["docrepl", "--ba"]) == ["--bail", "--batch"])
    #expect(try offers(["docrepl", "completion", ""]) == ["bash", "fish", "zsh"])
    // A value that is free text gets nothing.
    #expect(try offers(["docrepl", "test", "--jobs", ""]) == [])
  }

  @Test("Operands complete to .docscript files and folders, and -C to folders")
  func files() throws {
    let folder = try TemporaryDirectory()
    for name in ["trip.docscript", "tour.docscript", "notes.txt"] {
      try Data().write(to: folder.url.appendingPathComponent(name))
    }
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("tests"), withIntermediateDirectories: false)
    #expect(
      try offers(["docrepl", "test", ""], in: folder.url) == [
        "tests", "tour.docscript", "trip.docscript",
      ])
    #expect(try offers(["docrepl", "run", "--bail", "tr"], in: folder.url) == ["trip.docscript"])
    #expect(try offers(["docrepl", "run", "-C", ""], in: folder.url) == ["tests"])
    #expect(try offers(["docrepl", "inspect", "no"], in: folder.url) == ["notes.txt"])
  }

  @Test("The zsh and fish scripts name every subcommand and option --help lists")
  func otherShells() throws {
    let zsh = try runDocrepl(["completion", "zsh"])
    let fish = try runDocrepl(["completion", "fish"])
    #expect(zsh.status == 0 && fish.status == 0)
    #expect(zsh.output.hasPrefix("#compdef docrepl\n"))
    #expect(zsh.output.hasSuffix("_docrepl \"$@\"\n"))
    for command in ["run", "test", "check", "inspect", "completion"] {
      #expect(zsh.output.contains("\n_docrepl_\(command)() {\n"), "\(command)")
      #expect(fish.output.contains("-n __docrepl_needs_command -a \(command) "), "\(command)")
      let help = try runDocrepl([command, "--help"]).output
      for match in help.matches(of: /\n  --([\w-]+)/) {
        #expect(zsh.output.contains("--\(match.1)"), "zsh: \(command) --\(match.1)")
        #expect(
          fish.output.contains("-n '__docrepl_using_command \(command)' -l \(match.1)"),
          "fish: \(command) --\(match.1)")
      }
    }
    #expect(zsh.output.contains("'(--jobs -j)'{--jobs,-j}'[Run scripts in <n> worker processes"))
    #expect(fish.output.contains("-l jobs -s j -x"))
    // Single quotes balance in every line of the fish script (escaped
    // ones aside; comments are not code).
    for line in fish.output.split(separator: "\n") where !line.hasPrefix("#") {
      let bare = line.replacingOccurrences(of: "\\'", with: "")
      #expect(bare.filter { $0 == "'" }.count % 2 == 0, "\(line)")
    }
  }

  /// The shells of these two that are installed here.
  static let parsingShells = ["zsh", "fish"].filter { installed($0) }

  @Test("zsh -n and fish -n parse their scripts, where installed", arguments: parsingShells)
  func parses(_ shell: String) throws {
    let script = try runDocrepl(["completion", shell]).output
    let result = try runProgram(
      URL(fileURLWithPath: "/usr/bin/" + shell), ["-n"], input: Data(script.utf8))
    #expect(result.status == 0)
    #expect(result.errors == "")
  }

  @Test("No shell, or an unknown one, is a usage error")
  func usage() throws {
    let missing = try runDocrepl(["completion"])
    #expect(missing.status == 64)
    #expect(missing.errors.hasPrefix("docrepl completion: error: missing the shell"))
    let unknown = try runDocrepl(["completion", "tcsh"])
    #expect(unknown.status == 64)
    #expect(unknown.errors.contains("'tcsh'"))
  }

  static func installed(_ shell: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/" + shell)
  }
}
