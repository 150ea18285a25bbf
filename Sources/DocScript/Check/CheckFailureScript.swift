package import Foundation

/// A failure script that `docrepl check` wrote, read back to reproduce
/// its failure by the comparison it used (`docrepl check --from-failure`,
/// and `docrepl run` of a script whose `expect` lines cannot show it). Its
/// `# check-failure:` line says the type, the seed, the comparison and how
/// many of its commands to replay (see `CheckScriptWriter`).
package struct CheckFailureScript: Sendable {
  /// The script as written.
  package var text: String
  /// The type checked.
  package var typeName: String
  /// The seed of the sequence.
  package var seed: UInt64
  /// What the states were compared by.
  package var comparison: CheckComparisonMode
  /// Whether its `expect` lines show the failure (`expect=shows`).
  package var expectLinesFail: Bool
  /// The file the sequences started from (`open FILE as doc`), if not
  /// `new`.
  package var startFile: URL?
  /// The commands replayed, setup included.
  package var commandCount: Int
  /// The commands after the setup, as the checker runs them.
  var body: [CheckStep]

  /// The `# check-failure:` line's prefix.
  static let directive = "# check-failure:"

  /// Whether `text` is a failure script whose `expect` lines cannot show
  /// its failure, so that replaying it means comparing as `check` did.
  package static func needsComparison(_ text: String) -> Bool {
    text.split(separator: "\n").contains {
      $0.hasPrefix(directive) && $0.split(separator: " ").contains("expect=none")
    }
  }

  /// Reads `text`.
  ///
  /// - Throws: ``CheckError`` (``CheckError/Kind/notAFailureScript``) when
  ///   it has no `# check-failure:` line, or its commands do not start as
  ///   a check's do.
  package init(text: String) throws(CheckError) {
    func refuse(_ why: String) -> CheckError {
      CheckError(kind: .notAFailureScript, message: "not a failure script of docrepl check: \(why)")
    }
    self.text = text
    guard
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix(Self.directive) })
    else { throw refuse("it has no '\(Self.directive)' line") }
    var fields: [String: String] = [:]
    for field in line.dropFirst(Self.directive.count).split(separator: " ") {
      let parts = field.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    guard let type = fields["type"], !type.isEmpty,
      let count = fields["commands"].flatMap({ Int($0) }), count > 0,
      let compare = fields["compare"].flatMap({ CheckComparisonMode(rawValue: $0) })
    else { throw refuse("its '\(Self.directive)' line lacks type=, compare= or commands=") }
    typeName = type
    seed = fields["seed"].flatMap { UInt64($0) } ?? 0
    comparison = compare
    expectLinesFail = fields["expect"] != "none"
    commandCount = count
    var parser = Parser(ScriptSource(name: "check-failure", text: text))
    var commands: [[String]] = []
    while commands.count < count, let statement = parser.next() {
      guard case .command(let command) = statement else { continue }
      commands.append(command.words.map { $0.literalText ?? "" })
    }
    guard commands.count == count, let first = commands.first else {
      throw refuse("it has fewer than the \(count) commands its '\(Self.directive)' line names")
    }
    let setupCount: Int
    switch first.first {
    case "new":
      startFile = nil
      setupCount = 1
    case "open" where first.count > 1:
      startFile = URL(fileURLWithPath: first[1])
      setupCount = 2
    default:
      throw refuse("its first command is neither 'new' nor 'open'")
    }
    body = commands.dropFirst(setupCount).map(Self.step)
  }

  /// The step of one command's words, of the kind the checker gives it.
  static func step(_ words: [String]) -> CheckStep {
    let name = words.first ?? ""
    let parts = [CheckStep.Part.literal(name)] + words.dropFirst().map { .value($0) }
    let argument = words.count > 1 ? words[1] : ""
    let kind: CheckStep.Kind =
      switch name {
      case "undo": .undo
      case "redo": .redo
      case "snapshot": .snapshot(argument)
      case "restore": .restore(argument)
      case "save": .save
      case "revert": .revert
      case "close": .close
      case "open": .reopen
      case "new": .start
      default: .edit
      }
    return CheckStep(kind, parts)
  }
}
