import DocTestSupport
import Foundation
import FoundationXML
import Glibc
import Testing

/// `docrepl test`, the transcript test runner, through the built binary.
@Suite("docrepl test")
struct TestCommandTests {
  /// Writes `files` (path: bytes) into a new folder.
  private func suite(_ files: [String: [UInt8]]) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory("suite")
    for (path, bytes) in files {
      let url = folder(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: url)
    }
    return folder
  }

  private func suite(_ files: [String: String]) throws -> TemporaryDirectory {
    try suite(files.mapValues { Array($0.utf8) })
  }

  /// Runs `docrepl test` in `folder` with a private temporary folder, so
  /// that tests can check what is left there.
  private func test(
    _ arguments: [String], in folder: TemporaryDirectory, temporary: TemporaryDirectory? = nil,
    environment: [String: String] = [:]
  ) throws -> ProcessResult {
    var environment = environment
    if let temporary { environment["TMPDIR"] = temporary.url.path }
    return try runProgram(
      docreplExecutable, ["test"] + arguments, in: folder.url, environment: environment)
  }

  static let passing = "new text t\nappend hello\nshow\n#> hello\nexpect dirty\n"
  static let failing = "new text t\nappend x\nshow\n#> y\nline 1\n"

  @Test("A passing and a failing script: PASS, then FAIL with file:line, command and diff; exit 1")
  func passAndFail() throws {
    let folder = try suite(["a.docscript": Self.passing, "sub/b.docscript": Self.failing])
    let result = try test(["."], in: folder)
    #expect(result.status == 1)
    #expect(result.errors == "")
    #expect(
      result.output == """
        PASS a.docscript
        FAIL sub/b.docscript
        sub/b.docscript:3: error: 'show' did not print what its #> and #! lines expect
        --- sub/b.docscript
        +++ sub/b.docscript (actual)
        @@ -1,5 +1,6 @@
         new text t
         append x
         show
        -#> y
        +#> x
         line 1
        +#> x
        1 passed, 1 failed

        """)
  }

  @Test("Everything matching exits 0 and ends with the summary")
  func allPass() throws {
    let folder = try suite(["a.docscript": Self.passing, "b.docscript": "print hi\n#> hi\n"])
    let result = try test(["a.docscript", "b.docscript"], in: folder)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output == "PASS a.docscript\nPASS b.docscript\n2 passed, 0 failed\n")
    // --no-color, which every command takes, changes nothing here.
    let plain = try test(["--no-color", "a.docscript", "b.docscript"], in: folder)
    #expect(plain.status == 0)
    #expect(plain.output == result.output)
  }

  @Test(
    "A folder means every .docscript under it, recursively, sorted by path; each once; not in nested packages"
  )
  func folders() throws {
    let folder = try suite([
      "t/z.docscript": "print z\n#> z\n", "t/a/b.docscript": "print b\n#> b\n",
      "t/a.docscript": "print a\n#> a\n", "t/notes.txt": "not a script",
      "t/.hidden/x.docscript": "nope", "t/B.docscript": "print B\n#> B\n",
      "t/pkg/Package.swift": "// another package", "t/pkg/own.docscript": "nope",
    ])
    let result = try test(["t/", "t/z.docscript"], in: folder)
    #expect(result.status == 0, "\(result.output)")
    #expect(
      result.output
        == "PASS t/B.docscript\nPASS t/a.docscript\nPASS t/a/b.docscript\nPASS t/z.docscript\n4 passed, 0 failed\n"
    )
    // The package left out is named, not skipped silently.
    #expect(
      result.errors
        == "docrepl test: note: skipped 't/pkg/': a Swift package of its own (Package.swift); name it to test its scripts\n"
    )
  }

  @Test("A symbolic link to a folder is not followed, and is named on standard error")
  func linkedFolder() throws {
    let folder = try suite([
      "t/a.docscript": "print a\n#> a\n", "elsewhere/b.docscript": "print b\n#> b\n",
    ])
    try FileManager.default.createSymbolicLink(
      atPath: folder("t/link").path, withDestinationPath: folder("elsewhere").path)
    let result = try test(["t"], in: folder)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output == "PASS t/a.docscript\n1 passed, 0 failed\n")
    #expect(
      result.errors
        == "docrepl test: note: skipped 't/link/': a symbolic link to a folder; name it to test its scripts\n"
    )
  }

  @Test("A malformed script reports its diagnostics, counts as failed, and 65 wins over 1")
  func malformed() throws {
    let folder = try suite([
      "a.docscript": Self.passing, "b.docscript": Self.failing, "c.docscript": "print 'open\n",
    ])
    let result = try test(["."], in: folder)
    #expect(result.status == 65)
    #expect(
      result.errors == """
        c.docscript:1:7: error: unterminated single-quoted string
        print 'open
              ^

        """)
    #expect(
      result.output.hasSuffix(
        "FAIL c.docscript\nc.docscript: error: malformed script; nothing in it ran\n1 passed, 2 failed\n"
      ))
  }

  @Test(
    "Exit statuses: usage 64, not found 66",
    arguments: [
      ([], 64), (["--nope", "a.docscript"], 64), (["--jobs", "0", "a.docscript"], 64),
      (["--jobs", "x", "a.docscript"], 64), (["--jobs"], 64), (["-j", "-1", "a.docscript"], 64),
      (["--shard", "0/2", "a.docscript"], 64), (["--shard", "3/2", "a.docscript"], 64),
      (["--shard", "1/0", "a.docscript"], 64), (["--shard", "a/b", "a.docscript"], 64),
      (["--shard", "1/2/3", "a.docscript"], 64), (["--shard", "+1/2", "a.docscript"], 64),
      (["--filter", "(", "a.docscript"], 64), (["--filter", "[a-", "a.docscript"], 64),
      (["--junit"], 64), (["--junit", "", "a.docscript"], 64), ([""], 64),
      (["missing.docscript"], 66), (["a.docscript", "missing/"], 66), (["empty"], 66),
      (["--junit", "no/such/folder/r.xml", "a.docscript"], 66),
    ] as [([String], Int32)])
  func statuses(_ arguments: [String], _ status: Int32) throws {
    let folder = try suite(["a.docscript": "print a\n", "empty/notes.txt": ""])
    let result = try test(arguments, in: folder)
    #expect(result.status == status)
    #expect(result.errors.hasPrefix("docrepl test: error: "), "\(result.errors)")
    // Nothing ran: a script that runs would have printed a summary.
    #expect(result.output == "")
  }

  @Test("--help describes every option with an example, and the exit statuses")
  func help() throws {
    let folder = try suite([String: String]())
    let result = try test(["--help"], in: folder)
    #expect(result.status == 0)
    for option in ["--update", "--junit", "--jobs", "--shard", "--filter"] {
      #expect(result.output.contains("  \(option) "), "\(option)")
      #expect(result.output.contains("docrepl test \(option) "), "no example of \(option)")
    }
    #expect(result.output.contains("EXIT STATUS"))
  }

  // MARK: - --update

  /// Scripts and what `--update` makes of them, byte for byte.
  static let updates: [(name: String, original: String, updated: String)] = [
    (
      "wrong and missing output", "new text t\nappend x\nshow\n#> y\nline 1\n",
      "new text t\nappend x\nshow\n#> x\nline 1\n#> x\n"
    ),
    ("no final line break", "print a\nprint b", "print a\n#> a\nprint b\n#> b"),
    (
      "no final line break, expectation last", "print a\n#> a\nprint b\n#> c",
      "print a\n#> a\nprint b\n#> b"
    ),
    (
      "CRLF line breaks", "print a\r\n#> z\r\nprint b\r\n", "print a\r\n#> a\r\nprint b\r\n#> b\r\n"
    ),
    (
      "matching lines stay as written, even without the blank", "print a\n#>a\n\n# c\nprint b\n",
      "print a\n#>a\n\n# c\nprint b\n#> b\n"
    ),
    (
      "heredoc: the output follows the body", "new text t\nset-text <<EOF\none\ntwo\nEOF\nshow\n",
      "new text t\nset-text <<EOF\none\ntwo\nEOF\nshow\n#> one\n#> two\n"
    ),
    (
      "a #> line inside a heredoc body is text", "new text t\nset-text <<EOF\n#> body\nEOF\nshow\n",
      "new text t\nset-text <<EOF\n#> body\nEOF\nshow\n#> #> body\n"
    ),
    (
      "groups: indented like the command", "group g {\n  print a\n  #> b\n}\nprint c\n",
      "group g {\n  print a\n  #> a\n}\nprint c\n#> c\n"
    ),
    (
      "diagnostics and notes", "new nope\n#! error: old\n",
      "new nope\n#! error: unknown document type 'nope'\n#! note: the types are binary, json, jsonc, markdown, notes, plist, text\n"
    ),
    ("empty output lines", "print ''\n", "print ''\n#>\n"),
    (
      "output lines removed", "# lead\nprint a\n#> a\n#> extra\n\n# tail\n",
      "# lead\nprint a\n#> a\n\n# tail\n"
    ),
    (
      "two commands on a line share the lines", "print a; print b\n#> a\n",
      "print a; print b\n#> a\n#> b\n"
    ),
  ]

  @Test("--update rewrites only expectation lines, byte for byte", arguments: updates.indices)
  func update(_ index: Int) throws {
    let (name, original, updated) = Self.updates[index]
    let folder = try suite(["s.docscript": original])
    let result = try test(["--update", "s.docscript"], in: folder)
    #expect(result.status == 0, "\(name): \(result.output)\(result.errors)")
    let written = try Data(contentsOf: folder("s.docscript"))
    #expect(String(decoding: written, as: UTF8.self) == updated, "\(name)")
    #expect(result.output == "UPDATED s.docscript\n0 passed, 0 failed, 1 updated\n")
    // And now it passes, and a second update changes nothing.
    let again = try test(["--update", "s.docscript"], in: folder)
    #expect(again.output == "PASS s.docscript\n1 passed, 0 failed, 0 updated\n", "\(name)")
    #expect(try Data(contentsOf: folder("s.docscript")) == written)
  }

  @Test("--update keeps blanks and tabs, and the file's permissions")
  func updateKeepsOtherBytes() throws {
    let original = Array("# café\t \n\tprint a  \n".utf8)
    let folder = try suite(["s.docscript": original])
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o640], ofItemAtPath: folder("s.docscript").path)
    let result = try test(["--update", "s.docscript"], in: folder)
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    let written = Array(try Data(contentsOf: folder("s.docscript")))
    #expect(written == original + Array("\t#> a\n".utf8))
    let attributes = try FileManager.default.attributesOfItem(atPath: folder("s.docscript").path)
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
    #expect(try folder.names() == ["s.docscript"])
  }

  @Test("--update of a script that sources another rewrites only the script itself")
  func updateWithSource() throws {
    let library = "new text t\nappend 'from lib'\nshow\n#> stale\n"
    let folder = try suite([
      "main.docscript": "source lib/setup.docscript\nline 1\n", "lib/setup.docscript": library,
    ])
    let result = try test(["--update", "main.docscript"], in: folder)
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(
      try String(contentsOf: folder("main.docscript"), encoding: .utf8)
        == "source lib/setup.docscript\n#> from lib\nline 1\n#> from lib\n")
    #expect(try String(contentsOf: folder("lib/setup.docscript"), encoding: .utf8) == library)
  }

  @Test("--update leaves a malformed script alone and exits 65")
  func updateMalformed() throws {
    let folder = try suite(["m.docscript": "print 'open\n#> x\n"])
    let result = try test(["--update", "m.docscript"], in: folder)
    #expect(result.status == 65)
    #expect(try String(contentsOf: folder("m.docscript"), encoding: .utf8) == "print 'open\n#> x\n")
  }

  @Test("--update through a symbolic link rewrites the file it points to, and keeps the link")
  func updateThroughLink() throws {
    let folder = try suite(["real/s.docscript": "print a\n"])
    try FileManager.default.createSymbolicLink(
      atPath: folder("link.docscript").path, withDestinationPath: "real/s.docscript")
    let result = try test(["--update", "link.docscript"], in: folder)
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(
      try String(contentsOf: folder("real/s.docscript"), encoding: .utf8) == "print a\n#> a\n")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: folder("link.docscript").path)
        == "real/s.docscript")
  }

  @Test("A FIFO named like a script fails without being read, and the others still run")
  func fifo() throws {
    let folder = try suite(["a.docscript": "print a\n#> a\n"])
    try #require(mkfifo(folder("b.docscript").path, 0o600) == 0)
    let result = try test(["."], in: folder)
    #expect(result.status == 1)
    #expect(
      result.output == """
        PASS a.docscript
        FAIL b.docscript
        b.docscript: error: cannot read the script: not a regular file
        1 passed, 1 failed

        """)
  }

  // MARK: - JUnit

  @Test("--junit writes a report that parses back: one test case a script, failures with diffs")
  func junit() throws {
    let folder = try suite([
      "a.docscript": Self.passing, "b.docscript": Self.failing,
      "c & <d>.docscript": "print '<&\"\u{1}'\n", "m.docscript": "print 'open\n",
    ])
    let result = try test(["--junit", "report.xml", "."], in: folder)
    #expect(result.status == 65)
    let document = try XMLDocument(contentsOf: folder("report.xml"), options: [])
    let suites = try #require(document.rootElement())
    #expect(suites.name == "testsuites")
    #expect(suites.attribute(forName: "tests")?.stringValue == "4")
    #expect(suites.attribute(forName: "failures")?.stringValue == "3")
    let cases = try document.nodes(forXPath: "/testsuites/testsuite/testcase").compactMap {
      $0 as? XMLElement
    }
    #expect(
      cases.map { $0.attribute(forName: "name")?.stringValue }
        == ["a.docscript", "b.docscript", "c & <d>.docscript", "m.docscript"])
    #expect(cases[0].elements(forName: "failure").isEmpty)
    let failure = try #require(cases[1].elements(forName: "failure").first)
    #expect(failure.attribute(forName: "type")?.stringValue == "mismatch")
    #expect(
      failure.attribute(forName: "message")?.stringValue
        == "b.docscript:3: error: 'show' did not print what its #> and #! lines expect")
    #expect(failure.stringValue?.hasPrefix("--- b.docscript\n+++ b.docscript (actual)\n") == true)
    #expect(failure.stringValue?.contains("\n-#> y\n+#> x\n") == true)
    // Markup and a control character: escaped, and replaced (the diff
    // shows the control character as `--update` writes it, `\x01 (esc)`;
    // the message quotes the command's line as it is).
    let hostile = try #require(cases[2].elements(forName: "failure").first)
    #expect(hostile.stringValue?.contains("+#> <&\"\\x01 (esc)") == true)
    #expect(hostile.attribute(forName: "message")?.stringValue?.contains("<&\"\u{FFFD}") == true)
    let malformed = try #require(cases[3].elements(forName: "failure").first)
    #expect(malformed.attribute(forName: "type")?.stringValue == "malformed")
    #expect(malformed.stringValue?.contains("unterminated single-quoted string") == true)
  }

  // MARK: - Jobs, shards, filters

  /// Good, failing and malformed scripts, and hostile ones: invalid UTF-8
  /// and NUL bytes, groups nested thousands deep, a script that sources
  /// itself, one that bails, one that defines variables, opens documents
  /// and writes files others would see if anything leaked.
  private func mixedSuite() throws -> TemporaryDirectory {
    var files: [String: [UInt8]] = [:]
    for index in 0..<6 {
      files["good\(index).docscript"] = Array(
        "new text t\nappend \(index)\nsave out.txt\nshow\n#> \(index)\nprint $PWD\n#> $TMP\n".utf8)
      files["fail\(index).docscript"] = Array(Self.failing.utf8)
    }
    files["leak.docscript"] = Array(
      "let secret = 1\nnew json j\nset-text '{\"a\": 1}'\nsave shared.json\nautosave now\n".utf8)
    files["look.docscript"] = Array(
      "print ${secret:-unset}\n#> unset\ndocs\nopen shared.json\n#! error: no such file 'shared.json'\nopen out.txt\n#! error: no such file 'out.txt'\n"
        .utf8)
    files["binary.docscript"] = [0x70, 0x72, 0x69, 0x6E, 0x74, 0x20, 0xFF, 0x00, 0x0A]
    files["malformed.docscript"] = Array("print 'open\n".utf8)
    files["deep.docscript"] = Array(
      (String(repeating: "group g { ", count: 5000) + "print x"
        + String(repeating: " }", count: 5000) + "\n").utf8)
    files["self.docscript"] = Array("source self.docscript\n".utf8)
    files["bail.docscript"] = Array("set bail on\nnew nope\nprint never\n".utf8)
    return try suite(files)
  }

  @Test("--jobs: the same output as one at a time, and as each script alone")
  func jobs() throws {
    let folder = try mixedSuite()
    let serial = try test(["."], in: folder)
    #expect(serial.status == 65)
    #expect(serial.output.hasSuffix("\n7 passed, 12 failed\n"), "\(serial.output)")
    for jobs in ["2", "4", "19", "64"] {
      let parallel = try test(["--jobs", jobs, "."], in: folder)
      #expect(parallel.status == serial.status)
      #expect(parallel.output == serial.output, "--jobs \(jobs)")
      #expect(parallel.errors == serial.errors, "--jobs \(jobs)")
    }
    // Each script alone prints what it printed among the others.
    var alone = ""
    for name in try folder.names() {
      alone += try test([name], in: folder).output.split(separator: "\n").dropLast()
        .map { $0 + "\n" }.joined()
    }
    #expect(alone + "7 passed, 12 failed\n" == serial.output)
    // Nothing was written next to the scripts.
    #expect(try folder.names().allSatisfy { $0.hasSuffix(".docscript") })
  }

  @Test("--shard K/N: the shards together are the whole suite, each script once", arguments: 1...5)
  func shards(_ count: Int) throws {
    let folder = try mixedSuite()
    let all = try test(["."], in: folder)
    var union: [String] = []
    var passed = 0
    for index in 1...count {
      let shard = try test(["--shard", "\(index)/\(count)", "."], in: folder)
      let lines = shard.output.split(separator: "\n").map(String.init)
      union += lines.filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") }
      passed += Int(lines.last?.split(separator: " ").first ?? "") ?? 0
    }
    let whole = all.output.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ")
    }
    #expect(union.sorted() == whole.sorted())
    #expect(Set(union).count == union.count)
    #expect(passed == 7)
  }

  @Test("--shard takes scripts round robin from the sorted paths, like lit")
  func shardOrder() throws {
    var files: [String: String] = [:]
    for name in ["a", "b", "c", "d", "e"] {
      files["\(name).docscript"] = "print \(name)\n#> \(name)\n"
    }
    let folder = try suite(files)
    let second = try test(["--shard", "2/2", "."], in: folder)
    #expect(second.output == "PASS b.docscript\nPASS d.docscript\n2 passed, 0 failed\n")
    let empty = try test(["--shard", "6/6", "."], in: folder)
    #expect(empty.status == 0)
    #expect(empty.output == "0 passed, 0 failed\n")
  }

  @Test("--filter selects scripts whose path matches, before sharding")
  func filter() throws {
    let folder = try mixedSuite()
    let result = try test(["--filter", "^(good[0-2]|fail5)\\.", "."], in: folder)
    #expect(result.status == 1)
    #expect(
      result.output.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }
        == [
          "FAIL fail5.docscript", "PASS good0.docscript", "PASS good1.docscript",
          "PASS good2.docscript",
        ])
    #expect(result.output.hasSuffix("\n3 passed, 1 failed\n"))
    let sharded = try test(["--filter", "good", "--shard", "1/3", "."], in: folder)
    #expect(sharded.output == "PASS good0.docscript\nPASS good3.docscript\n2 passed, 0 failed\n")
  }

  // MARK: - Isolation

  @Test("$TMP and $SCRIPT_DIR in output; nothing left in the temporary folder or the home")
  func temporaryFolder() throws {
    let folder = try suite([
      "s.docscript": """
      print $PWD
      #> $TMP
      print "$SCRIPT_DIR/fixture.txt"
      #> $SCRIPT_DIR/fixture.txt
      new text t
      append one
      print "$PWD/out.txt"
      #> $TMP/out.txt
      save "$PWD/out.txt"
      new text untitled
      append two
      open "$SCRIPT_DIR/missing.txt"
      #! error: no such file '$SCRIPT_DIR/missing.txt'
      use untitled
      autosave now
      #> autosaved to .docrepl-autosave/Untitled-*.txt (glob)

      """
    ])
    let temporary = try TemporaryDirectory("tmp")
    let state = try TemporaryDirectory("state")
    let result = try test(
      ["s.docscript"], in: folder, temporary: temporary,
      environment: ["XDG_STATE_HOME": state.url.path, "HOME": state.url.path])
    #expect(result.status == 0, "\(result.output)")
    #expect(try temporary.names() == [])
    #expect(try state.names() == [])
  }

  @Test("The same suite in two folders prints byte-identical output, whatever the environment")
  func reproducible() throws {
    var outputs: [String] = []
    for environment in [
      ["TZ": "Asia/Tokyo", "LANG": "de_DE.UTF-8", "SOURCE_DATE_EPOCH": "1767225600"],
      ["TZ": "UTC", "LANG": "C"],
    ] {
      let folder = try mixedSuite()
      let result = try test(["--jobs", "3", "."], in: folder, environment: environment)
      outputs.append(result.output + result.errors)
    }
    #expect(outputs[0] == outputs[1])
  }

  @Test("Ctrl-C stops starting scripts, removes the folders, prints the summary and exits 130")
  func interrupt() throws {
    var files: [String: String] = [:]
    for index in 0..<2_000 { files["s\(index).docscript"] = "print \(index)\n#> \(index)\n" }
    let folder = try suite(files)
    let temporary = try TemporaryDirectory("tmp")
    let process = Process()
    process.executableURL = docreplExecutable
    process.arguments = ["test", "--jobs", "2", "."]
    process.currentDirectoryURL = folder.url
    process.environment = ProcessInfo.processInfo.environment.merging([
      "TMPDIR": temporary.url.path
    ]) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Once a script has made its folder, the runner is running scripts.
    while try temporary.names().isEmpty, process.isRunning { usleep(1_000) }
    process.interrupt()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let problems = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130, "\(problems)")
    let summary = try #require(text.split(separator: "\n").last)
    let passed = try #require(Int(summary.prefix { $0 != " " }))
    #expect(summary == "\(passed) passed, 0 failed")
    #expect(passed < 2_000)
    #expect(problems.hasPrefix("docrepl test: interrupted; \(2_000 - passed) script"))
    #expect(try temporary.names() == [])
  }

  @Test(
    "A Ctrl-C at any moment after the start is honoured: the run stops (exit 130, or ended by it before any script started), nothing left",
    arguments: InterruptMoment.all)
  func interruptAtAnyMoment(_ moment: InterruptMoment) async throws {
    var files: [String: String] = [:]
    for index in 0..<2_000 { files["s\(index).docscript"] = "print \(index)\n#> \(index)\n" }
    let folder = try suite(files)
    // A lost Ctrl-C needed a gap of well under a millisecond, or a loaded
    // machine: several tries make it fail reliably.
    for _ in 0..<15 {
      let temporary = try TemporaryDirectory("tmp")
      let (result, killed) = try await moment.run(
        docreplExecutable, ["test", "--jobs", "2", "."], in: folder.url,
        environment: ["TMPDIR": temporary.url.path])
      // Whatever happened, no script's folder is left behind.
      #expect(try temporary.names() == [])
      if killed {
        // Ended by the signal's default action before the runner took
        // charge of it, and so before any script started. Not once it had.
        #expect(result.status == SIGINT)
        #expect(moment != .onceTakenOver, "ended by a Ctrl-C that it handles")
        #expect(result.output == "")
        continue
      }
      #expect(result.status == 130, "the Ctrl-C was lost: \(result.errors)")
      let summary = try #require(result.output.split(separator: "\n").last)
      let passed = try #require(Int(summary.prefix { $0 != " " }))
      #expect(summary == "\(passed) passed, 0 failed")
      #expect(passed < 2_000)
      #expect(
        result.errors.hasPrefix("docrepl test: interrupted; \(2_000 - passed) script"),
        "\(result.errors)")
      if result.status != 130 { break }
    }
  }

  @Test("The repository's transcripts and examples pass under the runner")
  func repositoryScripts() throws {
    let result = try runDocrepl(["test", "--jobs", "2", "Tests/Scripts", "examples"])
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.hasSuffix(" passed, 0 failed\n"))
  }
}
