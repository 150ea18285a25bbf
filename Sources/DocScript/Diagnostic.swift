/// A message about a script, tied to where in the script it applies.
///
/// Rendered the way compilers print them, with the source line and a caret
/// under the column:
///
///     trip.docscript:3:7: error: unknown command 'sav'
///     save! trip.notes
///           ^
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How serious the diagnostic is.
  public enum Severity: String, Hashable, Sendable {
    case error, warning, note
  }

  /// How serious the diagnostic is.
  public var severity: Severity
  /// Where it applies.
  public var location: SourceLocation
  /// What is wrong, starting in lower case, without a final period.
  public var message: String

  /// Creates a diagnostic.
  public init(_ severity: Severity, at location: SourceLocation, _ message: String) {
    self.severity = severity
    self.location = location
    self.message = message
  }

  /// `file:line:col: severity: message`, on one line.
  public var description: String {
    "\(location): \(severity.rawValue): \(message)"
  }

  /// The description, then the source line it points into and a caret
  /// under its column. Tabs in the line are kept in the caret's indent, so
  /// the caret lines up in a terminal.
  ///
  /// - Parameter source: the whole text of ``SourceLocation/file``. When it
  ///   has no such line, only the description is returned.
  public func rendered(source: String) -> String {
    // Split bytes, not Characters: "\r\n" is a single Character.
    let lines = Array(source.utf8).split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard location.line >= 1, location.line <= lines.count else { return description }
    var line = Array(lines[location.line - 1])
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    let prefix = line.prefix(max(0, location.column - 1))
    // The caret goes under the column's character: count characters, not
    // bytes, in the text before it; keep tabs so the terminal agrees.
    let indent = String(decoding: prefix, as: UTF8.self).map { $0 == "\t" ? "\t" : " " }.joined()
    return description + "\n" + String(decoding: line, as: UTF8.self) + "\n" + indent + "^"
  }
}
