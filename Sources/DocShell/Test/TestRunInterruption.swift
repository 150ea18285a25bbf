import CDocShellSignals

/// Ctrl-C (`SIGINT`) or `SIGTERM` during `docrepl test` or `docrepl
/// check`: noticed, not fatal, so that the runner can stop starting
/// scripts, let those in flight finish and remove their temporary
/// folders, and still print its summary (exit status 130). A second
/// signal ends the process as usual.
///
/// A C handler that only sets a flag (`CDocShellSignals`), installed in
/// one `sigaction` per signal: from that moment on no signal is lost. A
/// signal that came before it, while the parent had it blocked, is still
/// pending and reaches the handler, or the default action, so it is
/// never dropped either. (Setting `SIG_IGN` and then starting a dispatch
/// signal source, as this did before, lost every signal that came before
/// the source's registration on libdispatch's manager thread, which a
/// loaded machine can delay past the first scripts: `SIG_IGN` discards
/// them, pending ones included.)
///
/// The handler is reset by exec, so a process started from here gets the
/// default actions.
final class TestRunInterruption: Sendable {
  /// Starts catching the signals.
  init() {
    // On failure (only for an invalid signal number) the signals keep
    // their default actions: a Ctrl-C still ends the run, at once.
    _ = docshell_run_interruption_install()
  }

  /// Whether a signal came.
  var happened: Bool { docshell_run_interruption_happened() != 0 }

  /// Stops catching the signals: they get back what they had before.
  func stop() {
    docshell_run_interruption_remove()
  }
}
