import DocTestSupport
import Foundation
import Glibc
import Testing

/// The folder `scratch` makes is removed however docrepl ends: leaving the
/// prompt (`quit`, `exit`, Ctrl-D), the end of batch input, and SIGTERM or
/// SIGHUP, at the prompt, in batch and in `run`. Each test points `TMPDIR`
/// at a folder of its own, where `scratch` makes its folder.
@Suite("A scratch folder is removed however docrepl ends")
struct ScratchEndingTests {
  /// The scratch folders in `base`.
  static func scratchFolders(in base: TemporaryDirectory) throws -> [String] {
    try base.names().filter { $0.hasPrefix("docrepl-scratch-") }
  }

  enum Ending: String, CaseIterable, Sendable {
    case quit, exit, controlD = "Ctrl-D"
  }

  @Test(
    "Leaving the prompt with quit, exit or Ctrl-D removes the scratch folder",
    arguments: Ending.allCases)
  func leavingThePrompt(_ ending: Ending) throws {
    let base = try TemporaryDirectory("scratch-base")
    let session = try PseudoTerminal(environment: ["TMPDIR": base.url.path], in: base.url)
    try session.expect("docrepl > ")
    try session.send("scratch\r")
    try session.expect("docrepl > ")
    try #require(try Self.scratchFolders(in: base).count == 1)
    switch ending {
    case .quit: try session.send("quit\r")
    case .exit: try session.send("exit\r")
    case .controlD: try session.send(control: "d")
    }
    #expect(try session.waitForExit() == 0)
    #expect(try Self.scratchFolders(in: base) == [])
  }

  @Test(
    "SIGTERM or SIGHUP at the prompt warns about unsaved changes, removes the scratch folder and exits 130",
    arguments: [SIGTERM, SIGHUP])
  func signalAtThePrompt(_ signal: Int32) throws {
    let base = try TemporaryDirectory("scratch-base")
    let session = try PseudoTerminal(environment: ["TMPDIR": base.url.path], in: base.url)
    try session.expect("docrepl > ")
    try session.send("scratch\r")
    try session.expect("docrepl > ")
    try session.send("new text t; append x\r")
    try session.expect("t* > ")
    try #require(try Self.scratchFolders(in: base).count == 1)
    kill(session.processID, signal)
    #expect(try session.waitForExit() == 130)
    #expect(try Self.scratchFolders(in: base) == [])
    #expect(session.transcript.contains("warning: 't' has unsaved changes, which are discarded"))
  }

  @Test(
    "SIGTERM or SIGHUP while batch input waits removes the scratch folder and exits 130",
    arguments: [SIGTERM, SIGHUP])
  func signalInBatch(_ signal: Int32) throws {
    let base = try TemporaryDirectory("scratch-base")
    let child = try Child(["--batch"], base: base)
    child.input.fileHandleForWriting.write(Data("scratch\necho ready\n".utf8))
    try child.waitForOutput("ready\n")
    try #require(try Self.scratchFolders(in: base).count == 1)
    kill(child.process.processIdentifier, signal)
    try child.waitForExit()
    try? child.input.fileHandleForWriting.close()
    #expect(child.process.terminationReason == .exit)
    #expect(child.process.terminationStatus == 130)
    #expect(try Self.scratchFolders(in: base) == [])
  }

  @Test(
    "A SIGHUP ignored when docrepl starts (nohup) stays ignored",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/nohup")))
  func nohup() throws {
    let base = try TemporaryDirectory("scratch-base")
    let child = try Child(
      ["--batch"], base: base, launcher: URL(fileURLWithPath: "/usr/bin/nohup"))
    child.input.fileHandleForWriting.write(Data("scratch\necho ready\n".utf8))
    try child.waitForOutput("ready\n")
    kill(child.process.processIdentifier, SIGHUP)
    child.input.fileHandleForWriting.write(Data("echo still here\n".utf8))
    try child.waitForOutput("still here\n")
    try child.input.fileHandleForWriting.close()
    try child.waitForExit()
    #expect(child.process.terminationReason == .exit)
    #expect(child.process.terminationStatus == 0)
    #expect(try Self.scratchFolders(in: base) == [])
  }

  enum Script: String, CaseIterable, Sendable {
    case run = "docrepl run FILE", commandLine = "docrepl -c 'source FILE'"
  }

  @Test(
    "SIGTERM or SIGHUP during a long script stops it, removes the scratch folder and exits 130",
    arguments: Script.allCases, [SIGTERM, SIGHUP])
  func signalDuringAScript(_ script: Script, _ signal: Int32) throws {
    let base = try TemporaryDirectory("scratch-base")
    let appends = String(repeating: "append x\n", count: 400_000)
    let file = try base.write(
      "new text t\nprint started\n\(appends)print finished\n", to: "long.docscript")
    let arguments: [String]
    switch script {
    case .run:
      try base.write("scratch\nsource '\(file.path)'\n", to: "scratch.docscript")
      arguments = ["run", "--no-color", "scratch.docscript"]
    case .commandLine:
      arguments = ["--no-color", "-c", "scratch; source '\(file.path)'"]
    }
    let child = try Child(arguments, base: base)
    try child.waitForOutput("started\n")
    try #require(try Self.scratchFolders(in: base).count == 1)
    kill(child.process.processIdentifier, signal)
    try child.waitForExit()
    let output = child.output.fileHandleForReading.readDataToEndOfFile()
    let diagnostics = String(
      decoding: child.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(child.process.terminationReason == .exit)
    #expect(child.process.terminationStatus == 130)
    #expect(diagnostics.contains(": error: interrupted\n"), "\(diagnostics)")
    #expect(!String(decoding: output, as: UTF8.self).contains("finished"))
    #expect(try Self.scratchFolders(in: base) == [])
  }

  /// The built `docrepl` started in `base` with `TMPDIR` pointing to it,
  /// its standard input, output and error on pipes.
  final class Child {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    private var seen = Data()

    /// - Parameter launcher: A program that runs docrepl (its path is
    ///   the launcher's first argument), such as nohup.
    init(_ arguments: [String], base: TemporaryDirectory, launcher: URL? = nil) throws {
      process.executableURL = launcher ?? docreplExecutable
      process.arguments = launcher == nil ? arguments : [docreplExecutable.path] + arguments
      process.currentDirectoryURL = base.url
      process.environment = ProcessInfo.processInfo.environment.merging([
        "TMPDIR": base.url.path
      ]) { $1 }
      process.standardInput = input
      process.standardOutput = output
      process.standardError = errors
      // A child that ends before reading its input must not take this
      // process down with SIGPIPE.
      signal(SIGPIPE, SIG_IGN)
      try process.run()
    }

    deinit {
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
      }
    }

    /// Waits for docrepl to exit, for 30 seconds at most: a signal it
    /// does not act on would otherwise leave the test waiting forever.
    /// Then it is killed, and the test fails.
    func waitForExit() throws {
      let deadline = ContinuousClock.now + .seconds(30)
      while process.isRunning, ContinuousClock.now < deadline {
        usleep(20_000)
      }
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        Issue.record("docrepl did not exit within 30 seconds of the signal")
      }
    }

    /// Reads standard output until `text` has come: then docrepl has
    /// run the commands before it, its signal handlers installed.
    func waitForOutput(_ text: String) throws {
      while !String(decoding: seen, as: UTF8.self).contains(text) {
        let chunk = output.fileHandleForReading.availableData
        try #require(!chunk.isEmpty, "docrepl ended before printing \(text)")
        seen += chunk
      }
    }
  }
}
