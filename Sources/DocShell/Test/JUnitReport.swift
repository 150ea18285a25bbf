import DocKit
import DocScript
import Foundation

/// The JUnit XML report of a `docrepl test` run (`--junit PATH`), in the
/// shape CI systems read (Jenkins, GitLab, GitHub Actions reporters):
///
///     <?xml version="1.0" encoding="UTF-8"?>
///     <testsuites name="docrepl test" tests="2" failures="1" errors="0" skipped="0" time="0.021">
///       <testsuite name="docrepl test" tests="2" failures="1" errors="0" skipped="0" time="0.021">
///         <testcase classname="suite" name="suite/a.docscript" file="suite/a.docscript" time="0.010"/>
///         <testcase classname="suite" name="suite/b.docscript" file="suite/b.docscript" time="0.011">
///           <failure type="mismatch" message="suite/b.docscript:3: error: …">--- suite/b.docscript …</failure>
///         </testcase>
///       </testsuite>
///     </testsuites>
///
/// One test case a script, in the order they were selected. A mismatch is
/// a failure of type `mismatch` whose text is the unified diff; a
/// malformed script one of type `malformed` whose text is its
/// diagnostics; a script stopped by `--timeout` one of type `timeout`;
/// anything else (unreadable, not updatable) of type `error`. Text is escaped for XML 1.0: markup characters become
/// entities, and characters XML cannot hold at all (most C0 controls)
/// become U+FFFD.
struct JUnitReport {
  /// The outcomes, in order.
  var outcomes: [TestOutcome]

  /// The document.
  var xml: String {
    let failures = outcomes.filter(\.isFailure).count
    let time = Self.seconds(outcomes.reduce(0) { $0 + $1.seconds })
    let counts =
      "tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(time)\""
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    let suite = Self.escaped(TestCommand.reference.commandName)
    text += "<testsuites name=\"\(suite)\" \(counts)>\n"
    text += "  <testsuite name=\"\(suite)\" \(counts)>\n"
    for outcome in outcomes {
      let path = outcome.script.path
      let folder = (path as NSString).deletingLastPathComponent
      text += "    <testcase classname=\"\(Self.escaped(folder.isEmpty ? "." : folder))\""
      text += " name=\"\(Self.escaped(path))\" file=\"\(Self.escaped(path))\""
      text += " time=\"\(Self.seconds(outcome.seconds))\""
      guard outcome.isFailure else {
        text += "/>\n"
        continue
      }
      let type =
        outcome.timedOut
        ? "timeout"
        : outcome.verdict == .malformed
          ? "malformed" : outcome.detail.hasPrefix("---") ? "mismatch" : "error"
      text += ">\n      <failure type=\"\(type)\" message=\"\(Self.escaped(outcome.message))\">"
      text += Self.escaped(outcome.detail, attribute: false)
      text += "</failure>\n"
      if !outcome.printed.isEmpty {
        text += "      <system-out>" + Self.escaped(outcome.printed, attribute: false)
        text += "</system-out>\n"
      }
      text += "    </testcase>\n"
    }
    text += "  </testsuite>\n</testsuites>\n"
    return text
  }

  /// Seconds with three decimals, in the POSIX locale's format.
  static func seconds(_ value: Double) -> String {
    String(format: "%.3f", value)
  }

  /// `text` escaped for XML character data, or for an attribute value
  /// (where line breaks and tabs become character references, which
  /// parsers keep, rather than blanks, which they would not).
  static func escaped(_ text: String, attribute: Bool = true) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t" where attribute: result += "&#9;"
      case "\n" where attribute: result += "&#10;"
      case "\t", "\n": result.unicodeScalars.append(scalar)
      case "\r": result += "&#13;"
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension JUnitReport {
  /// The file a `--junit <path>` option names, relative to `folder`, if
  /// the folder it goes in exists; nil if not, after saying so on
  /// `errors` for `command` (`docrepl test`, `docrepl check`), whose exit
  /// status is then 66. Checked before anything runs, so that a long run
  /// does not end in a report with nowhere to go.
  static func destination(
    _ path: String, relativeTo folder: URL, for command: String, inputs: [URL] = [],
    errors: inout some TextOutputStream
  ) -> URL? {
    let url = URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
    var isDirectory: ObjCBool = false
    guard
      FileManager.default.fileExists(
        atPath: url.deletingLastPathComponent().path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      errors.write(
        "\(ProgramName.current) \(command): error: no folder for the JUnit report '\(path)'\n")
      return nil
    }
    // Decided before the run, as it will be again when the report is
    // written: a place no report may replace is refused now, not after
    // the whole run.
    do {
      let destination = try WriteDestination.inspect(url)
      try DestinationPolicy.check(.report, at: destination)
      let target = destination.resolvedURL.path
      if let input = inputs.first(where: {
        (try? WriteDestination.inspect($0))?.resolvedURL.path == target
      }) {
        errors.write(
          "\(ProgramName.current) \(command): error: the JUnit report '\(path)' is '\(input.relativePath)', "
            + "which the run reads; a report never replaces what it reports on\n")
        return nil
      }
    } catch {
      errors.write(
        "\(ProgramName.current) \(command): error: cannot write the JUnit report '\(path)': "
          + "\(ErrorMessage().text(for: error))\n")
      return nil
    }
    return url
  }
}
