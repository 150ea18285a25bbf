import DocScript
import Foundation

/// `docrepl run [-C DIR] [--bail] [--echo] FILE…`: replays scripts in
/// batch, with no prompt, in the current folder or DIR.
@MainActor
enum RunCommand {
  static var usage: String { HelpText.usage(for: CommandLineReference.run) }

  static func run(
    arguments: [String], context: ShellContext, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) async -> ExitStatus {
    var bail = false
    var echo = false
    var noColor = context.noColor
    var folderPath: String?
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
      case "-C" where !optionsEnded:
        guard index < arguments.count else {
          errors.write("docrepl run: error: '-C' needs a folder\n\n" + usage)
          return .usage
        }
        folderPath = arguments[index]
        index += 1
      case "--no-color" where !optionsEnded: noColor = true
      case "--" where !optionsEnded: optionsEnded = true
      case "--bail" where !optionsEnded: bail = true
      case "--echo" where !optionsEnded: echo = true
      case "-h" where !optionsEnded, "--help" where !optionsEnded:
        output.write(HelpText.help(for: CommandLineReference.run))
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
    var folder = context.workingDirectory
    if let folderPath {
      folder = URL(fileURLWithPath: folderPath, relativeTo: folder).standardizedFileURL
      var isDirectory: ObjCBool = false
      guard !folderPath.isEmpty,
        FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        errors.write("docrepl run: error: no such folder '\(folderPath)' for '-C'\n")
        return .noInput
      }
    }
    var scripts: [ScriptFile] = []
    for file in files {
      do {
        scripts.append(try ScriptFile.read(file, in: folder))
      } catch {
        errors.write("docrepl run: error: \(error.message)\n")
        return error.status
      }
    }
    var options = context.interpreterOptions(in: folder)
    options.bail = bail
    options.echo = echo
    options.variables = variables
    let sink = StreamOutput(
      color: DiagnosticColor.forStandardError(environment: context.environment, disabled: noColor))
    let interpreter = Interpreter(
      registry: context.registry, options: options, output: sink)
    TerminalSignals.install()
    interpreter.isInterruptRequested = { TerminalSignals.isPending }
    var status = ExitStatus.success
    for script in scripts {
      let result = await interpreter.run(script.source, url: script.url)
      if result.isMalformed { return .dataError }
      if result.wasInterrupted || TerminalSignals.isPending { return .interrupted }
      if !result.succeeded { status = result.missingFiles > 0 ? .noInput : .failure }
      if result.stoppedByBail || result.leaveRequested { break }
    }
    return status
  }
}
