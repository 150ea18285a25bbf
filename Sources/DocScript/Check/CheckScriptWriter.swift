import Foundation

/// Writes a failing `docrepl check` sequence as a script that `docrepl run`
/// replays: a header of comments (the invariant, the seed, how to
/// replay), the setup, the shrunk commands, and the lines that show the
/// failure, whose `expect` lines fail on the code checked.
///
/// One comment line is for `docrepl` itself (``CheckFailureScript``):
///
///     # check-failure: type=notes seed=7 compare=value commands=4 expect=none
///
/// the type, the seed, what states were compared by, how many commands
/// (setup included) come before the lines that show the failure, and
/// whether `expect` lines show it (`shows`) or only the comparison does
/// (`none`: `docrepl check --from-failure`, and `docrepl run`, reproduce
/// it by that comparison).
struct CheckScriptWriter {
  let plan: CheckPlan
  let options: CheckOptions
  /// What the states were compared by.
  var comparison: CheckComparisonUse = .bytes

  func script(
    seed: UInt64, body: [CheckStep], violation: CheckViolation, originalCount: Int,
    expectLinesFail: Bool = true
  ) -> String {
    var lines: [String] = []
    var command =
      "\(options.programName) check \(plan.typeName) --seed \(seed) --runs 1 --steps \(options.steps)"
    if let start = plan.startFile { command += " --from \(Word.quoted(start.path))" }
    if let compare = options.compare { command += " --compare \(compare.rawValue)" }
    lines.append("# \(command)")
    let compared = comparison == .value ? " (compared by value)" : ""
    lines.append("# \(violation.invariant) broke\(compared):")
    lines.append("# \(violation.message.replacingOccurrences(of: "\n", with: " "))")
    let steps = plan.setup + body
    let shrunk = steps.count + violation.tail.filter { !Self.isExpectation($0) }.count
    lines.append("# Found after \(originalCount) commands; shrunk to \(shrunk).")
    if violation.invariant == .allOrNothing {
      lines.append("# The command that fails may fail; it must leave the document as it was.")
    }
    let file = "check-failure-\(seed).docscript"
    if !expectLinesFail {
      lines.append(
        "# No expect line can show this failure: the states differ by value (the type's ==), not in what 'show' prints\(comparison == .value ? ", and its encoding changes from one save to the next, so bytes cannot tell" : ""). Reproduce it by the same comparison:"
      )
      lines.append("#   \(options.programName) check --from-failure \(file)")
      lines.append(
        "# ('\(options.programName) run' of this script does the same after running its lines.)")
    } else {
      lines.append("# Replay it in an empty folder (it writes \(plan.fileName) there):")
      lines.append("#   \(options.programName) run -C \"$(mktemp -d)\" \"$PWD/\(file)\"")
    }
    let compare = comparison == .value ? "value" : "bytes"
    lines.append(
      "# check-failure: type=\(plan.typeName) seed=\(seed) compare=\(compare) commands=\(steps.count) expect=\(expectLinesFail ? "shows" : "none")"
    )
    lines += steps.map(\.line)
    lines += violation.tail
    return lines.joined(separator: "\n") + "\n"
  }

  /// Whether `line` is an expectation or a comment, not a command.
  static func isExpectation(_ line: String) -> Bool {
    line.hasPrefix("expect") || line.hasPrefix("#")
  }

  /// The commands of a written script: its lines that are neither
  /// comments nor `expect` lines.
  static func commandCount(of script: String) -> Int {
    script.split(separator: "\n").filter { !isExpectation(String($0)) }.count
  }
}
