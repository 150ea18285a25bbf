import DocTestSupport
import Foundation
import Testing

/// `docrepl test --jobs N` runs scripts in N worker processes of the
/// program: what it reports must not depend on that.
@Suite("docrepl test --jobs: worker processes", .serialized)
struct TestWorkersTests {
  /// A suite of passing, failing and malformed scripts, some saving files.
  static func makeSuite() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory("test-workers")
    try FileManager.default.createDirectory(
      at: folder("suite"), withIntermediateDirectories: true)
    for index in 0..<12 {
      let text: String
      switch index % 4 {
      case 0: text = "new text t\nappend \"line \(index)\"\nshow\n#> line \(index)\n"
      case 1: text = "new text t\nappend a\nsave out.txt\nshow\n#> a\n"
      case 2: text = "new text t\nappend \"got \(index)\"\nshow\n#> expected \(index)\n"
      default: text = "new text t\nappend \"unterminated\n"
      }
      try folder.write(text, to: "suite/s\(String(format: "%02d", index)).docscript")
    }
    return folder
  }

  /// `text` without the JUnit report's timings.
  static func withoutTimes(_ text: String) -> String {
    text.replacingOccurrences(of: #"time="[0-9.]+""#, with: "", options: .regularExpression)
      .replacingOccurrences(of: #"timestamp="[^"]*""#, with: "", options: .regularExpression)
  }

  @Test("--jobs 2 reports, in order, exactly what --jobs 1 reports, JUnit included")
  func sameReport() throws {
    let folder = try Self.makeSuite()
    let one = try runDocrepl(
      ["test", "--jobs", "1", "--junit", "one.xml", "suite"], in: folder.url)
    let two = try runDocrepl(
      ["test", "--jobs", "2", "--junit", "two.xml", "suite"], in: folder.url)
    #expect(one.status == 65)
    #expect(two.status == one.status)
    #expect(two.output == one.output)
    #expect(two.errors == one.errors)
    #expect(one.output.hasSuffix("6 passed, 6 failed\n"), "\(one.output)")
    let junitOne = try String(contentsOf: folder("one.xml"), encoding: .utf8)
    let junitTwo = try String(contentsOf: folder("two.xml"), encoding: .utf8)
    #expect(Self.withoutTimes(junitTwo) == Self.withoutTimes(junitOne))
  }

  @Test("--update with --jobs 2 rewrites each failing script once, and then the suite passes")
  func update() throws {
    let folder = try Self.makeSuite()
    for index in stride(from: 3, to: 12, by: 4) {
      try FileManager.default.removeItem(
        at: folder("suite/s\(String(format: "%02d", index)).docscript"))
    }
    let updated = try runDocrepl(["test", "--jobs", "2", "--update", "suite"], in: folder.url)
    #expect(updated.output.hasSuffix("6 passed, 0 failed, 3 updated\n"), "\(updated.output)")
    let again = try runDocrepl(["test", "--jobs", "2", "suite"], in: folder.url)
    #expect(again.status == 0, "\(again.output)")
    #expect(again.output.hasSuffix("9 passed, 0 failed\n"))
  }

  @Test("A worker that dies fails the script it ran, with how it ended; the others still run")
  func workerDies() throws {
    let folder = try TemporaryDirectory("test-workers-trap")
    for index in 0..<6 {
      let body =
        index == 2 ? "trap\n" : "dispatch \"line \(index)\"\nshow\n#> ready\n#> line \(index)\n"
      try folder.write("new queued q\n" + body, to: "s\(index).docscript")
    }
    let host = productsDirectory.appendingPathComponent("docrepl-mainqueue-host")
    let result = try runProgram(host, ["test", "--jobs", "2", "."], in: folder.url)
    #expect(result.status == 1, "\(result.output)\(result.errors)")
    #expect(result.output.contains("FAIL s2.docscript\n"))
    #expect(
      result.output.contains(
        "s2.docscript: error: the worker process running it was killed by signal"),
      "\(result.output)")
    #expect(result.output.hasSuffix("5 passed, 1 failed\n"), "\(result.output)")
    // In order, and each script once.
    let verdicts = result.output.split(separator: "\n").filter {
      $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ")
    }
    #expect(verdicts.map { String($0.dropFirst(5)) } == (0..<6).map { "s\($0).docscript" })
  }

  @Test("The workers' variable set by hand is refused, not a run that passes having run nothing")
  func variableByHand() throws {
    let folder = try Self.makeSuite()
    let result = try runDocrepl(
      ["test", "suite"], in: folder.url, environment: ["DOCREPL_TEST_WORKER": "97,98"])
    #expect(result.status == 64)
    #expect(result.errors.contains("DOCREPL_TEST_WORKER is set, but not by docrepl test"))
    #expect(result.output.isEmpty)
  }
}
