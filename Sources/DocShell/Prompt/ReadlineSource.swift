import Dispatch
import DocKit
import DocScript
import Glibc

#if LineEditingLibedit
  import CLibedit
#else
  import CReadline
#endif

/// Lines typed at the prompt, through GNU readline's callback interface.
///
/// The loop polls standard input and the signal self-pipe, and feeds
/// readline one character at a time, so that Ctrl-C is handled here,
/// outside signal context: it drops the line being typed and returns
/// ``LineEvent/interrupt``. Readline's own signal handlers are off.
/// Ctrl-R (reverse search), editing keys and `~/.inputrc` sections for
/// `docrepl` (or the program's own name: `$if notes-repl`) are
/// readline's.
@MainActor
final class ReadlineSource: LineSource {
  private var history: History
  private let signalPipe: Int32?
  private var historyWarned = false
  /// What the prompt says, while it waits, of documents whose files
  /// changed on disk; nil watches nothing.
  var diskChanges: DiskChangeReporter?

  var isInteractive: Bool { true }

  /// A prompt with `history`, whose entries Up and Ctrl-R find.
  init(history: History, signalPipe: Int32?) {
    self.history = history
    self.signalPipe = signalPipe
    // readline keeps the pointer: the copy lives as long as the process.
    docrepl_readline_set_name(strdup(ProgramName.current.text))
    docrepl_readline_disable_signal_handlers()
    stifle_history(Int32(History.capacity))
    for entry in history.entries { add_history(entry) }
  }

  func readLine(prompt: String) async -> LineEvent {
    // SIGTERM or SIGHUP came while a command ran: its byte in the pipe
    // was spent, and nothing more is to be read.
    if TerminalSignals.isTerminating { return .closed }
    Self.received.withLock { $0 = nil }
    docrepl_readline_forget_eof()
    // Work already queued runs before the prompt is drawn, so that it
    // does not wake the wait below only to draw the prompt again. (Only
    // then: with nothing queued, there is nothing to wait for.)
    if MainRunLoop.hasQueuedWork { _ = await MainRunLoop.runUntilIdle() }
    diskChanges?.prepare()
    docrepl_readline_install_handler(prompt) { line in ReadlineSource.receive(line) }
    var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
    var signalIndex: Int?
    if let signalPipe {
      signalIndex = descriptors.count
      descriptors.append(pollfd(fd: signalPipe, events: Int16(POLLIN), revents: 0))
    }
    // A watched file that changes wakes the wait too: what changed is said
    // above the line being typed, which stays as it was.
    var diskIndex: Int?
    if let disk = diskChanges?.descriptor {
      diskIndex = descriptors.count
      descriptors.append(pollfd(fd: disk, events: Int16(POLLIN), revents: 0))
    }
    // Work that runs on the main queue while the prompt waits wakes it,
    // so that the line is drawn again below whatever that work printed.
    var wakesOnWork = MainRunLoop.isRunning
    while true {
      for index in descriptors.indices { descriptors[index].revents = 0 }
      let (ready, error) = await Self.wait(for: &descriptors, wakingOnWork: wakesOnWork)
      if ready < 0 {
        if error == EINTR { continue }
        rl_callback_handler_remove()
        return .closed
      }
      if ready == 0 {
        // Only the main queue's work: it has run; what it queued runs
        // too, then the prompt and the line are drawn again, on a line
        // of their own if it printed one. Work that keeps queueing more
        // (past the limit) runs on while the prompt waits, but no longer
        // wakes it: the line would be drawn again and again.
        if await MainRunLoop.runUntilIdle() { wakesOnWork = false }
        rl_forced_update_display()
        continue
      }
      if let diskIndex, descriptors[diskIndex].revents != 0, let diskChanges {
        for notice in await diskChanges.takeNotices() {
          docrepl_readline_print_above(notice)
        }
      }
      if let signalIndex, descriptors[signalIndex].revents != 0 {
        for signal in TerminalSignals.drain() {
          switch signal {
          case .windowChanged:
            rl_resize_terminal()
          case .interrupt:
            // As bash and sqlite3 show it: ^C after the line, still on
            // the screen, then a new line, and the next prompt starts
            // with an empty one. ^C is written while the terminal is still
            // readline's: resetting it may move the cursor to the start
            // of the line (bracketed paste's reset ends in a carriage
            // return), and ^C would then overwrite the prompt.
            TerminalSignals.clear()
            write(STDOUT_FILENO, "^C", 2)
            docrepl_readline_abandon_line()
            write(STDOUT_FILENO, "\n", 1)
            docrepl_readline_clear_line()
            return .interrupt
          case .terminate:
            // SIGTERM or SIGHUP: the line is dropped, the terminal is
            // given back as readline found it, and the loop ends.
            docrepl_readline_abandon_line()
            write(STDOUT_FILENO, "\n", 1)
            return .closed
          }
        }
      }
      let input = descriptors[0].revents
      if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 && input & Int16(POLLIN) == 0 {
        rl_callback_handler_remove()
        return .closed
      }
      if input & Int16(POLLIN | POLLHUP) != 0 {
        rl_callback_read_char()
        if let event = Self.received.withLock({ $0 }) {
          // Ctrl-D leaves the cursor after the prompt, unless readline
          // has already started a new line: what follows (a message, the
          // discard question, the shell's prompt) starts on a line of
          // its own, once.
          if event == .end, docrepl_readline_ends_line_at_eof() == 0 {
            write(STDOUT_FILENO, "\n", 1)
          }
          return event
        }
      }
    }
  }

  func entryCompleted(_ entry: [UInt8]) {
    let text = String(decoding: entry, as: UTF8.self)
    guard history.add(text) else { return }
    add_history(text)
    do {
      try history.save()
    } catch {
      guard !historyWarned else { return }
      historyWarned = true
      var errors = StandardStream.error
      errors.write("\(ProgramName.current): warning: history not saved: \(error)\n")
    }
  }

  /// Waits, on a thread of its own, until one of `descriptors` is ready
  /// or (when `wakingOnWork`) work has run on the main queue, without
  /// holding the main thread: the main queue, the main actor and the main
  /// run loop run meanwhile, as an app's do while it waits for an event.
  /// Returns `poll`'s result for `descriptors` (0 when only work that ran
  /// woke it) and its `errno`.
  private static func wait(
    for descriptors: inout [pollfd], wakingOnWork: Bool
  ) async -> (ready: Int32, error: Int32) {
    var watched = descriptors
    // The main loop says when work ran; the watch starts before the poll
    // does, so that work which runs before the poll begins still wakes it.
    let workRan = wakingOnWork ? MainRunLoop.watchForWork() : nil
    if let workRan { watched.append(pollfd(fd: workRan, events: Int16(POLLIN), revents: 0)) }
    let polled = watched
    let (ready, error, result) = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        var entries = polled
        let ready = poll(&entries, nfds_t(entries.count), -1)
        continuation.resume(returning: (ready, errno, entries))
      }
    }
    // In the job that resumed this wait, before anything else: its own
    // drain does not count as work that ran.
    if let workRan {
      MainRunLoop.stopWatchingForWork()
      var bytes = [UInt8](repeating: 0, count: 64)
      while read(workRan, &bytes, bytes.count) > 0 {}
    }
    for index in descriptors.indices { descriptors[index].revents = result[index].revents }
    guard ready > 0 else { return (ready, error) }
    let others = descriptors.reduce(Int32(0)) { $0 + ($1.revents != 0 ? 1 : 0) }
    return (others, error)
  }

  /// The line readline finished, handed from its callback to the loop.
  private nonisolated static let received = Locked<LineEvent?>(nil)

  /// readline's line handler: takes the line (nil at Ctrl-D on an empty
  /// line, or end of file) and removes itself, so that readline does not
  /// show the next prompt before the command's output.
  private nonisolated static func receive(_ line: UnsafeMutablePointer<CChar>?) {
    rl_callback_handler_remove()
    let event: LineEvent
    if let line {
      event = .line(
        Array(UnsafeBufferPointer(start: line, count: strlen(line)).map { UInt8(bitPattern: $0) }))
      free(line)
    } else {
      event = .end
    }
    received.withLock { $0 = event }
  }
}
