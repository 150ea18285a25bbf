import DocScript
import Foundation

/// The JUnit XML report of a `docrepl check` (`--junit PATH`): one test
/// suite named for the type, one test case an invariant and one for the
/// encoding (deterministic or not); the one that broke has a failure whose
/// text is the shrunk script.
///
///     <testsuite name="docrepl check text" tests="8" failures="1" …>
///       <properties><property name="seed" value="42"/>…</properties>
///       <testcase classname="check.text" name="invariant 1 (all-or-nothing)" time="0.000"/>
///       …
struct CheckJUnitReport {
  var typeName: String
  var seed: UInt64
  var report: CheckReport
  var seconds: Double
  /// Whether an encoding that is not deterministic fails the check (not
  /// with `--compare value`, where it is a note).
  var encodingCounts = true

  /// The encoding's test case's name.
  static let encodingCase = "the encoding is deterministic"

  var xml: String {
    let encodingFails = encodingCounts && report.encodingFinding != nil
    let failures = (report.failure == nil ? 0 : 1) + (encodingFails ? 1 : 0)
    let count = CheckInvariant.allCases.count + 1
    let time = JUnitReport.seconds(seconds)
    let name = JUnitReport.escaped("\(CheckCommand.reference.commandName) \(typeName)")
    let counts =
      "tests=\"\(count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(time)\""
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    text += "<testsuites name=\"\(name)\" \(counts)>\n"
    text += "  <testsuite name=\"\(name)\" \(counts)>\n"
    text += "    <properties>\n"
    text += "      <property name=\"seed\" value=\"\(seed)\"/>\n"
    text += "      <property name=\"runs\" value=\"\(report.runs)\"/>\n"
    text += "      <property name=\"steps\" value=\"\(report.steps)\"/>\n"
    text +=
      "      <property name=\"comparison\" value=\"\(JUnitReport.escaped(report.comparison.description))\"/>\n"
    text += "    </properties>\n"
    for invariant in CheckInvariant.allCases {
      text += "    <testcase classname=\"check.\(JUnitReport.escaped(typeName))\""
      text += " name=\"\(JUnitReport.escaped(invariant.description))\" time=\"0.000\""
      guard let failure = report.failure, failure.invariant == invariant else {
        text += "/>\n"
        continue
      }
      text +=
        ">\n      <failure type=\"invariant\" message=\"\(JUnitReport.escaped(failure.message))\">"
      text += JUnitReport.escaped(failure.script, attribute: false)
      text += "</failure>\n    </testcase>\n"
    }
    text += "    <testcase classname=\"check.\(JUnitReport.escaped(typeName))\""
    text += " name=\"\(Self.encodingCase)\" time=\"0.000\""
    if let finding = report.encodingFinding, encodingFails {
      text +=
        ">\n      <failure type=\"encoding\" message=\"\(JUnitReport.escaped(finding.message))\">"
      text += JUnitReport.escaped(
        "likely cause: \(finding.cause)\nfix: \(finding.fix)\n", attribute: false)
      text += "</failure>\n    </testcase>\n"
    } else {
      text += "/>\n"
    }
    text += "  </testsuite>\n</testsuites>\n"
    return text
  }
}
