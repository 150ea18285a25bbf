import DocKit

/// How far a long piece of work has got, in bytes, for a progress display.
///
/// Work that knows its size (reading a text, building its bytes for a
/// save, `replace --all`, `diff`) reports to the reporter of the task it
/// runs in, ``current``, which is nil unless a host sets one: `docrepl`
/// does at its interactive prompt, when standard error is a terminal, and
/// never in scripts, `run`, `-c` or piped input. Reporting without a
/// reporter costs a task-local read.
///
///     let progress = WorkProgress.current
///     progress?.begin("open", total: bytes.count)
///     defer { progress?.end() }
///     for chunk in chunks { ...; progress?.update(done) }
///
/// The display hears of a piece of work only once it has run for longer
/// than the threshold (half a second), and then at each whole percent;
/// ``end()`` tells it to clear what it showed.
public final class WorkProgress: Sendable {
  /// The reporter long work reports to; nil where no one shows progress.
  @TaskLocal public static var current: WorkProgress?

  /// What the display is told.
  package enum Event: Sendable, Equatable {
    /// `title` is `percent` done (0 to 100).
    case progress(title: String, percent: Int)
    /// The work shown ended: clear it.
    case ended
  }

  private struct State {
    var title = ""
    var total = 0
    var started: ContinuousClock.Instant?
    var shownPercent: Int?
    /// Nested work (a save that builds bytes) reports as part of the
    /// outermost piece.
    var depth = 0
  }

  private let state = Locked(State())
  private let threshold: Duration
  private let display: @Sendable (Event) -> Void

  /// A reporter that tells `display` of work that runs longer than
  /// `threshold`.
  package init(
    threshold: Duration = .milliseconds(500), display: @escaping @Sendable (Event) -> Void
  ) {
    self.threshold = threshold
    self.display = display
  }

  /// Starts a piece of work of `total` bytes. Work started inside another
  /// is counted as part of the outer one: its own updates are ignored.
  public func begin(_ title: String, total: Int) {
    state.withLock { state in
      state.depth += 1
      guard state.depth == 1 else { return }
      state = State(title: title, total: max(total, 1), started: .now, depth: 1)
    }
  }

  /// `done` bytes of the current piece of work are done. Ignored inside
  /// a nested piece.
  public func update(_ done: Int) {
    let event: Event? = state.withLock { state in
      // Work inside other work reports nothing of its own: its bytes are
      // not the outer work's.
      guard let started = state.started, state.depth == 1 else { return nil }
      let percent = min(100, max(0, done * 100 / state.total))
      guard percent != state.shownPercent, started.duration(to: .now) >= threshold else {
        return nil
      }
      state.shownPercent = percent
      return .progress(title: state.title, percent: percent)
    }
    if let event { display(event) }
  }

  /// Ends the current piece of work; the display clears it if it showed it.
  public func end() {
    let shown: Bool = state.withLock { state in
      state.depth = max(0, state.depth - 1)
      guard state.depth == 0 else { return false }
      defer { state = State() }
      return state.shownPercent != nil
    }
    if shown { display(.ended) }
  }

  /// Runs `body`, which saves through DocKit, showing the bytes its write
  /// puts in each file (DocKit's `FileWrapper.writeProgress`) as `title`,
  /// a piece of work a file, if there is a reporter (``current``). The
  /// write's `fsync` and commit come after its last bytes, at 100%.
  package static func reportingWrites<Result>(
    _ title: String = "writing", isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
  ) async rethrows -> Result {
    guard let progress = current else { return try await body() }
    // Whether a piece is open: a file's first report (0 bytes) begins one,
    // ending the last file's. A class, so that the reporting closure, kept
    // in a task-local, holds a reference rather than borrowing a local.
    let open = OpenPiece()
    defer { if open.isOpen.withLock({ $0 }) { progress.end() } }
    return try await FileWrapper.$writeProgress.withValue(
      FileWrapper.WriteProgress { completed, total in
        let (ending, beginning) = open.isOpen.withLock { open -> (Bool, Bool) in
          let starts = completed == 0 || !open
          defer { open = true }
          return (starts && open, starts)
        }
        if ending { progress.end() }
        if beginning { progress.begin(title, total: Int(total)) }
        progress.update(Int(completed))
      }, operation: body)
  }

  /// Runs `body` as a piece of work of `total` bytes, reporting to
  /// ``current`` if there is one; `body` gets a function to call with the
  /// bytes done.
  public static func run<Result, Failure>(
    _ title: String, total: Int, _ body: ((Int) -> Void) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    guard let progress = current else { return try body { _ in } }
    progress.begin(title, total: total)
    defer { progress.end() }
    return try body { progress.update($0) }
  }
}

/// Whether a write's piece of work is open, shared by the reporting
/// closure and the code that ends the last piece.
private final class OpenPiece: Sendable {
  let isOpen = Locked(false)
}
