import DocFormats
import DocKit
public import DocScript
import Foundation
import Glibc

/// The `docrepl` program: everything `main.swift` does, as a library call.
public enum Docrepl {
  /// The program's version.
  public static let version = "0.1.0"

  /// Runs the program with `arguments` (without the program name), writing
  /// to standard output and standard error, and returns the exit status.
  /// The program calls itself by its executable's name (`docrepl`, or the
  /// name of a link to it).
  @MainActor
  public static func main(arguments: [String]) async -> Int32 {
    var output = StandardStream.output
    var errors = StandardStream.error
    // The program can start itself again, confined (`--confine`).
    return await ProgramCopy.$arguments.withValue(
      [CommandLine.arguments.first ?? executableName] + arguments
    ) {
      await run(
        arguments: arguments, registry: DocFormats.makeRegistry(),
        environment: ProcessInfo.processInfo.environment, name: executableName, output: &output,
        errors: &errors
      ).rawValue
    }
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
  ///
  /// - Parameters:
  ///   - arguments: The command line, without the program's own name.
  ///   - registry: The document types `new` and `open` know.
  ///   - environment: The scripts' environment.
  ///   - name: What the program calls itself in its help, man page,
  ///     completion scripts, messages and prompt, and the name of the
  ///     folder its history and autosaves are kept in: 1 to 64 ASCII
  ///     letters, digits, `.`, `-`, `_` and `+`, not starting with `.` or
  ///     `-`.
  ///   - output: Where the program's output goes.
  ///   - errors: Where its diagnostics go.
  @MainActor
  public static func run(
    arguments: [String], registry: DocumentTypeRegistry, environment: [String: String],
    name: String = "docrepl", output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) async -> ExitStatus {
    guard let program = ProgramName(name) else {
      preconditionFailure(
        "'\(name)' cannot name a program: use 1 to 64 ASCII letters, digits, '.', '-', '_' and '+', not starting with '.' or '-'"
      )
    }
    // A type refused when it registered (a command named as a built-in)
    // is the host's mistake: said before anything runs, as a setup error.
    guard registry.refusedRegistrations.isEmpty else {
      for refused in registry.refusedRegistrations {
        errors.write("\(program.text): error: \(refused)\n")
      }
      return .failure
    }
    // Another program keeps its own history and autosaves, in a state
    // folder of its own name, unless its caller chose a host already.
    let host =
      program == .docrepl || DocumentHost.current != .default
      ? DocumentHost.current : (try? DocumentHost(identifier: program.text)) ?? .default
    var status = ExitStatus.success
    await ProgramName.$current.withValue(program) {
      await DocumentHost.$current.withValue(host) {
        status = await runNamed(
          arguments: arguments, registry: registry, environment: environment, output: &output,
          errors: &errors)
      }
    }
    return status
  }

  /// The name of the running executable: the last component of
  /// `argv[0]`, as the shell or a symbolic link named it.
  static var executableName: String {
    ProgramName(executablePath: CommandLine.arguments.first ?? "").text
  }

  /// ``run(arguments:registry:environment:name:output:errors:)``, with
  /// the program's name set.
  @MainActor
  private static func runNamed(
    arguments: [String], registry: DocumentTypeRegistry, environment: [String: String],
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) async -> ExitStatus {
    DocFormats.registerTypes()
    var context = ShellContext(
      registry: registry, environment: environment,
      workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    let program = CommandLineReference.program
    // The table a usage error is reported against: the program's, then
    // the subcommand's once its name is read.
    var reported = program
    do throws(CommandLineError) {
      let commandLine = try CommandLineParser.parse(arguments, for: program)
      if commandLine.contains(CommandLineReference.help) {
        output.write(help)
        return .success
      }
      if commandLine.contains(CommandLineReference.ProgramOptions.version) {
        output.write(versionText)
        return .success
      }
      context.noColor = commandLine.contains(CommandLineReference.noColor)
      context.bail = commandLine.contains(CommandLineReference.ProgramOptions.bail)
      context.declarationFiles = commandLine.values(of: CommandLineReference.ProgramOptions.types)
        .map { URL(fileURLWithPath: $0, relativeTo: context.workingDirectory).standardizedFileURL }
      if let failure = registerTypes(
        commandLine.values(of: CommandLineReference.ProgramOptions.types),
        in: context.workingDirectory, errors: &errors)
      {
        return failure
      }
      guard let name = commandLine.operands.first else {
        return await repl(context: context, options: try LoopOptions(commandLine))
      }
      guard let command = CommandLineReference.command(named: name) else {
        throw CommandLineError(.unknownCommand(name))
      }
      if command.reference.name != CommandLineReference.helpCommand.name,
        CommandLineReference.ProgramOptions.promptOnly.contains(where: commandLine.contains)
      {
        throw CommandLineError(
          .other(
            "'-c', '--interactive', '--batch' and '--history' are for the prompt, not '\(name)'"))
      }
      if context.bail,
        ![CommandLineReference.run.name, CommandLineReference.helpCommand.name].contains(
          command.reference.name)
      {
        throw CommandLineError(.other("'--bail' is for the prompt, '-c' and 'run', not '\(name)'"))
      }
      reported = command.reference
      let parsed = try CommandLineParser.parse(
        Array(commandLine.operands.dropFirst()), for: command.reference)
      if parsed.contains(CommandLineReference.help) {
        output.write(HelpText.help(for: command.reference))
        return .success
      }
      return try await command.run(parsed, in: context, output: &output, errors: &errors)
    } catch {
      errors.write(error.report(for: reported))
      return .usage
    }
  }

  /// Registers the declarations in each `--types` file, in order, before
  /// anything runs, printing the notes each returns.
  ///
  /// - Returns: nil when every file registered; else the exit status,
  ///   after the error (which names the file) is printed.
  static func registerTypes(
    _ paths: [String], in folder: URL, errors: inout some TextOutputStream
  ) -> ExitStatus? {
    for path in paths {
      let url = URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
      do throws(UTTypeDeclarationError) {
        for note in try UTType.registerDeclarations(contentsOf: url) {
          errors.write("\(ProgramName.current.text): note: \(note)\n")
        }
      } catch {
        errors.write("\(ProgramName.current.text): error: --types: \(error)\n")
        return FileManager.default.fileExists(atPath: url.path) ? .dataError : .noInput
      }
    }
    return nil
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

    /// The prompt's options on the program's command line; `-c` with
    /// `--interactive` or `--batch` is refused.
    init(_ commandLine: ParsedCommandLine) throws(CommandLineError) {
      typealias Options = CommandLineReference.ProgramOptions
      switch commandLine.last(of: Options.interactive, Options.batch) {
      case Options.interactive?: mode = .interactive
      case Options.batch?: mode = .batch
      default: mode = nil
      }
      history = commandLine.value(of: Options.history)
      commands = commandLine.values(of: Options.commands)
      if !commands.isEmpty, mode != nil {
        throw CommandLineError(
          .other("'-c' runs its commands in batch; leave out '--interactive' and '--batch'"),
          showsUsage: false)
      }
    }
  }

  /// The prompt, batch input from standard input, or `-c`: one loop,
  /// three line sources.
  @MainActor
  static func repl(context: ShellContext, options: LoopOptions) async -> ExitStatus {
    let interactive =
      options.commands.isEmpty
      && (options.mode.map { $0 == .interactive } ?? (isatty(STDIN_FILENO) == 1))
    let color = DiagnosticColor.forStandardError(
      environment: context.environment, disabled: context.noColor)
    var interpreterOptions = context.interpreterOptions()
    interpreterOptions.bail = context.bail
    let streams = StreamOutput(color: color)
    // Only the prompt pages: long output goes through PAGER.
    let paged =
      interactive && options.commands.isEmpty
      ? PagedOutput(base: streams, environment: context.environment) : nil
    let interpreter = Interpreter(
      registry: context.registry, options: interpreterOptions, output: paged ?? streams)
    paged?.isEnabled = { [weak interpreter] in interpreter?.pagesOutput ?? false }
    // However the loop ends: quit, exit, end of input, SIGTERM, SIGHUP.
    // The prompt's completion keeps the interpreter, so its release at
    // exit would not.
    defer { interpreter.removeScratchFolders() }
    let signalPipe = TerminalSignals.install()
    interpreter.isInterruptRequested = { TerminalSignals.isStopRequested }
    var loop: InputLoop
    if !options.commands.isEmpty {
      let text = options.commands.joined(separator: "\n")
      loop = InputLoop(
        interpreter: interpreter, source: StreamLineSource(text: text), name: "<command line>")
    } else if interactive {
      let historyFile = History.location(
        override: options.history, environment: context.environment, in: context.workingDirectory)
      let source = ReadlineSource(history: History(url: historyFile), signalPipe: signalPipe)
      // `shell` and `!` run without `set shell on` only here.
      interpreter.isAtPrompt = true
      // Only the prompt watches the documents' files: scripts never do.
      source.diskChanges = DiskChangeReporter(interpreter: interpreter)
      // `export` with no destination asks, on a line of the same prompt
      // (so Ctrl-C cancels it), pre-filled with the default filename.
      var output = StandardStream.output
      output.write("\(versionName): type 'help' for the commands, Ctrl-D to leave.\n")
      loop = InputLoop(interpreter: interpreter, source: source, name: "<input>")
      loop.pager = paged
      let pending = loop.pendingEntry
      let completion = ReadlineCompletion.install(for: interpreter) {
        String(decoding: pending.text, as: UTF8.self)
      }
      interpreter.exportPrompt = ReadlineExportPrompt(completion: completion) {
        prompt, initialText in
        // The question is asked below what the entry printed so far.
        paged?.finishPaging()
        ReadlineExportPrompt.prefill(initialText)
        guard case .line(let line) = await source.readLine(prompt: prompt) else { return nil }
        return String(decoding: line, as: UTF8.self)
      }
      // Long work shows its progress on a terminal's standard error.
      if let progress = ProgressLine.reporter(environment: context.environment) {
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

  static var help: String { HelpText.help(for: CommandLineReference.program) }

  static var versionText: String {
    let program = ProgramName.current
    if program == .docrepl { return "docrepl \(version) (\(LineEditor.current))\n" }
    return "\(program) (docrepl \(version), \(LineEditor.current))\n"
  }

  /// `docrepl 0.1.0`, or `notes-repl (docrepl 0.1.0)` for another
  /// program, which has no version of its own here.
  static var versionName: String {
    let program = ProgramName.current
    return program == .docrepl ? "docrepl \(version)" : "\(program) (docrepl \(version))"
  }
}
