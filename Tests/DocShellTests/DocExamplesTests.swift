import DocTestSupport
import Foundation
import Testing

/// Every example in the README and `docs/*.md` that shows output, run and
/// compared with what it shows, so that the docs cannot drift from the
/// program.
///
/// An example shows output when it is a script with `#>` or `#!` lines
/// (run with `docrepl test`), a shell session whose `$ docrepl …` lines
/// are followed by what they print (each command run with `sh` in a
/// folder holding a copy of `examples/`, and its standard output and
/// error compared), or a session at the prompt (typed on a pseudo-terminal
/// and compared with the screen). A synopsis (`$` lines with `#`
/// comments and nothing printed) shows none. An example that cannot run
/// here says why in a comment just above it, which the reader of the
/// rendered page does not see:
///
///     <!-- example: not run: the autosave it lists is a previous session's -->
@Suite("The docs' examples", .serialized)
struct DocExamplesTests {
  /// The files whose examples are checked.
  static var files: [String] {
    get throws {
      let docs = try FileManager.default.contentsOfDirectory(
        atPath: packageRoot.appendingPathComponent("docs").path
      ).filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
      return ["README.md"] + docs
    }
  }

  /// Every example that shows output, in every file.
  static var examples: [DocExample] {
    get throws { try files.flatMap { try DocExample.all(in: $0) }.filter(\.showsOutput) }
  }

  @Test("The docs hold examples of every kind that shows output, and each that is not run says why")
  func inventory() throws {
    let examples = try Self.examples
    #expect(examples.filter { $0.kind == .transcript && $0.skipReason == nil }.count >= 5)
    #expect(examples.filter { $0.kind == .shell && $0.skipReason == nil }.count >= 1)
    #expect(examples.filter { $0.kind == .prompt && $0.skipReason == nil }.count >= 1)
    for example in examples {
      if let reason = example.skipReason {
        #expect(!reason.isEmpty, "\(example.location): 'not run' without a reason")
      }
    }
    // A directive that names no example is a typo, or an example moved.
    for file in try Self.files {
      for example in try DocExample.all(in: file) where example.skipReason != nil {
        #expect(
          example.showsOutput, "\(example.location): 'not run' above an example without output")
      }
    }
  }

  @Test("Each script with #> or #! lines passes docrepl test")
  func transcripts() throws {
    for example in try Self.examples where example.kind == .transcript && example.skipReason == nil
    {
      let folder = try Self.examplesFolder()
      let script = try folder.write(example.text, to: "example.docscript")
      let result = try runDocrepl(["test", script.lastPathComponent], in: folder.url)
      #expect(
        result.status == 0 && result.output.hasSuffix("1 passed, 0 failed\n"),
        "\(example.location): the example does not pass docrepl test:\n\(result.output)\(result.errors)"
      )
    }
  }

  @Test("Each shell session's docrepl commands print what it shows")
  func shellSessions() throws {
    for example in try Self.examples where example.kind == .shell && example.skipReason == nil {
      let folder = try Self.examplesFolder()
      let steps = example.shellSteps
      // One shell runs the block, so that `cd` carries over; a marker
      // line before each command splits what they printed.
      let marker = "\u{1E}docrepl-example-step"
      var script = "set -u\n"
      for step in steps {
        script += "printf '%s\\n' '\(marker)'\n\(step.command) 2>&1\n"
      }
      let binDirectory = docreplExecutable.deletingLastPathComponent().path
      let result = try runProgram(
        URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: folder.url,
        environment: [
          "PATH": "\(binDirectory):/usr/bin:/bin", "HOME": folder.url.path, "DOCREPL_HISTORY": "",
          "NO_COLOR": "1", "TERM": "dumb",
        ])
      let outputs = result.output.components(separatedBy: marker + "\n").dropFirst()
      try #require(
        outputs.count == steps.count,
        "\(example.location): \(outputs.count) of \(steps.count) commands ran: \(result.errors)")
      for (step, output) in zip(steps, outputs) {
        #expect(
          output == step.expected,
          "\(example.location): '$ \(step.command)' prints\n\(output)\nbut the docs show\n\(step.expected)"
        )
      }
    }
  }

  @Test("Each session at the prompt shows what typing it at a terminal shows")
  func promptSessions() throws {
    for example in try Self.examples where example.kind == .prompt && example.skipReason == nil {
      let folder = try Self.examplesFolder()
      let terminal = try PseudoTerminal(arguments: [], in: folder.url, columns: 200)
      let typed = example.promptInputs
      try #require(!typed.isEmpty, "\(example.location): nothing is typed")
      for (index, input) in typed.enumerated() {
        try terminal.expect(input.prompt)
        if input.text == "^D" {
          try terminal.send(control: "d")
        } else {
          try terminal.send(input.text + "\r")
        }
        if index == typed.count - 1 { try terminal.waitForExit() }
      }
      let screen = terminal.transcript.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.replacing(#/ +$/#, with: "") }.joined(separator: "\n")
      // Ctrl-D is a key, not text: the terminal shows the prompt alone.
      let shown = example.lines.dropFirst()
        .map { $0.hasSuffix("> ^D") ? String($0.dropLast(3)) : $0 }
        .map { $0.replacing(#/ +$/#, with: "") }.joined(separator: "\n")
      #expect(
        screen.trimmingCharacters(in: .newlines) == shown,
        "\(example.location): the terminal shows\n\(screen)\nbut the docs show\n\(shown)")
    }
  }

  /// A new folder holding a copy of `examples/`' files (not the custom
  /// REPL's package), where an example runs.
  static func examplesFolder() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory("doc-example")
    let examples = packageRoot.appendingPathComponent("examples")
    for name in try FileManager.default.contentsOfDirectory(atPath: examples.path)
    where name != "custom-repl" && !name.hasSuffix(".docscript") {
      try FileManager.default.copyItem(
        at: examples.appendingPathComponent(name), to: folder.url.appendingPathComponent(name))
    }
    return folder
  }
}

/// A fenced code block of a Markdown file that may show output.
struct DocExample: CustomStringConvertible, Sendable {
  /// What kind of example a block is.
  enum Kind: Sendable {
    /// A script whose `#>` and `#!` lines are its expected output.
    case transcript
    /// `$ command` lines, each followed by what it prints.
    case shell
    /// `$ docrepl` at a terminal, then the prompt, what is typed after
    /// each prompt, and what it prints.
    case prompt
    /// Anything else: code, a synopsis, a table.
    case other
  }

  /// One `$` command of a shell session and what the docs show it print.
  struct ShellStep {
    var command: String
    var expected: String
  }

  /// What is typed at one prompt of a prompt session.
  struct PromptInput {
    /// The prompt, as shown (`Trip* > `, `... > `).
    var prompt: String
    /// The line typed, or `^D` for Ctrl-D.
    var text: String
  }

  /// The file, relative to the package root.
  var file: String
  /// The line of the block's first line of content, from 1.
  var line: Int
  /// The fence's language (`swift`, or empty).
  var language: String
  /// The block's lines.
  var lines: [String]
  /// Why the example is not run, from an `<!-- example: not run: … -->`
  /// comment on the last non-blank line above the fence.
  var skipReason: String?

  var location: String { "\(file):\(line)" }
  var description: String { location }
  var text: String { lines.joined(separator: "\n") + "\n" }

  var kind: Kind {
    guard language.isEmpty || language == "docscript" else { return .other }
    if lines.first.map({ $0 == "$ docrepl" || $0.hasPrefix("$ docrepl --") }) == true,
      lines.dropFirst().first?.hasPrefix("docrepl ") == true
    {
      return .prompt
    }
    if lines.first?.hasPrefix("$ ") == true { return .shell }
    if lines.contains(where: { $0.hasPrefix("#>") || $0.hasPrefix("#!") }) { return .transcript }
    return .other
  }

  /// Whether the block shows what something prints.
  var showsOutput: Bool {
    switch kind {
    case .transcript, .prompt: true
    case .shell: shellSteps.contains { !$0.expected.isEmpty }
    case .other: false
    }
  }

  /// The commands of a shell session, each with the lines after it. A
  /// synopsis, whose `$` lines carry `#` comments, prints nothing.
  var shellSteps: [ShellStep] {
    var steps: [ShellStep] = []
    for line in lines {
      if line.hasPrefix("$ ") {
        if line.contains("  # ") { return [] }
        steps.append(ShellStep(command: String(line.dropFirst(2)), expected: ""))
      } else if !steps.isEmpty {
        steps[steps.count - 1].expected += line + "\n"
      }
    }
    return steps
  }

  /// What a prompt session types: the text after each prompt (`NAME > `,
  /// `NAME* > `, `... > `).
  var promptInputs: [PromptInput] {
    lines.dropFirst().compactMap { line in
      guard let match = line.firstMatch(of: /^((?:[^ ]+|\.\.\.) > )(.*)$/) else { return nil }
      return PromptInput(prompt: String(match.output.1), text: String(match.output.2))
    }
  }

  /// The fenced blocks of `file`, a path from the package root.
  static func all(in file: String) throws -> [DocExample] {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
    var blocks: [DocExample] = []
    var current: DocExample?
    var lastTextLine = ""
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = String(line)
      if line.hasPrefix("```") {
        if let block = current {
          blocks.append(block)
          current = nil
        } else {
          let directive = lastTextLine.firstMatch(of: /^<!-- example: not run: (.*) -->$/)
          current = DocExample(
            file: file, line: index + 2, language: String(line.dropFirst(3)), lines: [],
            skipReason: directive.map { String($0.output.1) })
        }
        lastTextLine = ""
      } else if current != nil {
        current?.lines.append(line)
      } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
        lastTextLine = line
      }
    }
    return blocks
  }
}
