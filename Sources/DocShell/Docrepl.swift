import CReadline
import DocFormats
public import DocScript
import Foundation
import Glibc

/// The `docrepl` program: everything `main.swift` does, as a library call.
public enum Docrepl {
  /// The program's version.
  public static let version = "0.1.0"

  /// Runs the program with `arguments` (without the program name), writing
  /// to standard output and standard error, and returns the exit status.
  @MainActor
  public static func main(arguments: [String]) async -> Int32 {
    var output = StandardStream.output
    var errors = StandardStream.error
    return await run(arguments: arguments, output: &output, errors: &errors).rawValue
  }

  /// Runs the program, writing to the given streams.
  @MainActor
  public static func run(
    arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) async -> ExitStatus {
    await run(
      arguments: arguments, registry: DocFormats.makeRegistry(),
      environment: ProcessInfo.processInfo.environment, output: &output, errors: &errors)
  }

  /// Runs the program over the document types in `registry`, with
  /// `environment` as the scripts' environment, writing to the given
  /// streams. With no command, this is the prompt (or batch input from
  /// standard input), which reads standard input itself and writes to
  /// the process's standard output and error.
  @MainActor
  public static func run(
    arguments: [String], registry: DocumentTypeRegistry, environment: [String: String],
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) async -> ExitStatus {
    DocFormats.registerTypes()
    var shell = Shell(
      registry: registry, environment: environment,
      workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    var options = LoopOptions()
    var index = 0
    // Common options and the prompt's, up to the command.
    parsing: while index < arguments.count {
      let argument = arguments[index]
      index += 1
      func value() -> String? {
        guard index < arguments.count else {
          errors.write("docrepl: error: '\(argument)' needs a value\n\n" + usage)
          return nil
        }
        index += 1
        return arguments[index - 1]
      }
      switch argument {
      case "-h", "--help":
        output.write(help)
        return .success
      case "--version":
        output.write(versionText)
        return .success
      case "--no-color": shell.noColor = true
      case "--interactive": options.mode = .interactive
      case "--batch": options.mode = .batch
      case "--history":
        guard let path = value() else { return .usage }
        options.history = path
      case "-c":
        guard let commands = value() else { return .usage }
        options.commands.append(commands)
      default:
        if argument.hasPrefix("--history=") {
          options.history = String(argument.dropFirst("--history=".count))
        } else if argument.hasPrefix("-") {
          errors.write("docrepl: error: unknown option '\(argument)'\n\n" + usage)
          return .usage
        } else {
          index -= 1
          break parsing
        }
      }
    }
    guard index < arguments.count else {
      if !options.commands.isEmpty, options.mode != nil {
        errors.write(
          "docrepl: error: '-c' runs its commands in batch; leave out '--interactive' and '--batch'\n"
        )
        return .usage
      }
      return await repl(shell: shell, options: options)
    }
    let command = arguments[index]
    let rest = Array(arguments[(index + 1)...])
    if options.mode != nil || !options.commands.isEmpty || options.history != nil,
      command != "help", CommandLineReference.subcommand(named: command) != nil
    {
      errors.write(
        "docrepl: error: '-c', '--interactive', '--batch' and '--history' are for the prompt, not '\(command)'\n\n"
          + usage)
      return .usage
    }
    switch command {
    case "help":
      // `help run` is `run --help`.
      guard let name = rest.first else {
        output.write(help)
        return .success
      }
      guard rest.count == 1, let subcommand = CommandLineReference.subcommand(named: name) else {
        let what = rest.count == 1 ? "unknown command '\(name)'" : "'help' takes one command"
        errors.write(
          "docrepl help: error: \(what)\n\n"
            + HelpText.usage(for: CommandLineReference.helpCommand))
        return .usage
      }
      output.write(subcommand.name == "help" ? help : HelpText.help(for: subcommand))
      return .success
    case "inspect":
      return InspectCommand.run(arguments: rest, output: &output, errors: &errors)
    case "run":
      return await RunCommand.run(arguments: rest, shell: shell, output: &output, errors: &errors)
    case "test":
      return await TestCommand.run(arguments: rest, shell: shell, output: &output, errors: &errors)
    case "completion":
      return CompletionCommand.run(arguments: rest, output: &output, errors: &errors)
    case "man":
      return ManCommand.run(
        arguments: rest, registry: shell.registry, output: &output, errors: &errors)
    default:
      errors.write("docrepl: error: unknown command '\(command)'\n\n" + usage)
      return .usage
    }
  }

  /// How the prompt was asked to run.
  struct LoopOptions {
    enum Mode { case interactive, batch }
    /// `--interactive` or `--batch`; nil to decide by standard input.
    var mode: Mode?
    /// `--history FILE`.
    var history: String?
    /// The text of each `-c`.
    var commands: [String] = []
  }

  /// The prompt, batch input from standard input, or `-c`: one loop,
  /// three line sources.
  @MainActor
  static func repl(shell: Shell, options: LoopOptions) async -> ExitStatus {
    let interactive =
      options.commands.isEmpty
      && (options.mode.map { $0 == .interactive } ?? (isatty(STDIN_FILENO) == 1))
    let color = DiagnosticColor.forStandardError(
      environment: shell.environment, disabled: shell.noColor)
    let interpreter = Interpreter(
      registry: shell.registry, options: shell.interpreterOptions(),
      output: StreamOutput(color: color))
    let signalPipe = Interrupts.install()
    interpreter.isInterruptRequested = { Interrupts.isPending }
    var loop: InputLoop
    if !options.commands.isEmpty {
      let text = options.commands.joined(separator: "\n")
      loop = InputLoop(
        interpreter: interpreter, source: StreamLineSource(text: text), name: "<command line>")
    } else if interactive {
      let historyFile = History.location(
        override: options.history, environment: shell.environment, in: shell.workingDirectory)
      let source = ReadlineSource(history: History(url: historyFile), signalPipe: signalPipe)
      // `export` with no destination asks, on a line of the same prompt
      // (so Ctrl-C cancels it), pre-filled with the default filename.
      interpreter.exportPrompt = ReadlineExportPrompt { prompt, initialText in
        ReadlineExportPrompt.prefill(initialText)
        guard case .line(let line) = await source.readLine(prompt: prompt) else { return nil }
        return String(decoding: line, as: UTF8.self)
      }
      var output = StandardStream.output
      output.write("docrepl \(version): type 'help' for the commands, Ctrl-D to leave.\n")
      loop = InputLoop(interpreter: interpreter, source: source, name: "<input>")
      let pending = loop.pendingEntry
      ReadlineCompletion.install(for: interpreter) { String(decoding: pending.text, as: UTF8.self) }
      // Long work shows its progress on a terminal's standard error.
      if let progress = ProgressLine.reporter(environment: shell.environment) {
        return await WorkProgress.$current.withValue(progress) { [loop] in
          var loop = loop
          return await loop.run()
        }
      }
    } else {
      loop = InputLoop(
        interpreter: interpreter, source: StreamLineSource(descriptor: STDIN_FILENO),
        name: "<stdin>")
    }
    return await loop.run()
  }

  static var usage: String { HelpText.usage(for: CommandLineReference.program) }

  static var help: String { HelpText.help(for: CommandLineReference.program) }

  static var versionText: String {
    let readline = String(cString: docrepl_readline_library_version())
    return "docrepl \(version) (GNU readline \(readline))\n"
  }
}
