import DocTestSupport
import Foundation
import FoundationXML
import Glibc
import Testing

@testable import DocShell

/// `docrepl test --timeout` and `--keep-tmpdir`, standard input under
/// `test`, and `docrepl run` of a pipe, through the built binaries.
@Suite(
  "docrepl test's options: --timeout, --keep-tmpdir, standard input; run of a pipe", .serialized)
struct TestRunnerOptionsTests {
  /// A script that never ends on its own but stops at any safe point:
  /// sources nested 9 deep, 8 at each level, 8^9 commands in all.
  private static func endless(in folder: TemporaryDirectory) throws {
    for level in 1...9 {
      let line = "source $SCRIPT_DIR/level\(level + 1).inc\n"
      try folder.write(String(repeating: line, count: 8), to: "lib/level\(level).inc")
    }
    try folder.write("append x\n", to: "lib/level10.inc")
    try folder.write("new text t\nsource $SCRIPT_DIR/lib/level1.inc\n", to: "endless.docscript")
  }

  static let passing = "new text t\nappend hello\nshow\n#> hello\n"

  @Test(
    "--timeout stops a script at its limit; it fails as timed out and the others go on",
    arguments: [1, 2])
  func timeout(jobs: Int) throws {
    let folder = try TemporaryDirectory("suite")
    try Self.endless(in: folder)
    try folder.write(Self.passing, to: "ok.docscript")
    let temporary = try TemporaryDirectory("tmp")
    // That the run ends at all is the proof: the script never does.
    let result = try runProgram(
      docreplExecutable,
      ["test", "--timeout", "1", "--jobs", "\(jobs)", "--junit", "report.xml", "."],
      in: folder.url, environment: ["TMPDIR": temporary.url.path])
    #expect(result.status == 1, "\(result.errors)")
    #expect(
      result.output
        == "FAIL endless.docscript\nendless.docscript: error: timed out after 1 s\nPASS ok.docscript\n1 passed, 1 failed\n"
    )
    // Its folder was removed, as every folder is.
    #expect(try temporary.names() == [])
    let document = try XMLDocument(contentsOf: folder("report.xml"), options: [])
    let failure = try #require(
      try document.nodes(forXPath: "//testcase[@name='endless.docscript']/failure").first
        as? XMLElement)
    #expect(failure.attribute(forName: "type")?.stringValue == "timeout")
  }

  @Test("A script under its limit passes as before; a fraction of a second is a limit too")
  func underTheLimit() throws {
    let folder = try TemporaryDirectory("suite")
    try folder.write(Self.passing, to: "ok.docscript")
    let result = try runProgram(
      docreplExecutable, ["test", "--timeout", "30", "."], in: folder.url)
    #expect(result.status == 0)
    #expect(result.output == "PASS ok.docscript\n1 passed, 0 failed\n")
    try Self.endless(in: folder)
    let short = try runProgram(
      docreplExecutable, ["test", "--timeout", "0.5", "endless.docscript"], in: folder.url)
    #expect(short.status == 1)
    #expect(short.output.contains("endless.docscript: error: timed out after 0.5 s\n"))
  }

  @Test(
    "--timeout needs a number of seconds more than 0", arguments: ["0", "-1", "abc", "", "1e3"])
  func badTimeout(value: String) throws {
    let folder = try TemporaryDirectory("suite")
    try folder.write(Self.passing, to: "ok.docscript")
    let result = try runProgram(
      docreplExecutable, ["test", "--timeout", value, "."], in: folder.url)
    #expect(result.status == 64)
    #expect(
      result.errors.contains("error: '--timeout' needs a number of seconds, more than 0"),
      "\(result.errors)")
    #expect(result.output == "")
  }

  @Test(
    "A command that holds the main thread past the limit: the run reports it, writes the JUnit report and exits 1 without waiting for it"
  )
  func heldMainThread() throws {
    let folder = try TemporaryDirectory("suite")
    // `pause` holds the main thread: sixty of them ten minutes, which the
    // run does not wait for (no wall-clock bound is asserted: a run that
    // waited would print the script's own end, not the stop below).
    try folder.write(
      "new queued q\n" + String(repeating: "pause 10000\n", count: 60), to: "a.docscript")
    try folder.write("print hi\n#> hi\n", to: "b.docscript")
    let temporary = try TemporaryDirectory("tmp")
    let result = try runProgram(
      MainQueueTests.host,
      ["test", "--timeout", "1", "--jobs", "1", "--junit", "report.xml", "."],
      in: folder.url, environment: ["TMPDIR": temporary.url.path])
    #expect(result.status == 1)
    #expect(
      result.output.hasPrefix(
        "FAIL a.docscript\na.docscript: error: timed out after 1 s; a command in it has held the main thread for 4 s more without returning"
      ), "\(result.output)")
    #expect(result.output.hasSuffix("0 passed, 1 failed\n"))
    #expect(result.errors.contains("stopped: a script holds the main thread; 1 script did not run"))
    #expect(try temporary.names() == [])
    let document = try XMLDocument(contentsOf: folder("report.xml"), options: [])
    let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
    #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["a.docscript"])
    #expect(
      cases.first?.elements(forName: "failure").first?.attribute(forName: "type")?.stringValue
        == "timeout")
  }

  @MainActor
  @Test(
    "A script whose command never returns off the main actor is reported after the grace period, and left"
  )
  func abandoned() async throws {
    let script = TestSelection.Script(path: "a.docscript", url: URL(fileURLWithPath: "/a"))
    let timeout = ScriptTimeout(limit: .milliseconds(100), seconds: "0.1")
    let outcome = await timeout.race(for: script, onHeldMainActor: { _ in }) {
      // Waits off the main actor for something that never comes.
      try? await Task.sleep(for: .seconds(3600))
      return TestOutcome(script: script, verdict: .passed, report: "PASS a.docscript\n")
    }
    #expect(timeout.wasAbandoned)
    #expect(outcome.timedOut)
    #expect(outcome.verdict == .failed)
    #expect(
      outcome.message
        == "a.docscript: error: timed out after 0.1 s; it did not stop within 2 s more (a command that does not return), and the run went on without it"
    )
    // One that ends in time gives its own outcome.
    let quick = ScriptTimeout(limit: .seconds(30), seconds: "30")
    let passed = await quick.race(for: script, onHeldMainActor: { _ in }) {
      TestOutcome(script: script, verdict: .passed, report: "PASS a.docscript\n")
    }
    #expect(passed.verdict == .passed)
    #expect(!quick.wasAbandoned)
  }

  @Test("--keep-tmpdir keeps and names the folder of each failing script, and only those")
  func keepTemporaryFolder() throws {
    let folder = try TemporaryDirectory("suite")
    try folder.write(
      "new text t\nappend kept\nsave-as out.txt\nshow\n#> other\n", to: "fails.docscript")
    try folder.write(Self.passing, to: "passes.docscript")
    let temporary = try TemporaryDirectory("tmp")
    let result = try runProgram(
      docreplExecutable, ["test", "--keep-tmpdir", "."], in: folder.url,
      environment: ["TMPDIR": temporary.url.path])
    #expect(result.status == 1)
    let names = try temporary.names()
    try #require(names.count == 1, "\(names)")
    let kept = temporary(names[0]).resolvingSymlinksInPath().path
    #expect(
      result.output.contains("fails.docscript: note: its temporary folder is kept: \(kept)\n"),
      "\(result.output)")
    #expect(try String(contentsOfFile: kept + "/out.txt", encoding: .utf8) == "kept\n")
    // Without the option, nothing is kept.
    let again = try TemporaryDirectory("tmp")
    let plain = try runProgram(
      docreplExecutable, ["test", "."], in: folder.url, environment: ["TMPDIR": again.url.path])
    #expect(plain.status == 1)
    #expect(!plain.output.contains("temporary folder is kept"))
    #expect(try again.names() == [])
  }

  /// Runs `docrepl test` with `input` as its standard input.
  private func test(
    in folder: TemporaryDirectory, input: FileHandle
  ) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = docreplExecutable
    process.arguments = ["test", "."]
    process.currentDirectoryURL = folder.url
    process.standardInput = input
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test("Under test a script's standard input is at its end, whatever the caller's is")
  func standardInput() throws {
    let folder = try TemporaryDirectory("suite")
    try folder.write(
      "open /dev/stdin as input\n#! error: /dev/stdin: refusing to read a character device\n",
      to: "stdin.docscript")
    // A file the caller's standard input reads: not the script's.
    let secret = try folder.write("secret\n", to: "secret.txt")
    let fromFile = try test(in: folder, input: try FileHandle(forReadingFrom: secret))
    #expect(fromFile.output == "PASS stdin.docscript\n1 passed, 0 failed\n", "\(fromFile.output)")
    #expect(fromFile.status == 0)
    // A pipe that stays open: nothing waits on it.
    let pipe = Pipe()
    try pipe.fileHandleForWriting.write(contentsOf: Data("secret\n".utf8))
    let fromPipe = try test(in: folder, input: pipe.fileHandleForReading)
    #expect(fromPipe.output == "PASS stdin.docscript\n1 passed, 0 failed\n", "\(fromPipe.output)")
    try pipe.fileHandleForWriting.close()
  }

  @Test("run reads a pipe from process substitution, as bash and python3 do")
  func processSubstitution() throws {
    let folder = try TemporaryDirectory("run")
    let command =
      "exec \"$DOCREPL\" run <(printf 'new text t\\nappend \"new text\"\\nshow\\n')"
    let result = try runProgram(
      URL(fileURLWithPath: "/bin/bash"), ["-c", command], in: folder.url,
      environment: ["DOCREPL": docreplExecutable.path])
    #expect(result.errors == "")
    #expect(result.output == "new text\n")
    #expect(result.status == 0)
  }

  @Test("run reads a named FIFO to its end once a writer comes")
  func namedFIFO() throws {
    let folder = try TemporaryDirectory("run")
    #expect(mkfifo(folder("ff").path, 0o600) == 0)
    let path = folder("ff").path
    DispatchQueue.global().async {
      let descriptor = open(path, O_WRONLY)
      guard descriptor >= 0 else { return }
      let text = "print one\nprint two\n"
      _ = text.withCString { write(descriptor, $0, strlen($0)) }
      close(descriptor)
    }
    let result = try runDocrepl(["run", "ff"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "one\ntwo\n")
  }

  @Test(
    "run of a device is unsafe input: 65, as the exit table says",
    arguments: ["/dev/null", "/dev/zero"])
  func unsafeInput(path: String) throws {
    let result = try runDocrepl(["run", path])
    #expect(result.status == 65)
    #expect(result.errors == "docrepl run: error: \(path): refusing to read a device\n")
    #expect(result.output == "")
  }
}
