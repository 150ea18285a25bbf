import DocFormats
import DocKit
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
    arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream
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
    let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    var failed = 0
    var malformed = false
    for file in files {
      let url = URL(fileURLWithPath: file, relativeTo: folder).standardizedFileURL
      guard let data = FileManager.default.contents(atPath: url.path) else {
        errors.write("docrepl test: error: no such script '\(file)'\n")
        return .noInput
      }
      let source = ScriptSource(name: file, bytes: Array(data))
      let recorder = TranscriptRecorder(scriptName: file)
      let options = Interpreter.Options(
        workingDirectory: folder, environment: ProcessInfo.processInfo.environment,
        autosaveDirectory: DocumentSession<Void>.Environment.defaultAutosaveDirectory)
      let interpreter = Interpreter(
        registry: DocFormats.makeRegistry(), options: options, output: recorder)
      let transcript = await Transcript.check(
        source, url: url, interpreter: interpreter, recorder: recorder)
      if transcript.result.isMalformed {
        malformed = true
        for line in recorder.blocks.values.flatMap(\.diagnostics) {
          errors.write("\(file): \(line)\n")
        }
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
