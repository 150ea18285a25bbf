import DocScript
import Foundation

/// `docrepl run [-C DIR] [--bail] [--echo] FILE…`: replays scripts in
/// batch, with no prompt, in the current folder or DIR.
enum RunCommand: ShellCommand {
  static var reference: Subcommand { CommandLineReference.run }

  @MainActor
  static func run(
    _ commandLine: ParsedCommandLine, in context: ShellContext,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) async throws(CommandLineError) -> ExitStatus {
    typealias Option = CommandLineReference.RunOptions
    var variables: [String: String] = [:]
    for definition in commandLine.values(of: Option.variable) {
      let parts = definition.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, Parser.isVariableName(String(parts[0])) else {
        throw CommandLineError(
          .other(
            "'--var \(definition)' is not NAME=VALUE with a NAME of letters, digits and '_'"),
          showsUsage: false)
      }
      variables[String(parts[0])] = String(parts[1])
    }
    let files = commandLine.operands
    guard !files.isEmpty else { throw CommandLineError(.other("no script given")) }
    let noColor = context.noColor || commandLine.contains(CommandLineReference.noColor)
    let folderPath = commandLine.value(of: Option.folder)
    var folder = context.workingDirectory
    if let folderPath {
      folder = URL(fileURLWithPath: folderPath, relativeTo: folder).standardizedFileURL
      var isDirectory: ObjCBool = false
      guard !folderPath.isEmpty,
        FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        errors.write("\(reference.commandName): error: no such folder '\(folderPath)' for '-C'\n")
        return .noInput
      }
    }
    // `--confine`: decided before a script is read, so that a confined
    // copy of the program reads standard input (`-`) itself.
    var confined: ConfinedRun?
    let allowRead = commandLine.values(of: CommandLineReference.ConfineOptions.allowRead)
    if commandLine.contains(CommandLineReference.ConfineOptions.confine) {
      let reads = files.filter { $0 != "-" && !$0.isEmpty }.map {
        URL(fileURLWithPath: $0, relativeTo: folder).standardizedFileURL
          .deletingLastPathComponent()
      }
      let started = ConfinedRun.prepare(
        allowRead: allowRead, reads: reads + context.declarationFiles, in: folder,
        prefix: "docrepl-run", runFolder: folderPath == nil ? nil : folder, report: nil,
        errors: &errors
      ).start(as: reference.commandName, errors: &errors)
      if let exit = started.exit { return exit }
      confined = started.run
    } else if !allowRead.isEmpty {
      throw CommandLineError(.other("'--allow-read' is for '--confine'"))
    }
    defer { confined?.finish() }
    var scripts: [ScriptFile] = []
    for file in files {
      do {
        scripts.append(try ScriptFile.read(file, in: folder))
      } catch {
        errors.write("\(reference.commandName): error: \(error.message)\n")
        return error.status
      }
    }
    var options = context.interpreterOptions(in: confined?.runFolder ?? folder)
    if let confined {
      // Untitled documents autosave in the run's folder too; a script
      // from standard input has no folder of its own.
      options.autosaveDirectory = confined.runFolder.appendingPathComponent(".docrepl-autosave")
      options.confinement = confined.confinement(
        scriptFolders: scripts.compactMap { $0.url?.deletingLastPathComponent() },
        writable: confined.runFolder)
    }
    // `docrepl --bail run` as `docrepl run --bail`.
    options.bail = context.bail || commandLine.contains(Option.bail)
    options.echo = commandLine.contains(Option.echo)
    options.variables = variables
    // Everything the run writes goes to the streams given, through the
    // interpreter's output, which gives them back however the run ends.
    let sink = StreamOutput(
      output: output, errors: errors,
      color: DiagnosticColor.forStandardError(environment: context.environment, disabled: noColor))
    defer {
      output = sink.output
      errors = sink.errors
    }
    let interpreter = Interpreter(
      registry: context.registry, options: options, output: sink)
    // However the run ends, SIGTERM and SIGHUP included.
    defer { interpreter.removeScratchFolders() }
    TerminalSignals.install()
    interpreter.isInterruptRequested = { TerminalSignals.isStopRequested }
    // Documents without unsaved changes are closed (an autosave left from
    // before their last undo goes); the others keep their autosaves.
    defer { interpreter.closeDocuments(discardingChanges: false) }
    var status = ExitStatus.success
    for script in scripts {
      let result = await interpreter.run(script.source, url: script.url)
      let scriptStatus = ExitStatus(result)
      if scriptStatus == .dataError { return scriptStatus }
      if scriptStatus == .interrupted || TerminalSignals.isStopRequested { return .interrupted }
      if scriptStatus != .success { status = scriptStatus }
      // A failure script of `docrepl check` whose expect lines cannot show
      // its failure (a comparison by value) is reproduced by that
      // comparison too, so that its replay does not pass silently.
      if result.succeeded, CheckFailureScript.needsComparison(script.source.text) {
        sink.errors.write(
          "docrepl run: note: '\(script.source.name)' shows its failure only by value; replaying it as 'docrepl check --from-failure' does\n"
        )
        var (checkOutput, checkErrors) = (sink.output, sink.errors)
        let reproduced = await CheckCommand.reproduce(
          text: script.source.text, named: script.source.name, registry: context.registry,
          output: &checkOutput, errors: &checkErrors)
        (sink.output, sink.errors) = (checkOutput, checkErrors)
        if reproduced != .success { status = .failure }
      }
      if result.stoppedByBail || result.leaveRequested { break }
    }
    return status
  }
}
