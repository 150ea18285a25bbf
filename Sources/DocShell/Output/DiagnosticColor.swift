import DocScript
import Foundation
import Glibc

/// Colour for rendered diagnostics, as compilers use it: `error:` in
/// red, `warning:` in magenta, `note:` in cyan, all bold, and the caret
/// line in green.
///
/// Colour is used only when standard error is a terminal, `NO_COLOR` is
/// unset (or empty) and `--no-color` was not given: ``forStandardError(environment:disabled:)``
/// decides.
struct DiagnosticColor {
  static let reset = "\u{1B}[0m"

  /// Colour for standard error, or nil when it must stay plain.
  static func forStandardError(environment: [String: String], disabled: Bool) -> DiagnosticColor? {
    guard !disabled, environment["NO_COLOR"]?.isEmpty ?? true, isatty(STDERR_FILENO) == 1 else {
      return nil
    }
    return DiagnosticColor()
  }

  /// The escape sequence that starts `severity`'s colour.
  static func start(of severity: Diagnostic.Severity) -> String {
    switch severity {
    case .error: "\u{1B}[1;31m"
    case .warning: "\u{1B}[1;35m"
    case .note: "\u{1B}[1;36m"
    }
  }

  /// `rendered` (``Diagnostic/rendered(source:firstLine:)`` of
  /// `diagnostic`) with its labels and caret coloured.
  func paint(_ rendered: String, for diagnostic: Diagnostic) -> String {
    var lines = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard !lines.isEmpty else { return rendered }
    let label = "\(diagnostic.severity.rawValue):"
    lines[0] = Self.painting(label, in: lines[0], severity: diagnostic.severity)
    // The caret line is the third, after the source line, when there is one.
    if lines.count > 2, lines[2].contains("^"),
      lines[2].allSatisfy({ $0 == " " || $0 == "\t" || $0 == "^" || $0 == "~" })
    {
      let indent = lines[2].prefix { $0 == " " || $0 == "\t" }
      lines[2] = indent + "\u{1B}[1;32m" + lines[2].dropFirst(indent.count) + Self.reset
    }
    let notes = Set(diagnostic.notes.map(\.description))
    for index in lines.indices.dropFirst() where notes.contains(lines[index]) {
      lines[index] = Self.painting("note:", in: lines[index], severity: .note)
    }
    return lines.joined(separator: "\n")
  }

  /// `line` with the first `label` (at the start, or after `: `) coloured.
  private static func painting(
    _ label: String, in line: String, severity: Diagnostic.Severity
  )
    -> String
  {
    let range =
      line.hasPrefix(label)
      ? line.range(of: label)
      : line.range(of: ": " + label).map {
        line.index($0.lowerBound, offsetBy: 2)..<$0.upperBound
      }
    guard let range else { return line }
    return line[..<range.lowerBound] + start(of: severity) + line[range] + reset
      + line[range.upperBound...]
  }
}
