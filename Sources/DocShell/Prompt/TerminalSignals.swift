import CDocShellSignals
import Glibc

/// Ctrl-C, window-size changes, SIGTERM and SIGHUP, through a C signal
/// handler that only sets a flag and writes to a self-pipe
/// (`CDocShellSignals`); everything else happens here, outside signal
/// context. SIGTERM and SIGHUP stop a running command as Ctrl-C does, and
/// then end docrepl the way leaving does, so that the scratch folders go
/// too.
///
/// The flag and the pipe are defined once, in that target's C file, and
/// read through calls into it, so every reader sees the one the handler
/// writes, in every build configuration.
enum TerminalSignals {
  /// A signal the loop acts on.
  enum Signal {
    case interrupt, windowChanged
    /// SIGTERM or SIGHUP: docrepl is to end.
    case terminate
  }

  /// Installs the handlers; returns the self-pipe's read end for `poll`,
  /// or nil if it could not be made (signals then keep their defaults).
  @discardableResult
  static func install() -> Int32? {
    let descriptor = docshell_signals_install()
    return descriptor >= 0 ? descriptor : nil
  }

  /// Whether Ctrl-C was pressed since ``clear()``.
  static var isPending: Bool { docshell_interrupt_pending() != 0 }

  /// Forgets an earlier Ctrl-C.
  static func clear() { docshell_interrupt_clear() }

  /// Forgets an earlier Ctrl-C and returns whether there was one, in one
  /// atomic step: a Ctrl-C that comes meanwhile is returned or kept, not
  /// lost between a look and a clear.
  static func take() -> Bool { docshell_interrupt_take() != 0 }

  /// Whether SIGTERM or SIGHUP came: docrepl is to stop what it runs and
  /// end. Never forgotten.
  static var isTerminating: Bool { docshell_termination_signal() != 0 }

  /// Whether what runs should stop at its next safe point: Ctrl-C, or
  /// SIGTERM or SIGHUP. What the interpreter asks.
  static var isStopRequested: Bool { isPending || isTerminating }

  /// The signals waiting in the self-pipe, oldest first; empties it.
  static func drain() -> [Signal] {
    var signals: [Signal] = []
    while true {
      let number = docshell_signals_next()
      if number == 0 { return signals }
      switch number {
      case SIGWINCH: signals.append(.windowChanged)
      case SIGTERM, SIGHUP: signals.append(.terminate)
      default: signals.append(.interrupt)
      }
    }
  }
}

extension TerminalSignals {
  /// Forgets every Ctrl-C so far, the flag's and the self-pipe's: after a
  /// command, so that the next prompt does not see one it already
  /// served.
  static func reset() {
    _ = drain()
    clear()
  }

  /// ``reset()``, returning whether a Ctrl-C had come since the last
  /// one: for the prompt, which says so when the command it ran had
  /// finished before the Ctrl-C could stop it.
  static func resetTakingInterrupt() -> Bool {
    var interrupted = false
    for signal in drain() where signal == .interrupt { interrupted = true }
    return take() || interrupted
  }
}
