import Foundation

/// Writes a failing `docrepl check` sequence as a script that `docrepl run`
/// replays: a header of comments (the invariant, the seed, how to
/// replay), the setup, the shrunk commands, and the lines that show the
/// failure, whose `expect` lines fail on the code checked.
struct CheckScriptWriter {
  let plan: CheckPlan
  let options: CheckOptions

  func script(
    seed: UInt64, body: [CheckStep], violation: CheckViolation, originalCount: Int
  )
    -> String
  {
    var lines: [String] = []
    var command = "docrepl check \(plan.typeName) --seed \(seed) --runs 1 --steps \(options.steps)"
    if let start = plan.startFile { command += " --from \(Word.quoted(start.path))" }
    lines.append("# \(command)")
    lines.append("# \(violation.invariant) broke:")
    lines.append("# \(violation.message.replacingOccurrences(of: "\n", with: " "))")
    let steps = plan.setup + body
    let shrunk = steps.count + violation.tail.filter { !Self.isExpectation($0) }.count
    lines.append("# Found after \(originalCount) commands; shrunk to \(shrunk).")
    if violation.invariant == .allOrNothing {
      lines.append("# The command that fails may fail; it must leave the document as it was.")
    }
    lines.append("# Replay it in an empty folder (it writes \(plan.fileName) there):")
    lines.append("#   docrepl run -C \"$(mktemp -d)\" \"$PWD/check-failure-\(seed).docscript\"")
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
