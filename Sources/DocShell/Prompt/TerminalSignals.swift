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
}
