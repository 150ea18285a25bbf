import Foundation
import Glibc

/// A pager process (`less`, or what `PAGER` names) reading from a pipe,
/// on the terminal: psql's and git's way of showing output longer than the
/// screen.
///
/// The command runs with `/bin/sh -c`, as psql and git run it, so that
/// `PAGER='less -S'` works. `LESS` is `FRX` unless the environment sets
/// it, as git sets it: `R` passes colours through, `X` leaves the screen
/// as it was when the pager ends. While the pager runs, `SIGPIPE` is
/// ignored here, so that a pager that ends before the output does (the
/// user typed `q`) ends the writes instead of this process.
@MainActor
final class Pager {
  /// The pipe's writing end, or -1 once closed.
  private var input: Int32
  private let processID: pid_t
  /// What `SIGPIPE` did before the pager started.
  private let previousPipeAction: sighandler_t?
  /// Whether the pager has stopped reading: a write met a closed pipe.
  private(set) var hasQuit = false

  /// Why a pager could not start.
  struct StartFailure: Error, CustomStringConvertible {
    var description: String
  }

  /// The command that pages for a process with `environment`:
  /// `DOCREPL_PAGER`, else `PAGER`, else `less` if it is on `PATH`, else
  /// `more`; nil when the one set is empty, or neither program is there.
  static func command(environment: [String: String]) -> String? {
    for name in ["DOCREPL_PAGER", "PAGER"] {
      if let command = environment[name] {
        return command.allSatisfy(\.isWhitespace) ? nil : command
      }
    }
    return ["less", "more"].first { isRunnable($0, environment: environment) }
  }

  /// Whether the program `command` starts with (its first word) is an
  /// executable file, by its path or on `PATH`: a pager that is not there
  /// would take the output with it.
  static func isRunnable(_ command: String, environment: [String: String]) -> Bool {
    guard let program = command.split(whereSeparator: \.isWhitespace).first else { return false }
    if program.contains("/") { return access(String(program), X_OK) == 0 }
    // A word the shell reads (a variable, quotes, a builtin's syntax) is
    // left to the shell.
    if program.contains(where: { "$'\"`\\=".contains($0) }) { return true }
    let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return folders.contains { access("\($0)/\(program)", X_OK) == 0 }
  }

  /// Starts `command` with `environment`, reading from a new pipe.
  init(command: String, environment: [String: String]) throws(StartFailure) {
    guard Self.isRunnable(command, environment: environment) else {
      throw StartFailure(description: "not found")
    }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw StartFailure(description: String(cString: strerror(errno)))
    }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
    // The pager starts with the signals' default actions: this process
    // ignores SIGPIPE while it pages, and handles SIGINT itself.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGWINCH] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    var variables = environment
    if variables["LESS"] == nil { variables["LESS"] = "FRX" }
    let words: [String] = ["/bin/sh", "-c", command]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] =
      variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
    close(ends[0])
    guard spawned == 0 else {
      close(ends[1])
      throw StartFailure(description: String(cString: strerror(spawned)))
    }
    input = ends[1]
    processID = pid
    previousPipeAction = signal(SIGPIPE, SIG_IGN)
  }

  /// Writes `text` to the pager; if Ctrl-C interrupts a write the pager
  /// holds up, the rest is dropped, as on a terminal. Once the pager has
  /// quit, writes do nothing.
  func write(_ text: String) {
    guard !hasQuit, input >= 0 else { return }
    var stream = StandardStream(descriptor: input)
    if !stream.write(text, stoppingWhen: { TerminalSignals.isStopRequested }),
      !TerminalSignals.isStopRequested
    {
      hasQuit = true
    }
  }

  /// Ends the pager's input and waits for it to end: until the user
  /// leaves it (`q` in less). Returns how it ended, for a warning: nil
  /// when it exited with 0 (or was stopped by a signal the user sent).
  func finish() -> String? {
    if input >= 0 {
      close(input)
      input = -1
    }
    var status: Int32 = 0
    while waitpid(processID, &status, 0) < 0, errno == EINTR {}
    if let previousPipeAction { signal(SIGPIPE, previousPipeAction) }
    let code = (status >> 8) & 0xFF
    // 127: the shell found no such program.
    guard status & 0x7F == 0, code != 0 else { return nil }
    return code == 127 ? "not found" : "exited with status \(code)"
  }
}
