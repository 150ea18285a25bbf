import DocTestSupport
import Foundation
import Testing

/// The manual page: generated from the tables `--help` is made from,
/// committed as docs/docrepl.1, and rendered by groff without warnings.
@Suite("docrepl man")
struct ManPageTests {
  static let committed = packageRoot.appendingPathComponent("docs/docrepl.1")

  @Test("docs/docrepl.1 is what 'docrepl man' prints (regenerate: docrepl man > docs/docrepl.1)")
  func committedPageIsGenerated() throws {
    let result = try runDocrepl(["man"])
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    let committed = try String(contentsOf: Self.committed, encoding: .utf8)
    #expect(committed == result.output)
  }

  @Test("The page names every subcommand, every option and every script command")
  func pageCoversTheCommandLine() throws {
    let page = try runDocrepl(["man"]).output
    let help = try runDocrepl(["--help"]).output
    for command in ["run", "test", "check", "inspect", "completion"] {
      #expect(page.contains(".SS \"\(command)"), "\(command)")
      let commandHelp = try runDocrepl([command, "--help"]).output
      // Each option line of the command's help, as troff spells it.
      for match in commandHelp.matches(of: /\n  (-[-\w]+)/) {
        let option = String(match.1)
        #expect(page.contains(option.replacingOccurrences(of: "-", with: "\\-")), "\(option)")
      }
    }
    for match in help.matches(of: /\n  (--[\w-]+)/) {
      #expect(page.contains(String(match.1).replacingOccurrences(of: "-", with: "\\-")))
    }
    // The script commands, from the registry behind 'help'.
    let scriptHelp = try runDocrepl(["-c", "help"]).output
    for match in scriptHelp.matches(of: /\n  ([a-z][\w-]*)/) {
      #expect(
        page.contains("\\fB" + String(match.1).replacingOccurrences(of: "-", with: "\\-")),
        "\(match.1)")
    }
  }

  @Test(
    "A multi-line example (a heredoc) keeps its lines, in the source and as man shows it",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man")))
  func multiLineExamples() throws {
    let page = try runDocrepl(["man"]).output
    #expect(page.contains("Example:\n.nf\n\\fBset\\-text <<EOF\nMilk\nEggs\nEOF\\fR\n.fi\n"))
    let result = try runProgram(
      URL(fileURLWithPath: "/usr/bin/man"), ["-l", Self.committed.path],
      environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat", "LC_ALL": "C"])
    // Bold as man prints it to a pipe (overstrike or SGR), made plain.
    let plain = result.output.replacing(/.\u{8}/, with: "").replacing(/\u{1B}\[[0-9;]*m/, with: "")
    let lines = plain.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let start = try #require(lines.firstIndex(of: "set-text <<EOF"))
    #expect(Array(lines[start...].prefix(4)) == ["set-text <<EOF", "Milk", "Eggs", "EOF"])
  }

  @Test(
    "groff -ww renders the page with no warning",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")))
  func rendersWithoutWarnings() throws {
    let result = try runProgram(
      URL(fileURLWithPath: "/usr/bin/groff"),
      ["-ww", "-man", "-Tutf8", "-z", Self.committed.path])
    #expect(result.status == 0)
    #expect(result.errors == "")
  }

  @Test(
    "man -l shows it, with groff's warnings on, and none comes, in UTF-8 and in the C locale",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man")),
    arguments: ["C.UTF-8", "C"])
  func manShowsIt(locale: String) throws {
    let result = try runProgram(
      URL(fileURLWithPath: "/usr/bin/man"), ["--warnings=w", "-l", Self.committed.path],
      environment: [
        "MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat", "LANG": locale, "LC_ALL": locale,
      ])
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(result.output.contains("DOCREPL(1)"))
    #expect(result.output.contains("docrepl test --shard 2/4 tests/"))
  }
}
