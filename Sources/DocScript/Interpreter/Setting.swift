/// The settings `set` changes: their names, the values each takes, and
/// what completion offers, in this one place (the command's summary, its
/// completion, the check of a name and the error for a misspelt one all
/// read it).
enum Setting: String, CaseIterable {
  case bail
  case echo
  case clock
  case follow
  case timer
  case shell
  case pager

  /// The names, for suggestions and telling `set NAME` from a document's
  /// own `set`.
  static let names = Set(allCases.map(\.rawValue))

  /// The values, as the command's summary shows them.
  var valueSyntax: String {
    switch self {
    case .bail, .echo, .follow, .timer, .shell, .pager: "on|off"
    case .clock: "ISO8601|now"
    }
  }

  /// The values completion offers.
  var completions: [String] {
    switch self {
    case .bail, .echo, .follow, .timer, .shell, .pager: ["off", "on"]
    case .clock: ["now"]
    }
  }

  /// "bail on|off, echo on|off, clock ISO8601|now, follow on|off, …".
  static var summary: String {
    allCases.map { "\($0.rawValue) \($0.valueSyntax)" }.joined(separator: ", ")
  }

  /// "bail, echo, clock, follow, timer, shell and pager".
  static var list: String {
    let names = allCases.map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
  }
}
