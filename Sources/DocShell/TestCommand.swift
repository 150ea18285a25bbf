import DocScript
import Foundation

/// `docrepl test [--update] FILE…`: runs each script against its own `#>`
/// and `#!` lines and prints a unified diff for each that differs; with
/// `--update`, rewrites those lines in place instead.
@MainActor
enum TestCommand {
  static let usage = """
    USAGE: docrepl test [--update] <file>...

    """

  static func run(
    arguments: [String], shell: Shell, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) async -> ExitStatus {
    var update = false
    var files: [String] = []
    for argument in arguments {
      switch argument {
      case "--update": update = true
      case "-h", "--help":
        output.write(usage)
        return .success
      default:
        if argument.hasPrefix("-") {
          errors.write("docrepl test: error: unknown option '\(argument)'\n\n" + usage)
          return .usage
        }
        files.append(argument)
      }
    }
    guard !files.isEmpty else {
      errors.write("docrepl test: error: no script given\n\n" + usage)
      return .usage
    }
    let folder = shell.workingDirectory
    var failed = 0
    var malformed = false
    for file in files {
      let script: ScriptFile
      do {
        script = try ScriptFile.read(file, in: folder)
      } catch {
        errors.write("docrepl test: error: \(error.message)\n")
        return error.status
      }
      guard let url = script.url else {
        errors.write("docrepl test: error: a test needs a script file to compare and update\n")
        return .usage
      }
      let source = script.source
      let recorder = TranscriptRecorder(scriptName: file)
      let options = shell.interpreterOptions()
      let interpreter = Interpreter(
        registry: shell.registry, options: options, output: recorder)
      let transcript = await Transcript.check(
        source, url: url, interpreter: interpreter, recorder: recorder)
      if transcript.result.isMalformed {
        malformed = true
        for rendered in recorder.renderedDiagnostics { errors.write(rendered + "\n") }
        continue
      }
      if transcript.matches {
        output.write("PASS \(file)\n")
      } else if update {
        do {
          try Data(transcript.updated.utf8).write(to: url, options: .atomic)
          output.write("UPDATED \(file)\n")
        } catch {
          errors.write("docrepl test: error: cannot update '\(file)': \(error)\n")
          failed += 1
        }
      } else {
        failed += 1
        output.write("FAIL \(file)\n" + transcript.diff(name: file) + "\n")
      }
    }
    output.write("\(files.count - failed) passed, \(failed) failed\n")
    return malformed ? .dataError : failed > 0 ? .failure : .success
  }
}
