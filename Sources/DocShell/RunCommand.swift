import DocScript
import Foundation

/// `docrepl run [--bail] [--echo] FILE…`: replays scripts in batch, with
/// no prompt, in the current folder.
@MainActor
enum RunCommand {
  static let usage = """
    USAGE: docrepl run [--bail] [--echo] [--var NAME=VALUE]... <file>...

    """

  static func run(
    arguments: [String], shell: Shell, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) async -> ExitStatus {
    var bail = false
    var echo = false
    var files: [String] = []
    var variables: [String: String] = [:]
    var optionsEnded = false
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      switch argument {
      case "--var" where !optionsEnded:
        guard index < arguments.count else {
          errors.write("docrepl run: error: '--var' needs NAME=VALUE\n\n" + usage)
          return .usage
        }
        let definition = arguments[index]
        index += 1
        let parts = definition.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, Parser.isVariableName(String(parts[0])) else {
          errors.write(
            "docrepl run: error: '--var \(definition)' is not NAME=VALUE with a NAME of letters, digits and '_'\n"
          )
          return .usage
        }
        variables[String(parts[0])] = String(parts[1])
      case "--" where !optionsEnded: optionsEnded = true
      case "--bail" where !optionsEnded: bail = true
      case "--echo" where !optionsEnded: echo = true
      case "-h" where !optionsEnded, "--help" where !optionsEnded:
        output.write(usage)
        return .success
      default:
        if argument.hasPrefix("-"), !optionsEnded, argument != "-" {
          errors.write("docrepl run: error: unknown option '\(argument)'\n\n" + usage)
          return .usage
        }
        files.append(argument)
      }
    }
    guard !files.isEmpty else {
      errors.write("docrepl run: error: no script given\n\n" + usage)
      return .usage
    }
    let folder = shell.workingDirectory
    var scripts: [ScriptFile] = []
    for file in files {
      do {
        scripts.append(try ScriptFile.read(file, in: folder))
      } catch {
        errors.write("docrepl run: error: \(error.message)\n")
        return error.status
      }
    }
    var options = shell.interpreterOptions()
    options.bail = bail
    options.echo = echo
    options.variables = variables
    let sink = StreamOutput()
    let interpreter = Interpreter(
      registry: shell.registry, options: options, output: sink)
    var status = ExitStatus.success
    for script in scripts {
      let result = await interpreter.run(script.source, url: script.url)
      if result.isMalformed { return .dataError }
      if !result.succeeded { status = .failure }
      if result.stoppedByBail { break }
    }
    return status
  }
}

/// Script output to the process's standard output and standard error,
/// unbuffered, so that the two interleave in the order written.
@MainActor
final class StreamOutput: ScriptOutput {
  private var output = StandardStream.output
  private var errors = StandardStream.error

  func write(_ text: String) { output.write(text) }

  func report(_ diagnostic: Diagnostic, rendered: String) { errors.write(rendered + "\n") }
}
