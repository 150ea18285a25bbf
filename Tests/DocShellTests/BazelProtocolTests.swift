import DocTestSupport
import Foundation
import FoundationXML
import Testing

/// `docrepl test` as a Bazel test: the built binary run with the test
/// protocol's variables set as Bazel sets them.
@Suite("docrepl test follows Bazel's test protocol", .serialized)
struct BazelProtocolTests {
  /// Seven scripts in three folders; two fail.
  static let scripts: [String: String] = [
    "a.docscript": "new text t\nappend a\nshow\n#> a\n",
    "b.docscript": "print b\n#> b\n",
    "sub/c.docscript": "new text t\nappend c\nshow\n#> not c\n",
    "sub/d.docscript": "print d\n#> d\n",
    "sub/deeper/e.docscript": "new json j\nget \"\"\n#> {}\n",
    "z/f.docscript": "print f\n#> f\n",
    "z/g.docscript": "print g\n#> wrong\n",
  ]

  private func suite() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory("suite")
    for (path, text) in Self.scripts { try folder.write(text, to: path) }
    return folder
  }

  /// What one run reported: each script's verdict line, and the JUnit
  /// test cases (name: failure type, or "" for a pass).
  private struct Run {
    var result: ProcessResult
    var verdicts: [String]
    var cases: [(name: String, failure: String)]
  }

  /// Runs `docrepl test .` in `folder` with `environment`, the JUnit
  /// report going to `XML_OUTPUT_FILE`.
  private func run(
    in folder: TemporaryDirectory, _ environment: [String: String], arguments: [String] = []
  ) throws -> Run {
    let outputs = try TemporaryDirectory("bazel")
    var environment = environment
    environment["XML_OUTPUT_FILE"] = outputs("test.xml").path
    environment["TEST_TMPDIR"] = environment["TEST_TMPDIR"] ?? outputs.url.path
    let result = try runProgram(
      docreplExecutable, ["test"] + arguments + ["."], in: folder.url, environment: environment)
    let verdicts = result.output.split(separator: "\n").filter {
      $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ")
    }.map(String.init)
    let document = try XMLDocument(contentsOf: outputs("test.xml"), options: [])
    let cases = try document.nodes(forXPath: "/testsuites/testsuite/testcase").compactMap {
      $0 as? XMLElement
    }.map {
      (
        name: $0.attribute(forName: "name")?.stringValue ?? "",
        failure: $0.elements(forName: "failure").first?.attribute(forName: "type")?.stringValue
          ?? ""
      )
    }
    return Run(result: result, verdicts: verdicts, cases: cases)
  }

  @Test(
    "The shards of a suite together run every script exactly once, and their JUnit reports merge into the unsharded run's",
    arguments: 1...7)
  func shards(count: Int) throws {
    let folder = try suite()
    let whole = try run(in: folder, [:])
    #expect(whole.verdicts.count == Self.scripts.count)
    #expect(whole.cases.count == Self.scripts.count)
    var verdicts: [String] = []
    var cases: [(name: String, failure: String)] = []
    let statusFolder = try TemporaryDirectory("status")
    for index in 0..<count {
      let status = statusFolder("shard-\(index)").path
      let shard = try run(
        in: folder,
        [
          "TEST_TOTAL_SHARDS": "\(count)", "TEST_SHARD_INDEX": "\(index)",
          "TEST_SHARD_STATUS_FILE": status,
        ])
      #expect([0, 1].contains(shard.result.status), "\(shard.result.errors)")
      #expect(shard.result.output.hasSuffix(" failed\n"))
      // Touched, to say that the test shards.
      #expect(FileManager.default.fileExists(atPath: status))
      // Bazel's index 0 is --shard 1.
      let same = try run(in: folder, [:], arguments: ["--shard", "\(index + 1)/\(count)"])
      #expect(same.verdicts == shard.verdicts)
      verdicts += shard.verdicts
      cases += shard.cases
    }
    #expect(verdicts.sorted() == whole.verdicts.sorted())
    #expect(Set(verdicts).count == verdicts.count, "a script ran twice: \(verdicts)")
    let merged = cases.map { "\($0.name) \($0.failure)" }.sorted()
    #expect(merged == whole.cases.map { "\($0.name) \($0.failure)" }.sorted())
    #expect(Set(cases.map(\.name)).count == cases.count)
  }

  @Test(
    "Bazel's sharding variables are checked, and a --shard that selects another shard is an error",
    arguments: [
      (
        ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "0"], ["--shard", "2/2"],
        "'--shard 2/2' conflicts with Bazel's sharding (TEST_SHARD_INDEX=0, TEST_TOTAL_SHARDS=2: shard 1/2); give one or the other"
      ),
      (["TEST_TOTAL_SHARDS": "2"], [], "TEST_TOTAL_SHARDS=2 is set without TEST_SHARD_INDEX"),
      (["TEST_SHARD_INDEX": "1"], [], "TEST_SHARD_INDEX=1 is set without TEST_TOTAL_SHARDS"),
      (
        ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "2"], [],
        "TEST_SHARD_INDEX=2 is not from 0 to 1 (Bazel counts shards from 0; TEST_TOTAL_SHARDS=2)"
      ),
      (
        ["TEST_TOTAL_SHARDS": "zero", "TEST_SHARD_INDEX": "0"], [],
        "TEST_TOTAL_SHARDS=zero is not a number of shards, 1 or more"
      ),
    ])
  func badSharding(environment: [String: String], arguments: [String], message: String) throws {
    let folder = try suite()
    let result = try runProgram(
      docreplExecutable, ["test"] + arguments + ["."], in: folder.url, environment: environment)
    #expect(result.status == 64)
    #expect(result.errors == "docrepl test: error: \(message)\n")
    #expect(result.output == "")
  }

  @Test("A --shard that agrees with Bazel's is accepted")
  func agreeingShard() throws {
    let folder = try suite()
    let result = try run(
      in: folder, ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "2"],
      arguments: ["--shard", "3/3"])
    #expect(result.verdicts == ["FAIL sub/c.docscript", "PASS z/f.docscript"])
  }

  @Test(
    "TEST_TMPDIR holds the scripts' folders; a failing script's report and files go under TEST_UNDECLARED_OUTPUTS_DIR"
  )
  func temporaryFolderAndOutputs() throws {
    let folder = try TemporaryDirectory("suite")
    try folder.write(
      "new text t\nappend kept\nsave-as out.txt\nshow\n#> other\n", to: "sub/fails.docscript")
    try folder.write("new text t\nsave-as passed.txt\nprint ok\n#> ok\n", to: "passes.docscript")
    let bazelTemporary = try TemporaryDirectory("test-tmpdir")
    let systemTemporary = try TemporaryDirectory("tmpdir")
    let outputs = try TemporaryDirectory("undeclared")
    let result = try runProgram(
      docreplExecutable, ["test", "--keep-tmpdir", "."], in: folder.url,
      environment: [
        "TEST_TMPDIR": bazelTemporary.url.path, "TMPDIR": systemTemporary.url.path,
        "TEST_UNDECLARED_OUTPUTS_DIR": outputs.url.path,
      ])
    #expect(result.status == 1)
    // The failing script's folder was made in TEST_TMPDIR, and kept.
    #expect(try systemTemporary.names() == [])
    let kept = try bazelTemporary.names()
    try #require(kept.count == 1)
    #expect(
      result.output.contains(
        "sub/fails.docscript: note: its temporary folder is kept: \(bazelTemporary(kept[0]).resolvingSymlinksInPath().path)\n"
      ), "\(result.output)")
    // Its report and files under the outputs folder; nothing of the
    // passing script.
    #expect(try outputs.names() == ["sub"])
    #expect(try outputs.names(in: "sub/fails.docscript") == ["files", "report.txt"])
    let report = try String(
      contentsOf: outputs("sub/fails.docscript/report.txt"), encoding: .utf8)
    #expect(report.hasPrefix("FAIL sub/fails.docscript\n"))
    #expect(report.contains("\n-#> other\n+#> kept\n"), "\(report)")
    #expect(
      try String(contentsOf: outputs("sub/fails.docscript/files/out.txt"), encoding: .utf8)
        == "kept\n")
  }

  @Test(
    "docs/ci.md's Bazel recipe: shown as its files are; its wrapper runs each shard as Bazel runs it"
  )
  func recipe() throws {
    let page = try String(
      contentsOf: packageRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
    let recipe = packageRoot.appendingPathComponent("docs/ci/bazel")
    let build = try String(
      contentsOf: recipe.appendingPathComponent("BUILD.bazel"), encoding: .utf8)
    let wrapper = recipe.appendingPathComponent("docrepl_test.sh")
    #expect(page.contains("```python\n" + build + "```\n"))
    #expect(page.contains("```sh\n" + (try String(contentsOf: wrapper, encoding: .utf8)) + "```\n"))
    #expect(build.contains("shard_count = 4"))
    // The workspace as Bazel lays out the test's runfiles.
    let workspace = try TemporaryDirectory("runfiles")
    for (path, text) in Self.scripts { try workspace.write(text, to: "scripts/" + path) }
    var ran: [String] = []
    for index in 0..<4 {
      let outputs = try TemporaryDirectory("bazel")
      let result = try runProgram(
        URL(fileURLWithPath: "/bin/sh"), [wrapper.path], in: workspace.url,
        environment: [
          "DOCREPL": docreplExecutable.path, "TEST_TOTAL_SHARDS": "4",
          "TEST_SHARD_INDEX": "\(index)", "TEST_SHARD_STATUS_FILE": outputs("status").path,
          "XML_OUTPUT_FILE": outputs("test.xml").path, "TEST_TMPDIR": outputs.url.path,
          "TEST_UNDECLARED_OUTPUTS_DIR": outputs("undeclared").path,
        ])
      #expect([0, 1].contains(result.status), "\(result.errors)")
      #expect(FileManager.default.fileExists(atPath: outputs("status").path))
      #expect(FileManager.default.fileExists(atPath: outputs("test.xml").path))
      ran += result.output.split(separator: "\n").filter {
        $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ")
      }.map { String($0.dropFirst(5)) }
    }
    #expect(ran.sorted() == Self.scripts.keys.map { "scripts/" + $0 }.sorted())
  }
}
