import DocScript
import Glibc

/// The prompt's output: what an entry prints goes to the terminal, or,
/// when it is longer than the terminal, through a pager (psql's way).
///
/// While an entry runs (``beginEntry(pages:)`` to ``endEntry()``), its
/// output is held until it fills the screen but for the prompt's line.
/// An entry that ends before then prints it as it would have; one that
/// goes on starts the pager (``Pager``) and sends it everything, as it
/// comes. Diagnostics and status lines keep their order with the output:
/// held with it, and while the pager runs, written after it ends, below
/// what it showed. Scripts never page: only the prompt makes one of these.
@MainActor
final class PagedOutput: ScriptOutput {
  /// Where output and diagnostics go when not paged.
  private let base: any ScriptOutput
  /// The process's environment, for the pager's command and its own.
  private let environment: [String: String]
  /// The terminal's size, asked when an entry begins.
  private let screenSize: () -> (rows: Int, columns: Int)
  /// Whether `set pager` is on, asked when the output grows past the
  /// screen: `set pager off; show` in one entry does not page.
  var isEnabled: () -> Bool = { true }
  private var state = State.direct
  /// Whether the pager could not start, said once.
  private var warnedOfPager = false

  private enum State {
    /// Straight to the base: between entries, with the pager off, or
    /// after a question was asked.
    case direct
    /// Held: the entry's output so far (and its diagnostics, in order),
    /// and how many lines of the screen it takes.
    case holding(Held)
    /// Through the pager; diagnostics wait for it to end.
    case paging(Pager, command: String, waiting: [Held.Item])
  }

  private struct Held {
    enum Item {
      case output(String)
      case diagnostic(Diagnostic, rendered: String)
      case status(String)
    }
    var items: [Item] = []
    /// Screen lines the output takes, counting wrapped ones.
    var lines = 0
    /// Characters on the output's last line, not yet ended.
    var column = 0
    /// The most lines that print without the pager.
    let limit: Int
    let columns: Int
    let command: String
  }

  /// Output to `base`, paged with the pager `environment` names, on a
  /// screen of the size `screenSize` tells.
  init(
    base: any ScriptOutput, environment: [String: String],
    screenSize: @escaping () -> (rows: Int, columns: Int) = PagedOutput.terminalSize
  ) {
    self.base = base
    self.environment = environment
    self.screenSize = screenSize
  }

  /// The size of the terminal standard output is on; 24×80 when it does
  /// not say.
  nonisolated static func terminalSize() -> (rows: Int, columns: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else {
      return (24, 80)
    }
    return (Int(size.ws_row), max(1, Int(size.ws_col)))
  }

  /// An entry begins: its output is paged if it grows past the screen
  /// while `set pager` is on, standard output is a terminal and a pager is
  /// named or found.
  func beginEntry() {
    finishPaging()
    guard isatty(STDOUT_FILENO) == 1, let command = Pager.command(environment: environment)
    else { return }
    let (rows, columns) = screenSize()
    // The prompt's line stays on the screen below the output.
    state = .holding(Held(limit: max(1, rows - 1), columns: columns, command: command))
  }

  /// The entry has ended: held output is printed, or the pager is given
  /// the end of its input and waited for (until the user leaves it),
  /// then what waited for it is written.
  func endEntry() {
    finishPaging()
  }

  /// Writes what is held, or ends the pager, and writes straight to the
  /// base for the rest of the entry: before a question is asked on the
  /// terminal (the export dialog), which the pager would hide.
  func finishPaging() {
    switch state {
    case .direct:
      return
    case .holding(let held):
      state = .direct
      replay(held.items)
    case .paging(let pager, let command, let waiting):
      state = .direct
      let failure = pager.finish()
      // A Ctrl-C while the pager waited for the user was the pager's.
      _ = TerminalSignals.take()
      replay(waiting)
      if let failure {
        base.writeStatus("\(ProgramName.current): warning: the pager '\(command)' \(failure)\n")
      }
    }
  }

  func write(_ text: String) {
    switch state {
    case .direct:
      base.write(text)
    case .paging(let pager, _, _):
      pager.write(text)
    case .holding(var held):
      // Out of `state` first, so that the append does not copy.
      state = .direct
      held.items.append(.output(text))
      count(text, in: &held)
      guard held.lines > held.limit else {
        state = .holding(held)
        return
      }
      startPager(for: held)
    }
  }

  func report(_ diagnostic: Diagnostic, rendered: String) {
    hold(.diagnostic(diagnostic, rendered: rendered))
  }

  func writeStatus(_ text: String) {
    hold(.status(text))
  }

  func willRun(_ command: Command, source: ScriptSource) {
    // A shell command's own program may use the terminal: what is held
    // is written first, and the rest of the entry is not paged.
    if command.name == "shell" { finishPaging() }
    base.willRun(command, source: source)
  }

  func didParse(_ statements: [Statement], source: ScriptSource) {
    base.didParse(statements, source: source)
  }

  /// Keeps a diagnostic or status line in order with the output.
  private func hold(_ item: Held.Item) {
    switch state {
    case .direct:
      replay([item])
    case .holding(var held):
      state = .direct
      held.items.append(item)
      state = .holding(held)
    case .paging(let pager, let command, var waiting):
      state = .direct
      waiting.append(item)
      state = .paging(pager, command: command, waiting: waiting)
    }
  }

  /// Starts the pager with what is held; if it cannot start, says so once
  /// and prints everything instead.
  private func startPager(for held: Held) {
    guard isEnabled() else {
      state = .direct
      replay(held.items)
      return
    }
    let pager: Pager
    do {
      pager = try Pager(command: held.command, environment: environment)
    } catch {
      state = .direct
      if !warnedOfPager {
        warnedOfPager = true
        base.writeStatus(
          "\(ProgramName.current): warning: the pager '\(held.command)' cannot start: \(error); 'set pager off' turns paging off\n"
        )
      }
      replay(held.items)
      return
    }
    var waiting: [Held.Item] = []
    for item in held.items {
      if case .output(let text) = item { pager.write(text) } else { waiting.append(item) }
    }
    state = .paging(pager, command: held.command, waiting: waiting)
  }

  private func replay(_ items: [Held.Item]) {
    for item in items {
      switch item {
      case .output(let text): base.write(text)
      case .diagnostic(let diagnostic, let rendered): base.report(diagnostic, rendered: rendered)
      case .status(let text): base.writeStatus(text)
      }
    }
  }

  /// Counts the screen lines `text` adds: one a line break, and one each
  /// time a line runs past the terminal's width; only until they are
  /// more than the screen holds.
  private func count(_ text: String, in held: inout Held) {
    for scalar in text.unicodeScalars where held.lines <= held.limit {
      if scalar == "\n" {
        held.lines += 1
        held.column = 0
        continue
      }
      held.column += 1
      if held.column > held.columns {
        held.lines += 1
        held.column = 1
      }
    }
  }
}
