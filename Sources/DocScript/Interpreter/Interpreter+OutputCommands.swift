import DocKit
import Foundation
import Glibc

extension Interpreter {
  /// Where output goes, how long commands take, and the shell escape:
  /// sqlite3's `.output`, `.timer` and `.shell`, psql's `\o` and `\!`.
  static let outputCommands: [BuiltinCommand] = [
    BuiltinCommand(
      spec: CommandSpec(
        "output", [BuiltinParameter.outputFile, BuiltinParameter.replace],
        summary:
          "sends what commands print to FILE; 'output' alone sends it to standard output again",
        discussion: """
          Only what commands print goes to FILE: diagnostics stay on standard error. FILE is \
          made new; an existing file is kept unless --replace is given, which writes over it \
          (as 'record' does). A folder, a FIFO, and the file of an open document are refused.
          """,
        example: "output listing.txt", topic: .other, isAllowedInGroup: false,
        completing: ["FILE": .path]),
      actsOnDocument: false
    ) { interpreter, arguments, _ in
      if let file = arguments[BuiltinParameter.outputFile] {
        try interpreter.redirectOutput(to: file, replacing: arguments[BuiltinParameter.replace])
      } else {
        interpreter.redirectableOutput.restore()
      }
    },
    BuiltinCommand(
      spec: CommandSpec(
        "timer", [BuiltinParameter.timerMode],
        summary: "the same as 'set timer on|off'", example: "timer on", topic: .other,
        completing: ["on|off": .choice(["off", "on"])]),
      actsOnDocument: false
    ) { interpreter, arguments, _ in
      let mode = arguments[BuiltinParameter.timerMode]
      interpreter.state.options.timer = try Interpreter.onOff(mode)
    },
    BuiltinCommand(
      spec: CommandSpec(
        "shell", [BuiltinParameter.shellCommand],
        summary: "runs COMMAND with /bin/sh -c in the working folder; '!COMMAND' at the prompt",
        discussion: """
          The words are joined by blanks: quote the whole command to keep the shell's own \
          quoting and variables (shell 'ls -l "$HOME"'). What it prints on standard output is \
          output (so 'output FILE' takes it); its standard error passes through. A status \
          other than 0 fails the command. At the prompt it always runs; a script runs it only \
          after 'set shell on'; under --confine never.
          """,
        example: "shell 'ls -l'", topic: .other, isAllowedInGroup: false),
      actsOnDocument: false
    ) { interpreter, arguments, _ in
      try interpreter.runShell(arguments[BuiltinParameter.shellCommand], at: arguments.command)
    },
  ]

  /// Whether `set pager` leaves the prompt's pager on (the default).
  package var pagesOutput: Bool { state.options.pagesOutput }

  /// `on` or `off`, as a setting's value.
  static func onOff(_ value: Argument) throws -> Bool {
    switch value.text {
    case "on": return true
    case "off": return false
    default: throw ScriptError("expected on or off, not '\(value.text)'", at: value)
    }
  }

  /// `output FILE`: makes FILE through the destination policy (as a
  /// recording is made) and sends output there.
  private func redirectOutput(to file: Argument, replacing: Bool) throws {
    guard !file.text.isEmpty else {
      throw ScriptError(
        "'output' needs a file name; '' is empty", at: file,
        notes: [.init("'output' alone sends output to standard output again")])
    }
    let url = resolver.url(for: file.text)
    try resolver.check(.write, url, at: file)
    if let (name, _) = state.documents.first(where: { isFile(url, of: $0.value) }) {
      throw ScriptError(
        "'\(resolver.display(url))' is the file of the open document '\(name)'; output would overwrite it",
        at: file, notes: [.init("send output to another file")])
    }
    let context = writeContext(for: state.currentName.flatMap { state.documents[$0] })
    let handle: FileHandle
    do {
      handle = try AtomicFile.create(
        url, as: .output, flags: replacing ? [.replace] : [], context: context)
    } catch  where error.code == .fileExists {
      throw ScriptError(
        "'\(resolver.display(url))' already exists", at: file,
        notes: [.init("send output to another file, or give --replace to write over it")])
    } catch {
      let reason = error.errno.map { String(cString: strerror($0)) } ?? error.message
      throw ScriptError("cannot send output to '\(resolver.display(url))': \(reason)", at: file)
    }
    redirectableOutput.redirect(to: url, handle: handle)
  }

  /// After a statement, with `set timer on`: how long it took, as a
  /// status line.
  func reportTime(since start: ContinuousClock.Instant) {
    let elapsed = ContinuousClock.now - start
    let milliseconds =
      Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    output.writeStatus("took \(String(format: "%.1f", milliseconds)) ms\n")
  }

  /// After a statement: if a write to the `output` file failed, says so
  /// once; output went to standard output from there on.
  func reportOutputFailure(at range: SourceRange) {
    guard let failure = redirectableOutput.failure else { return }
    redirectableOutput.failure = nil
    report(
      Diagnostic(
        .warning, in: range,
        "output to '\(resolver.display(failure.url))' stopped: \(failure.reason)",
        notes: [.init("output goes to standard output again")]), in: currentSource)
  }

  /// Whether `shell` may run here: at the prompt (not in a script it
  /// sources), or in a script after `set shell on`; never confined.
  private func checkShellAllowed(at command: Argument) throws {
    if let confinement = state.options.confinement, !confinement.allowsShellEscapes {
      throw ScriptError(
        "shell commands do not run under \(confinement.optionName): nothing would confine them",
        at: command)
    }
    let typedAtPrompt = isAtPrompt && sourceStack.count <= 1
    guard typedAtPrompt || state.options.allowsShellInScripts else {
      throw ScriptError(
        "a script runs shell commands only after 'set shell on'", at: command,
        notes: [.init("'set shell on' lets the script run them; at the prompt they always run")])
    }
  }

  /// `shell COMMAND…`: runs the words, joined by blanks, with `/bin/sh -c`
  /// in the working folder; its standard output is output, its standard
  /// error passes through, a status other than 0 fails the command.
  func runShell(_ words: [Argument], at command: Argument) throws {
    try checkShellAllowed(at: command)
    let line = words.map(\.text).joined(separator: " ")
    guard !line.allSatisfy(\.isWhitespace) else {
      throw ScriptError(
        "'shell' needs a command to run", at: command, notes: [.init("shell 'ls -l'")])
    }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw ScriptError("cannot run '\(line)': \(String(cString: strerror(errno)))", at: command)
    }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
    // Into the working folder first, then the command, as typed, in a
    // shell of its own (so that its `$0` and `$1` are its own).
    let script = "cd -- \"$1\" || exit 127; exec /bin/sh -c \"$2\""
    let words = ["/bin/sh", "-c", script, "sh", state.options.workingDirectory.path, line]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ)
    close(ends[1])
    defer { close(ends[0]) }
    guard spawned == 0 else {
      throw ScriptError(
        "cannot run '\(line)': \(String(cString: strerror(spawned)))", at: command)
    }
    // What it prints is passed on as it comes, so that a long listing
    // shows while it runs.
    var buffer = [UInt8](repeating: 0, count: 65536)
    var pending: [UInt8] = []
    while true {
      let count = read(ends[0], &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      pending += buffer[0..<count]
      // Only whole characters: a UTF-8 sequence split between reads waits
      // for the rest.
      var cut = pending.count
      var start = pending.count - 1
      while start > 0, pending.count - start < 4, pending[start] & 0xC0 == 0x80 { start -= 1 }
      let lead = pending[start]
      let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
      if start + length > pending.count { cut = start }
      output.write(String(decoding: pending[0..<cut], as: UTF8.self))
      pending.removeFirst(cut)
    }
    if !pending.isEmpty { output.write(String(decoding: pending, as: UTF8.self)) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let signal = status & 0x7F
    if signal != 0 {
      throw ScriptError("'\(line)' was stopped by signal \(signal)", at: command)
    }
    let code = (status >> 8) & 0xFF
    if code != 0 {
      throw ScriptError("'\(line)' exited with status \(code)", at: command)
    }
  }
}
