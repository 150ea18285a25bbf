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
  /// What the destination policy knows of the session (its working
  /// folder, its open documents) for the recording's writes.
  private let context: WriteDestination.Context
  private let handle: FileHandle
  /// The input being recorded: its source, the byte offset in it where
  /// the part that belongs in the file starts, and what it printed.
  private var input: (source: ScriptSource, start: Int, recorder: TranscriptRecorder)?
  /// Text of the input being recorded to write otherwise: byte ranges of
  /// its source and their replacements, so that the recording replays
  /// what the session did (the file an export dialog chose, a path that
  /// must not depend on the working folder).
  private var substitutions: [(range: Range<Int>, text: String)] = []
  /// The files the recording reads, as it names them, in order: a
  /// replay needs them. The header lists them when recording ends.
  private(set) var neededFiles: [String] = []
  /// The files the session named as destinations while recording, by
  /// standard path: a replay makes them itself, so reading them is not
  /// rewritten.
  private(set) var destinations: Set<String> = []
  /// The folder the recording is in: `$SCRIPT_DIR` when it replays.
  var folder: String { url.deletingLastPathComponent().standardizedFileURL.path }

  /// Creates `url`, empty, with DocKit's atomic write, so that the new
  /// file's name is synced into its folder before anything is recorded.
  /// An existing file is an error (`CocoaError.fileWriteFileExists`)
  /// unless `replacing`, so that no recording overwrites a file unasked.
  init(url: URL, replacing: Bool, context: WriteDestination.Context = .init()) throws {
    self.url = url
    self.context = context
    do {
      handle = try AtomicFile.create(
        url, as: .record, flags: replacing ? [.replace] : [], context: context)
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
    substitutions = []
    return recorder
  }

  /// Whether `source` is the input being recorded: the only one whose
  /// text the recording holds.
  func isRecording(_ source: ScriptSource) -> Bool {
    guard let input else { return false }
    return input.source.name == source.name && input.source.bytes == source.bytes
  }

  /// Records the text of `range` of the input being recorded as `text`.
  func substitute(_ range: SourceRange, with text: String) {
    guard let source = input?.source else { return }
    let start = Self.offset(of: range.start, in: source)
    let end = max(start, Self.offset(of: range.end, in: source))
    substitutions.removeAll { $0.range.overlaps(start..<end) || $0.range.lowerBound == start }
    substitutions.append((start..<end, text))
  }

  /// Notes a file the recording needs to replay, as the recording names it.
  func need(_ file: String) {
    if !neededFiles.contains(file) { neededFiles.append(file) }
  }

  /// Notes a destination the session named while recording.
  func noteDestination(_ url: URL) {
    destinations.insert(url.standardizedFileURL.path)
  }

  /// How the recording names the file at `url` so that a replay finds it
  /// from any working folder (`docrepl test` runs each script in a
  /// temporary one): through `$SCRIPT_DIR` when it lies in the
  /// recording's folder or below, else by its absolute path. Each part is
  /// a word that reads back exactly.
  func replayablePath(of url: URL) -> (word: String, shown: String) {
    let path = url.standardizedFileURL.path
    guard path.hasPrefix(folder + "/") else { return (Word.quoted(path), path) }
    let relative = String(path.dropFirst(folder.count + 1))
    return ("\"$SCRIPT_DIR\"/" + Word.quoted(relative), "$SCRIPT_DIR/" + relative)
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
    var kept = bytes[start..<stop]
    let replaced = substitutions.filter {
      $0.range.lowerBound >= start && $0.range.upperBound <= stop
    }
    if !replaced.isEmpty {
      var edited = Array(kept)
      for (range, text) in replaced.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
        edited.replaceSubrange(
          (range.lowerBound - start)..<(range.upperBound - start), with: text.utf8)
      }
      kept = edited[...]
    }
    substitutions = []
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
    func lineStart(_ line: Int) -> Int { Self.lineStart(line, in: source) }
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

  /// The byte offset of the start of `line` in `source` (its end if the
  /// source has fewer lines).
  private static func lineStart(_ line: Int, in source: ScriptSource) -> Int {
    let bytes = source.bytes
    var remaining = line - source.firstLine
    var index = 0
    while remaining > 0, index < bytes.count {
      if bytes[index] == UInt8(ascii: "\n") { remaining -= 1 }
      index += 1
    }
    return remaining > 0 ? bytes.count : index
  }

  /// The byte offset of `location` in `source`.
  private static func offset(of location: SourceLocation, in source: ScriptSource) -> Int {
    min(source.bytes.count, lineStart(location.line, in: source) + location.column - 1)
  }

  /// Writes `lines` as they are, before any input: the commands that
  /// bring a replay to the state the session was in when recording began.
  func writePreamble(_ lines: [String]) throws {
    guard !lines.isEmpty else { return }
    try handle.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
    try handle.synchronize()
  }

  /// Closes the file. When the recording reads files, it is then
  /// rewritten (atomically, as a save is) with a header that lists them:
  /// what must be there for it to replay.
  func close() throws {
    try handle.close()
    guard !neededFiles.isEmpty else { return }
    let recorded = try Data(contentsOf: url)
    let header =
      ["# Recorded by docrepl. It reads these files, which must be there when it replays:"]
      + neededFiles.map { "#   \($0)" }
    try AtomicFile.write(
      Array((header.joined(separator: "\n") + "\n").utf8) + Array(recorded), to: url,
      as: .record, flags: [.replace], context: context)
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

  func writeStatus(_ text: String) {
    base.writeStatus(text)
  }

  func willRun(_ command: Command, source: ScriptSource) {
    base.willRun(command, source: source)
    recorder.willRun(command, source: source)
  }

  func didParse(_ statements: [Statement], source: ScriptSource) {
    base.didParse(statements, source: source)
  }
}
