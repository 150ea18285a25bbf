import Foundation

/// A session being written as a replayable script by `record FILE`: each
/// input as typed, then its output as `#>` lines and its diagnostics as
/// `#!` lines, in the form ``Transcript`` checks, so that `docrepl test`
/// on the file passes.
///
/// The file is appended to after each input (each prompt entry, or each
/// script that `run` replays) and synchronized, so that a crash loses at
/// most the input that was running. Inputs that do not parse ran nothing
/// and are left out.
@MainActor
final class SessionRecording {
  /// The file being written.
  let url: URL
  private let handle: FileHandle
  /// The input being recorded: its source, the first line of it that
  /// belongs in the file, and what it printed.
  private var input: (source: ScriptSource, firstLine: Int, recorder: TranscriptRecorder)?

  /// Creates `url`, empty. An existing file is an error unless
  /// `replacing`, so that no recording overwrites a file unasked.
  init(url: URL, replacing: Bool) throws {
    self.url = url
    if !replacing || !FileManager.default.fileExists(atPath: url.path) {
      try Data().write(to: url, options: .withoutOverwriting)
    }
    handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: 0)
  }

  /// Starts recording `source` at `firstLine`; returns the recorder the
  /// interpreter's output must also go to.
  func begin(_ source: ScriptSource, firstLine: Int) -> TranscriptRecorder {
    let recorder = TranscriptRecorder(scriptName: source.name)
    input = (source, firstLine, recorder)
    return recorder
  }

  /// Appends the input being recorded, up to `lastLine` (nil for all of
  /// it), with what it printed; then forgets it.
  func finishInput(lastLine: Int? = nil) throws {
    guard let (source, firstLine, recorder) = input else { return }
    input = nil
    recorder.flush()
    var lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    let last = min(lastLine ?? lines.count, lines.count)
    guard firstLine <= last else { return }
    let kept = lines[(firstLine - 1)..<last]
    guard kept.contains(where: { !$0.allSatisfy(\.isWhitespace) }) else { return }
    var blocks: [Int: TranscriptRecorder.Block] = [:]
    for (line, block) in recorder.blocks where (firstLine...last).contains(line) {
      blocks[line - firstLine + 1] = block
    }
    let part = ScriptSource(name: source.name, text: kept.joined(separator: "\n") + "\n")
    let text = Transcript.rewrite(part, with: blocks)
    try handle.write(contentsOf: Data(text.utf8))
    try handle.synchronize()
  }

  /// Writes `lines` as they are, before any input: the commands that
  /// bring a replay to the state the session was in when recording began.
  func writePreamble(_ lines: [String]) throws {
    guard !lines.isEmpty else { return }
    try handle.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
    try handle.synchronize()
  }

  /// Closes the file.
  func close() throws {
    try handle.close()
  }
}

/// Output that goes where it went before and, while a session is being
/// recorded, to the recorder too.
@MainActor
final class RecordingOutput: ScriptOutput {
  /// Where output went before recording started.
  let base: any ScriptOutput
  let recorder: TranscriptRecorder

  init(base: any ScriptOutput, recorder: TranscriptRecorder) {
    self.base = base
    self.recorder = recorder
  }

  func write(_ text: String) {
    base.write(text)
    recorder.write(text)
  }

  func report(_ diagnostic: Diagnostic, rendered: String) {
    base.report(diagnostic, rendered: rendered)
    recorder.report(diagnostic, rendered: rendered)
  }

  func willRun(_ command: Command, source: ScriptSource) {
    base.willRun(command, source: source)
    recorder.willRun(command, source: source)
  }
}
