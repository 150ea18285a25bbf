package import Foundation

/// A script compared with its own `#>` and `#!` lines: what the test
/// runner reports, and what `--update` writes.
///
/// Each command's expected output is the `#>` lines after it, and its
/// expected diagnostics the `#!` lines; a command with none is expected to
/// print nothing. Commands that share a line (`a; b`) share the lines
/// after it.
///
/// The updated script keeps every byte of the original except the
/// expectation lines of commands whose output changed: those lines go,
/// and the new ones follow the command's last line, indented like it and
/// ended like it (`\n` or `\r\n`). A script without a final line break
/// still has none. Expectation lines that already match stay exactly as
/// written, wherever they are (`#>x` as well as `#> x`).
///
/// Expectation lines are read as cram reads expected output
/// (`ExpectedLine`): a line ending in ` (re)` or ` (glob)` is a matcher,
/// and one ending in ` (esc)` holds escapes. In a command whose output
/// changed, a matcher line that still matches the line at its place is
/// kept; the other lines are written as printed, escaped (and ended in
/// ` (esc)`) where they hold what an expectation line cannot show, so that
/// reading them back gives what was printed. A byte-order mark at the
/// start of the script stays there.
///
/// A check (`expect`, `expect-error`) is never rewritten: its `#!` lines
/// say whether it is expected to hold, and a run that differs there is a
/// failure ``updatableBytes`` keeps (``failedChecks``), so that `--update`
/// never turns a check that failed into one expected to fail.
package struct Transcript: Sendable {
  /// Where a script first differs from what it printed.
  package struct Mismatch: Hashable, Sendable {
    /// The line of the first command whose output or diagnostics differ.
    package var line: Int
    /// That line's text, without its indentation and line break.
    package var command: String
  }

  /// The script as written.
  package var originalBytes: [UInt8]
  /// The script with the expectation lines of each command that printed
  /// something else replaced by what it printed.
  package var updatedBytes: [UInt8]
  /// What the run came to.
  package var result: Interpreter.Result
  /// The first command whose output or diagnostics differ; nil when the
  /// script matches or is malformed.
  package var firstMismatch: Mismatch?
  /// The script with the expectation lines of the commands that are not
  /// checks replaced by what they printed: what `--update` writes. Equal
  /// to ``updatedBytes`` unless a check differs.
  package var updatableBytes: [UInt8]
  /// The checks (`expect`, `expect-error`, or a line holding one, or a
  /// `source` whose script ran one that failed) whose result differs from
  /// their `#!` lines, in order: what `--update` leaves as they are.
  package var failedChecks: [Mismatch] = []
  /// Why some expectation lines could not be compared (a `(re)` pattern
  /// not tried on a line too long for it), one sentence each, with the
  /// line's number: such a line does not match.
  package var notes: [String] = []

  /// The script as written, as text (invalid UTF-8 replaced).
  package var original: String { String(decoding: originalBytes, as: UTF8.self) }
  /// The updated script, as text (invalid UTF-8 replaced).
  package var updated: String { String(decoding: updatedBytes, as: UTF8.self) }

  /// Whether the run printed exactly what the script expects, and nothing
  /// failed that was not expected to.
  package var matches: Bool { originalBytes == updatedBytes && !result.isMalformed }

  /// The difference between the script and its updated form, as
  /// `diff -u` prints it, without a final line break; empty when they
  /// match.
  package func diff(name: String) -> String {
    UnifiedDiff(
      old: Interpreter.lines(of: Self.withoutCarriageReturns(original)),
      new: Interpreter.lines(of: Self.withoutCarriageReturns(updated)),
      oldName: name, newName: name + " (actual)"
    ).description
  }

  /// Runs `source` with `interpreter`, whose output must be `recorder`,
  /// and compares.
  @MainActor
  package static func check(
    _ source: ScriptSource, url: URL?, interpreter: Interpreter, recorder: TranscriptRecorder
  ) async -> Transcript {
    let result = await interpreter.run(source, url: url)
    recorder.flush()
    return Transcript(
      source, statements: recorder.statements, blocks: recorder.blocks, result: result)
  }

  /// `source` with its expectation lines replaced by `blocks`, where they
  /// differ: how a recording writes what each input printed.
  static func rewrite(
    _ source: ScriptSource, with blocks: [Int: TranscriptRecorder.Block]
  )
    -> String
  {
    String(
      decoding: Rewrite(source, layout: Layout(parsing: source), blocks: blocks).bytes,
      as: UTF8.self)
  }

  /// Compares `source` with `blocks`, what a run of it printed after each
  /// line (``TranscriptRecorder/blocks``). Needs no actor: the test runner
  /// compares off the main actor while other scripts run.
  ///
  /// - Parameter statements: The statements of `source`, as the run
  ///   parsed them (``TranscriptRecorder/statements``): where each
  ///   command's expectations are, and which commands are checks. When
  ///   nil, `source` is parsed here to find them.
  package init(
    _ source: ScriptSource, statements: [Statement]? = nil,
    blocks: [Int: TranscriptRecorder.Block], result: Interpreter.Result
  ) {
    self.originalBytes = source.bytes
    self.result = result
    guard !result.isMalformed else {
      updatedBytes = source.bytes
      updatableBytes = source.bytes
      return
    }
    let layout = statements.map(Layout.init(statements:)) ?? Layout(parsing: source)
    let rewrite = Rewrite(source, layout: layout, blocks: blocks)
    updatedBytes = rewrite.bytes
    firstMismatch = rewrite.firstMismatch
    failedChecks = rewrite.changedChecks
    notes = rewrite.notes
    updatableBytes =
      failedChecks.isEmpty
      ? rewrite.bytes : Rewrite(source, layout: layout, blocks: blocks, keepingChecks: true).bytes
  }

  /// `text` as the diff shows it: line breaks as `\n`, and no byte-order
  /// mark.
  private static func withoutCarriageReturns(_ text: String) -> String {
    let text = text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
    return text.contains("\r\n") ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
  }
}

/// Where a script's commands are, as the rewrite needs them: what each
/// anchor line (a command's last line, or a group's closing brace)
/// expects, where the commands ending there start, and which of them end
/// a check. Made from the statements a run parsed, or by parsing the
/// script.
private struct Layout {
  /// The `#>` and `#!` lines of the commands (and groups) that end on
  /// each line, in order.
  var expected: [Int: [Expectation]] = [:]
  /// The first line of the first command that ends on each anchor line.
  var commandStart: [Int: Int] = [:]
  /// The anchor lines of checks (`expect`, `expect-error`).
  var checkAnchors: Set<Int> = []

  /// The layout of `statements`, a script's, groups' bodies included.
  init(statements: [Statement]) {
    var pending = Array(statements.reversed())
    while let next = pending.popLast() {
      switch next {
      case .command(let command):
        expected[command.lastLine, default: []] += command.expectations
        if let name = command.words.first?.literalText,
          Interpreter.checkCommandNames.contains(name)
        {
          checkAnchors.insert(command.lastLine)
        }
        commandStart[command.lastLine] = min(
          commandStart[command.lastLine] ?? .max, command.range.start.line)
      case .group(let group):
        expected[group.range.end.line, default: []] += group.expectations
        commandStart[group.range.end.line] = min(
          commandStart[group.range.end.line] ?? .max, group.range.start.line)
        pending += group.body.reversed()
      }
    }
  }

  /// The layout of `source`, parsed here: for a caller that has no run's
  /// statements (a recording's input, a recorder the run did not tell).
  init(parsing source: ScriptSource) {
    var parser = Parser(source)
    var statements: [Statement] = []
    while let statement = parser.next() { statements.append(statement) }
    self.init(statements: statements)
  }
}

/// The rewrite of a script with what a run printed: see ``Transcript``.
private struct Rewrite {
  var bytes: [UInt8] = []
  var firstMismatch: Transcript.Mismatch?
  /// The checks among the commands whose output differs.
  var changedChecks: [Transcript.Mismatch] = []
  /// Why some expectation lines could not be compared.
  var notes: [String] = []

  /// One line of the script: its bytes, and its line break (empty for a
  /// last line without one).
  private struct Line {
    var content: ArraySlice<UInt8>
    var lineBreak: ArraySlice<UInt8>
  }

  /// `source`, laid out as `layout` says, rewritten with `blocks`; with
  /// `keepingChecks`, the expectations of checks stay as written.
  init(
    _ source: ScriptSource, layout: Layout, blocks: [Int: TranscriptRecorder.Block],
    keepingChecks: Bool = false
  ) {
    let expected = layout.expected
    let commandStart = layout.commandStart
    var checkAnchors = layout.checkAnchors
    // The anchors whose expectations differ from what was printed, and
    // for each, which expectation lines stay (matchers that still match).
    var changed: Set<Int> = []
    var kept: [Int: [Int: Expectation]] = [:]
    var notes: [String] = []
    for anchor in Set(expected.keys).union(blocks.keys).sorted() {
      let want = expected[anchor] ?? []
      let got = Self.rendered(blocks[anchor])
      let alignment = Self.align(want, got, notes: &notes)
      if !alignment.matches {
        changed.insert(anchor)
        kept[anchor] = alignment.kept
      }
    }
    var seen: Set<String> = []
    self.notes = notes.filter { seen.insert($0).inserted }
    for (anchor, block) in blocks where block.hasFailedCheck { checkAnchors.insert(anchor) }
    let checks = changed.intersection(checkAnchors)
    if keepingChecks { changed.subtract(checks) }
    var dropped: Set<Int> = []
    for anchor in changed {
      for expectation in expected[anchor] ?? [] { dropped.insert(expectation.location.line) }
    }

    // A byte-order mark is not part of line 1; it stays at the start.
    let byteOrderMark = source.bytes.starts(with: ScriptSource.byteOrderMark)
    let lines = Self.lines(
      of: byteOrderMark
        ? source.bytes.dropFirst(ScriptSource.byteOrderMark.count) : source.bytes[...]
    )
    let defaultBreak = lines.first { !$0.lineBreak.isEmpty }?.lineBreak ?? [UInt8(ascii: "\n")]
    let endsWithBreak = lines.last.map { !$0.lineBreak.isEmpty } ?? true
    var out: [(content: [UInt8], lineBreak: ArraySlice<UInt8>)] = []
    func insert(_ anchor: Int, indent: [UInt8], lineBreak: ArraySlice<UInt8>) {
      guard changed.contains(anchor), let block = blocks[anchor] else { return }
      for (index, line) in Self.rendered(block).enumerated() {
        let text = kept[anchor]?[index]?.text ?? ExpectedLine.written(line.text)
        let written = Rendered(kind: line.kind, text: text)
        out.append((indent + Array(written.marker.utf8) + Array(text.utf8), lineBreak))
      }
    }
    insert(0, indent: [], lineBreak: defaultBreak)
    for (index, line) in lines.enumerated() {
      let number = index + 1
      if !dropped.contains(number) {
        out.append((Array(line.content), line.lineBreak.isEmpty ? defaultBreak : line.lineBreak))
      }
      let indent = Array(
        line.content.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
      insert(
        number, indent: indent, lineBreak: line.lineBreak.isEmpty ? defaultBreak : line.lineBreak)
    }
    if !endsWithBreak, !out.isEmpty { out[out.count - 1].lineBreak = [] }
    bytes.reserveCapacity(source.bytes.count)
    if byteOrderMark { bytes += ScriptSource.byteOrderMark }
    for line in out {
      bytes += line.content
      bytes += line.lineBreak
    }

    func mismatch(at anchor: Int) -> Transcript.Mismatch {
      let line = commandStart[anchor] ?? max(anchor, 1)
      let text =
        lines.indices.contains(line - 1)
        ? String(
          decoding: lines[line - 1].content.drop {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
          }, as: UTF8.self) : ""
      return Transcript.Mismatch(line: line, command: text)
    }
    firstMismatch = changed.min().map(mismatch(at:))
    changedChecks = checks.sorted().map(mismatch(at:))
  }

  /// One expectation line, as compared and as written.
  private struct Rendered: Equatable {
    var kind: Expectation.Kind
    var text: String

    var marker: String {
      let mark = kind.rawValue
      return text.isEmpty ? mark : mark + " "
    }
  }

  /// A block as the lines that expect it: output, then diagnostics.
  private static func rendered(_ block: TranscriptRecorder.Block?) -> [Rendered] {
    guard let block else { return [] }
    return block.output.map { Rendered(kind: .output, text: $0) }
      + block.diagnostics.map { Rendered(kind: .diagnostic, text: $0) }
  }

  /// How the expectation lines `want` of one command compare with the
  /// lines `got` that it printed: whether they match, line for line, and
  /// if not, which matcher lines still match the printed line at their
  /// place (by the index of that printed line), to be kept.
  ///
  /// A matcher's place is its index when the counts agree; otherwise its
  /// place in the run of lines that match from the start, or from the end.
  private static func align(
    _ want: [Expectation], _ got: [Rendered], notes: inout [String]
  ) -> (matches: Bool, kept: [Int: Expectation]) {
    func matches(_ expectation: Expectation, _ line: Rendered) -> Bool {
      guard expectation.kind == line.kind else { return false }
      do {
        return try ExpectedLine.reading(expectation.text).matches(line.text)
      } catch {
        notes.append("line \(expectation.location.line): \(error.message); it does not match")
        return false
      }
    }
    var kept: [Int: Expectation] = [:]
    func keep(_ expectation: Expectation, at index: Int) {
      if ExpectedLine.reading(expectation.text).isMatcher { kept[index] = expectation }
    }
    if want.count == got.count {
      var all = true
      for (index, (expectation, line)) in zip(want, got).enumerated() {
        if matches(expectation, line) { keep(expectation, at: index) } else { all = false }
      }
      return (all, kept)
    }
    var prefix = 0
    while prefix < min(want.count, got.count), matches(want[prefix], got[prefix]) {
      keep(want[prefix], at: prefix)
      prefix += 1
    }
    var suffix = 0
    while suffix < min(want.count, got.count) - prefix,
      matches(want[want.count - 1 - suffix], got[got.count - 1 - suffix])
    {
      keep(want[want.count - 1 - suffix], at: got.count - 1 - suffix)
      suffix += 1
    }
    return (false, kept)
  }

  /// The lines of `bytes`, split after each `\n`; a `\r` before it belongs
  /// to the line break, as the lexer counts lines.
  private static func lines(of bytes: ArraySlice<UInt8>) -> [Line] {
    var lines: [Line] = []
    var start = bytes.startIndex
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == UInt8(ascii: "\n") {
        let contentEnd = index > start && bytes[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
        lines.append(Line(content: bytes[start..<contentEnd], lineBreak: bytes[contentEnd...index]))
        start = index + 1
      }
      index += 1
    }
    if start < bytes.endIndex {
      lines.append(Line(content: bytes[start...], lineBreak: []))
    }
    return lines
  }
}
