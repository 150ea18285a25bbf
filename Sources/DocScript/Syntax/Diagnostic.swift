/// A message about a script, tied to where in the script it applies.
///
/// Rendered the way compilers print them, with the source line, a caret
/// under the range, and notes:
///
///     trip.docscript:3:1: error: unknown command 'sav'
///     sav trip.notes
///     ^~~
///     note: did you mean 'save'?
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible, Error {
  /// How serious the diagnostic is.
  public enum Severity: String, Hashable, Sendable {
    /// The command or script failed.
    case error
    /// Something is suspect, but ran.
    case warning
    /// More about the diagnostic before it.
    case note
  }

  /// How serious the diagnostic is.
  public var severity: Severity
  /// Where it applies: the start of ``range``.
  public var location: SourceLocation { range.start }
  /// The stretch of source it is about; the caret goes under its start
  /// and tildes under the rest of it on that line.
  public var range: SourceRange
  /// What is wrong, starting in lower case, without a final period.
  public var message: String
  /// Notes that follow: suggestions, and where an included file was
  /// included from. A note without a location is printed as `note: …`.
  public var notes: [Note]
  /// Lines printed after the source excerpt and before the notes: the
  /// diff of an expectation that did not hold, for example.
  public var detail: String?
  /// Whether this is a check (`expect`, `expect-error`) that did not
  /// hold: a failure `docrepl test --update` never writes into a script
  /// as expected.
  public var isFailedCheck = false

  /// A line after a diagnostic.
  public struct Note: Hashable, Sendable, CustomStringConvertible {
    /// Where the note points, if anywhere.
    public var location: SourceLocation?
    /// The note, lower case, without a final period.
    public var message: String

    /// Creates a note.
    public init(_ message: String, at location: SourceLocation? = nil) {
      self.location = location
      self.message = message
    }

    /// `file:line:col: note: message`, or `note: message`.
    public var description: String {
      if let location { "\(location): note: \(message)" } else { "note: \(message)" }
    }
  }

  /// Creates a diagnostic at one location.
  public init(_ severity: Severity, at location: SourceLocation, _ message: String) {
    self.init(severity, in: SourceRange(at: location), message)
  }

  /// Creates a diagnostic about a range.
  public init(
    _ severity: Severity, in range: SourceRange, _ message: String, notes: [Note] = []
  ) {
    self.severity = severity
    self.range = range
    self.message = message
    self.notes = notes
    self.detail = nil
  }

  /// `file:line:col: severity: message`, on one line.
  public var description: String {
    "\(location): \(severity.rawValue): \(message)"
  }

  /// The description, then the source line it points into and a caret
  /// under its range, then the notes. Tabs in the line are kept in the
  /// caret's indent, so the caret lines up in a terminal.
  ///
  /// - Parameters:
  ///   - source: the whole text of ``SourceLocation/file``. When it has no
  ///     such line, the source line and caret are left out.
  ///   - firstLine: the line number of `source`'s first line
  ///     (``ScriptSource/firstLine``).
  public func rendered(source: String, firstLine: Int = 1) -> String {
    var lines = [description]
    if let excerpt = excerpt(in: Array(source.utf8), firstLine: firstLine) { lines += excerpt }
    if let detail { lines.append(detail) }
    lines += notes.map(\.description)
    return lines.joined(separator: "\n")
  }

  /// The source line and the caret line, or nil when the location is not
  /// in `source`.
  private func excerpt(in source: [UInt8], firstLine: Int) -> [String]? {
    let number = location.line - firstLine + 1
    guard number >= 1, var line = Self.line(number, of: source) else { return nil }
    // The lexer counts line 1's columns after a byte-order mark.
    if number == 1, firstLine == 1, line.starts(with: ScriptSource.byteOrderMark) {
      line = line.dropFirst(ScriptSource.byteOrderMark.count)
    }
    let startColumn = max(1, location.column)
    let prefix = line.prefix(startColumn - 1)
    // Columns count bytes; the caret goes under characters. Keep tabs so
    // the terminal agrees.
    let indent = String(decoding: prefix, as: UTF8.self).map { $0 == "\t" ? "\t" : " " }.joined()
    var marker = "^"
    if range.end.line == location.line, range.end.column > startColumn + 1 {
      let covered = line.dropFirst(startColumn - 1).prefix(range.end.column - startColumn)
      let width = String(decoding: covered, as: UTF8.self).count
      marker += String(repeating: "~", count: max(0, width - 1))
    }
    return [String(decoding: line, as: UTF8.self), indent + marker]
  }

  /// Line `number` (1-based) of `source`, without its line break; nil if
  /// there is no such line.
  static func line(_ number: Int, of source: [UInt8]) -> ArraySlice<UInt8>? {
    var start = source.startIndex
    var current = 1
    while current < number {
      guard let newline = source[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
      start = newline + 1
      current += 1
    }
    guard start <= source.endIndex else { return nil }
    var end = source[start...].firstIndex(of: UInt8(ascii: "\n")) ?? source.endIndex
    if end > start, source[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    if start == source.endIndex && number > 1 && source.last == UInt8(ascii: "\n") { return nil }
    return source[start..<end]
  }
}
