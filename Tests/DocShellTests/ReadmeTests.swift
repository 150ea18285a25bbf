import DocTestSupport
import Foundation
import Testing

/// What the README shows, checked against what the program and the
/// scripts do, so that the README cannot drift from them.
@Suite("The README")
struct ReadmeTests {
  static var text: String {
    get throws {
      try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }
  }

  /// The fenced code blocks of the section headed `heading`, in order.
  static func codeBlocks(under heading: String) throws -> [String] {
    let text = try Self.text
    guard let start = text.range(of: "\n## \(heading)\n") else { return [] }
    let section = text[start.upperBound...].split(separator: "\n## ", maxSplits: 1).first ?? ""
    var blocks: [String] = []
    var current: [Substring]?
    for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let lines = current {
          blocks.append(lines.joined(separator: "\n") + "\n")
          current = nil
        } else {
          current = []
        }
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test("The quick start's two commands are the main job and the test command that .ci/run runs")
  func quickStart() throws {
    let blocks = try Self.codeBlocks(under: "Quick start")
    try #require(blocks.count == 1)
    #expect(blocks[0] == "swift run docrepl run examples/tour.docscript\nswift test\n")
    let ci = try String(
      contentsOf: packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
    let lines = ci.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.contains("swift test"))
    #expect(lines.contains { $0.hasPrefix("swift run docrepl run examples/tour.docscript") })
  }

  @Test("The script under 'A script and its output' prints the output shown")
  func exampleScript() throws {
    let blocks = try Self.codeBlocks(under: "A script and its output")
    try #require(blocks.count >= 2)
    let folder = try TemporaryDirectory("readme")
    let script = try folder.write(blocks[0], to: "example.docscript")
    let result = try runDocrepl(["run", "-C", packageRoot.path, script.path])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == blocks[1])
  }

  @Test("The install table names each file scripts/install installs, and nothing else")
  func installTable() throws {
    let text = try Self.text
    guard let start = text.range(of: "\n## Installing\n") else {
      Issue.record("the README has no 'Installing' section")
      return
    }
    let section = text[start.upperBound...].split(separator: "\n## ", maxSplits: 1).first ?? ""
    let paths = section.split(separator: "\n").filter { $0.hasPrefix("| ") }.dropFirst()
      .compactMap { row in row.split(separator: "`").dropFirst().first.map(String.init) }
    #expect(paths == InstallScriptTests.installed)
  }
}
