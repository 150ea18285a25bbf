import DocTestSupport
import Foundation
import Testing

/// `docrepl run` and `docrepl test`, through the built binary.
@Suite("docrepl run and test")
struct RunCommandTests {
  static var scripts: [String] {
    let folder = packageRoot.appendingPathComponent("Tests/Scripts")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".docscript") }.sorted()
  }

  /// Copies a transcript into `folder` and returns its text.
  private func copy(_ name: String, to folder: TemporaryDirectory) throws -> String {
    let original = packageRoot.appendingPathComponent("Tests/Scripts/\(name)")
    try FileManager.default.copyItem(at: original, to: folder(name))
    return try String(contentsOf: original, encoding: .utf8)
  }

  /// The `#>` lines of a script, in order, as `run` should print them.
  private func expectedOutput(of script: String) -> String {
    var output = ""
    for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      guard trimmed.hasPrefix("#>") else { continue }
      output += trimmed == "#>" ? "\n" : String(trimmed.dropFirst(3)) + "\n"
    }
    return output
  }

  @Test(
    "run prints each transcript's expected output; exits 1 (66 for a missing file) only if it expects failures",
    arguments: scripts)
  func runPrintsTheTranscript(_ name: String) throws {
    let folder = try TemporaryDirectory()
    let script = try copy(name, to: folder)
    let result = try runDocrepl(["run", name], in: folder.url)
    #expect(result.output == expectedOutput(of: script))
    let expectsFailures = script.contains("\n#!") || script.contains("  #!")
    // A document to open that is missing is 66, as a missing script is.
    let missing = script.contains("#! error: no such file")
    #expect(result.status == (expectsFailures ? (missing ? 66 : 1) : 0), "\(result.errors)")
    #expect(expectsFailures == !result.errors.isEmpty)
  }

  @Test("test passes every transcript", arguments: scripts)
  func testPasses(_ name: String) throws {
    let folder = try TemporaryDirectory()
    _ = try copy(name, to: folder)
    let result = try runDocrepl(["test", name], in: folder.url)
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output == "PASS \(name)\n1 passed, 0 failed\n")
  }

  @Test(
    "The same script in two folders, twice: identical output and identical saved files",
    arguments: scripts)
  func reproducible(_ name: String) throws {
    var outputs: [String] = []
    var files: [[String: Data]] = []
    for _ in 0..<2 {
      for environment in [
        ["TZ": "UTC", "LANG": "C"], ["TZ": "Asia/Tokyo", "LANG": "de_DE.UTF-8"],
      ] {
        let folder = try TemporaryDirectory()
        _ = try copy(name, to: folder)
        let result = try runProgram(
          docreplExecutable, ["run", name], in: folder.url, environment: environment)
        outputs.append(result.output + result.errors)
        files.append(try contents(of: folder.url, excluding: name))
      }
    }
    #expect(Set(outputs).count == 1)
    #expect(files.dropFirst().allSatisfy { $0 == files[0] })
  }

  /// Every regular file under `folder` by relative path, except `excluded`.
  private func contents(of folder: URL, excluding excluded: String) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let path = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let full = folder.appendingPathComponent(path).path
      guard path != excluded,
        FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { continue }
      result[path] = FileManager.default.contents(atPath: full)
    }
    return result
  }

  @Test("A malformed script runs nothing and exits 65, with every syntax error reported")
  func malformed() throws {
    let folder = try TemporaryDirectory()
    try Data("new text a\nsave out.txt\nsav x\necho 'open\n".utf8).write(
      to: folder("bad.docscript"))
    let result = try runDocrepl(["run", "bad.docscript"], in: folder.url)
    #expect(result.status == 65)
    #expect(result.output == "")
    #expect(!FileManager.default.fileExists(atPath: folder("out.txt").path))
    #expect(
      result.errors == """
        bad.docscript:3:1: error: unknown command 'sav'
        sav x
        ^~~
        note: did you mean 'save'?
        bad.docscript:4:6: error: unterminated single-quoted string
        echo 'open
             ^

        """)
  }

  @Test("test reports a malformed script with the source line and caret, and exits 65")
  func testMalformed() throws {
    let folder = try TemporaryDirectory()
    try Data("new text a\nprint 'open\n".utf8).write(to: folder("bad.docscript"))
    let result = try runDocrepl(["test", "bad.docscript"], in: folder.url)
    #expect(result.status == 65)
    #expect(
      result.errors == """
        bad.docscript:2:7: error: unterminated single-quoted string
        print 'open
              ^

        """)
  }

  @Test("--bail stops at the first failure; without it the run goes on and exits 1")
  func bail() throws {
    let folder = try TemporaryDirectory()
    try Data("print one\nnew nope\nprint two\n".utf8).write(to: folder("s.docscript"))
    let going = try runDocrepl(["run", "s.docscript"], in: folder.url)
    #expect(going.status == 1)
    #expect(going.output == "one\ntwo\n")
    let bailing = try runDocrepl(["run", "--bail", "s.docscript"], in: folder.url)
    #expect(bailing.status == 1)
    #expect(bailing.output == "one\n")
    #expect(bailing.errors.hasPrefix("s.docscript:2:5: error: unknown document type 'nope'\n"))
  }

  @Test(
    "Usage errors exit 64, a missing script 66",
    arguments: [
      (["run"], 64), (["run", "--nope", "a"], 64), (["run", ""], 64),
      (["run", "missing.docscript"], 66), (["test"], 64), (["run", "--var"], 64),
      (["run", "--var", "1x=2", "a.docscript"], 64),
      (["run", "--var", "novalue", "a.docscript"], 64),
    ] as [([String], Int32)])
  func statuses(_ arguments: [String], _ status: Int32) throws {
    let folder = try TemporaryDirectory()
    let result = try runDocrepl(arguments, in: folder.url)
    #expect(result.status == status)
    #expect(result.errors.hasPrefix("docrepl \(arguments[0]): error: "))
  }

  @Test("--var defines variables before the script runs; the script may still override them")
  func variables() throws {
    let folder = try TemporaryDirectory()
    try Data("print \"hi $who, $n\"\nlet who = Rui\nprint $who\n".utf8).write(
      to: folder("v.docscript"))
    let result = try runDocrepl(
      ["run", "--var", "who=Ana", "--var", "n=a=b", "v.docscript"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "hi Ana, a=b\nRui\n")
  }

  @Test("source runs a script relative to the including one; errors carry the include stack")
  func source() throws {
    let folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(at: folder("lib"), withIntermediateDirectories: true)
    try Data("source lib/setup.docscript\nshow\n".utf8).write(to: folder("main.docscript"))
    try Data("new text t\nappend \"from $SCRIPT_DIR\"\nsource inner.docscript\n".utf8).write(
      to: folder("lib/setup.docscript"))
    try Data("delete 7\nsource ../main.docscript\n".utf8).write(to: folder("lib/inner.docscript"))
    let result = try runDocrepl(["run", "main.docscript"], in: folder.url)
    #expect(result.status == 1)
    let libPath = folder.url.appendingPathComponent("lib").standardizedFileURL.path
    #expect(result.output == "from \(libPath)\n")
    #expect(
      result.errors == """
        lib/inner.docscript:1:8: error: line number 7 is out of range; expected 1 to 1
        delete 7
               ^
        note: in file included from lib/setup.docscript:3
        note: in file included from main.docscript:1
        lib/inner.docscript:2:8: error: '../main.docscript' is already being run; sourcing it again would never end
        source ../main.docscript
               ^~~~~~~~~~~~~~~~~
        note: in file included from lib/setup.docscript:3
        note: in file included from main.docscript:1

        """)
  }
}

@Suite("The main job")
struct MainJobTests {
  @Test("The tour prints its snapshot, passes as a transcript, and writes nothing")
  func tour() throws {
    let expected = try String(
      contentsOf: packageRoot.appendingPathComponent("Tests/DocShellTests/Snapshots/tour.txt"),
      encoding: .utf8)
    let run = try runDocrepl(["run", "examples/tour.docscript"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output == expected)
    #expect(run.errors == "")
    let test = try runDocrepl(["test", "examples/tour.docscript"])
    #expect(test.status == 0, "\(test.output)")
    let listing = try runDocrepl(["inspect", "examples"])
    #expect(listing.output.contains("tour.docscript  (file, "))
    #expect(!listing.output.contains(".tmp"))
  }
}
