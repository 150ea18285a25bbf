import DocKit
import Foundation
import Glibc

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
  /// The input being recorded: its source, the byte offset in it where
  /// the part that belongs in the file starts, and what it printed.
  private var input: (source: ScriptSource, start: Int, recorder: TranscriptRecorder)?

  /// Creates `url`, empty, with DocKit's atomic write, so that the new
  /// file's name is synced into its folder before anything is recorded.
  /// An existing file is an error (`CocoaError.fileWriteFileExists`)
  /// unless `replacing`, so that no recording overwrites a file unasked.
  init(url: URL, replacing: Bool, context: WriteDestination.Context = .init()) throws {
    self.url = url
    do {
      try AtomicFile.write(
        [], to: url, as: .record, flags: replacing ? [.replace] : [], context: context)
    } catch  where error.code == .fileExists {
      throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: error.path])
    } catch {
      throw CocoaError(
        .fileWriteUnknown,
        userInfo: [
          NSFilePathErrorKey: error.path,
          NSLocalizedDescriptionKey: error.errno.map { String(cString: strerror($0)) }
            ?? error.message,
        ])
    }
    handle = try FileHandle(forWritingTo: url)
  }

  /// Where in a source the recorded part starts or ends: before `line`
  /// (numbered as the source's locations are, from
  /// ``ScriptSource/firstLine``), or at a column of it. Columns count
  /// UTF-8 bytes, as ``SourceLocation``'s do.
  enum Boundary {
    /// The start of the source.
    case start
    /// The start of a line.
    case line(Int)
    /// After a command that ends at `location`, and after the blanks and
    /// `;` that separate it from the next: where the rest of its line
    /// starts.
    case after(SourceLocation)
    /// Before a command that starts at `location`, and before the blanks
    /// and `;` that separate it from the one before.
    case before(SourceLocation)
  }

  /// Starts recording `source` from `start`; returns the recorder the
  /// interpreter's output must also go to.
  func begin(_ source: ScriptSource, from start: Boundary = .start) -> TranscriptRecorder {
    let recorder = TranscriptRecorder(scriptName: source.name)
    input = (source, Self.offset(of: start, in: source), recorder)
    return recorder
  }

  /// Appends the input being recorded, up to `end` (nil for all of it),
  /// with what it printed; then forgets it. A command that shares its
  /// line with `record` is kept, and `record` itself is not.
  func finishInput(until end: Boundary? = nil) throws {
    guard let (source, start, recorder) = input else { return }
    input = nil
    recorder.flush()
    let bytes = source.bytes
    let stop = max(start, end.map { Self.offset(of: $0, in: source) } ?? bytes.count)
    let kept = bytes[start..<stop]
    guard
      kept.contains(where: {
        $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\n")
          && $0 != UInt8(ascii: "\r")
      })
    else { return }
    // The lines of the source the part spans, in the source's numbering.
    let firstLine = source.firstLine + bytes[..<start].count { $0 == UInt8(ascii: "\n") }
    var partBytes = Array(kept)
    if partBytes.last != UInt8(ascii: "\n") { partBytes.append(UInt8(ascii: "\n")) }
    let lineCount = partBytes.count { $0 == UInt8(ascii: "\n") }
    var blocks: [Int: TranscriptRecorder.Block] = [:]
    for (line, block) in recorder.blocks
    where (firstLine..<(firstLine + lineCount)).contains(line) {
      blocks[line - firstLine + 1] = block
    }
    let part = ScriptSource(name: source.name, bytes: partBytes)
    let text = Transcript.rewrite(part, with: blocks)
    try handle.write(contentsOf: Data(text.utf8))
    try handle.synchronize()
  }

  /// The byte offset in `source` that `boundary` stands for.
  private static func offset(of boundary: Boundary, in source: ScriptSource) -> Int {
    let bytes = source.bytes
    func lineStart(_ line: Int) -> Int {
      var remaining = line - source.firstLine
      var index = 0
      while remaining > 0, index < bytes.count {
        if bytes[index] == UInt8(ascii: "\n") { remaining -= 1 }
        index += 1
      }
      return remaining > 0 ? bytes.count : index
    }
    func isSeparator(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ";")
    }
    switch boundary {
    case .start:
      return 0
    case .line(let line):
      return lineStart(line)
    case .after(let location):
      var index = min(bytes.count, lineStart(location.line) + location.column - 1)
      while index < bytes.count, isSeparator(bytes[index]) { index += 1 }
      // The rest of the line is blank: the next line starts the part.
      if index < bytes.count, bytes[index] == UInt8(ascii: "\r") { index += 1 }
      if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
      return index
    case .before(let location):
      let start = lineStart(location.line)
      var index = min(bytes.count, start + location.column - 1)
      while index > start, isSeparator(bytes[index - 1]) { index -= 1 }
      return index
    }
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
