import DocKit
import DocScript
import DocShell
import DocTestSupport
import Foundation
import Testing

/// `docrepl check`: it finds each of four planted bugs in a test package
/// type within its default budget, shrinks each to a script of at most six
/// commands whose `expect` lines fail when replayed, and passes the same
/// type without the bug. Run in process over a registry that holds the
/// test type (which lives only in the test targets); the exit statuses,
/// `--junit` and the built-in types through the built binary.
@Suite("docrepl check")
@MainActor
struct CheckCommandTests {
  /// A registry with one variant of the test type.
  static func registry<Choice: PackageFaultChoice>(_: Choice.Type) -> DocumentTypeRegistry {
    let registry = DocumentTypeRegistry()
    registry.register(.scripted(FaultyPackage<Choice>.self), kind: .reference)
    return registry
  }

  static func registry(for fault: PackageFault?) -> DocumentTypeRegistry {
    switch fault {
    case nil: registry(NoFault.self)
    case .editWithoutUndo: registry(EditWithoutUndo.self)
    case .undoRestoresWrongValue: registry(UndoRestoresWrongValue.self)
    case .staleChildWrapper: registry(StaleChildWrapper.self)
    case .readerDropsTrailingEmptyLine: registry(ReaderDropsTrailingEmptyLine.self)
    case .changesBeforeFailing: registry(ChangesBeforeFailing.self)
    }
  }

  /// Runs `docrepl ARGUMENTS` in process over `registry`.
  static func docrepl(
    _ arguments: [String], registry: DocumentTypeRegistry
  ) async -> (
    status: Int32, output: String, errors: String
  ) {
    var output = ""
    var errors = ""
    let status = await Docrepl.run(
      arguments: arguments, registry: registry, environment: [:], output: &output,
      errors: &errors)
    return (status.rawValue, output, errors)
  }

  /// The invariant each fault breaks first.
  static let expected: [PackageFault: CheckInvariant] = [
    .editWithoutUndo: .undoRestores,
    .undoRestoresWrongValue: .undoRestores,
    .staleChildWrapper: .saveOpenRoundTrips,
    .readerDropsTrailingEmptyLine: .saveOpenRoundTrips,
    .changesBeforeFailing: .allOrNothing,
  ]

  @Test(
    "Each planted bug is found within the default budget, shrunk to ≤ 6 commands, and the script fails when replayed",
    arguments: PackageFault.allCases)
  func findsFault(_ fault: PackageFault) async throws {
    let registry = Self.registry(for: fault)
    let folder = try TemporaryDirectory()
    let result = await Self.docrepl(
      ["check", "faulty", "-C", folder.url.path, "--seed", "1"], registry: registry)
    #expect(result.status == 1, "\(result.output)\(result.errors)")
    let invariant = try #require(Self.expected[fault])
    #expect(result.output.contains("\(invariant) broke"), "\(result.output)")
    let written = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).first {
        $0.hasPrefix("check-failure-")
      })
    let script = try String(
      contentsOf: folder.url.appendingPathComponent(written), encoding: .utf8)
    #expect(result.output.contains(script))
    let commands = script.split(separator: "\n").filter {
      !$0.hasPrefix("#") && !$0.hasPrefix("expect")
    }
    #expect(commands.count <= 6, "\(script)")
    #expect(commands.first == "new faulty doc")

    // Replayed, the script fails; without its expect lines it runs clean,
    // so what fails is what the invariant promised.
    let replay = try TemporaryDirectory()
    let replayed = await Self.docrepl(
      ["run", "-C", replay.url.path, folder.url.appendingPathComponent(written).path],
      registry: registry)
    #expect(replayed.status == 1, "\(script)\n\(replayed.output)\(replayed.errors)")
    // A command that must fail fails in the bare script too.
    guard invariant != .allOrNothing else { return }
    let bare = try TemporaryDirectory()
    try bare.write(
      commands.joined(separator: "\n") + "\n", to: "bare.docscript")
    let clean = await Self.docrepl(
      ["run", "-C", bare.url.path, bare.url.appendingPathComponent("bare.docscript").path],
      registry: registry)
    #expect(clean.status == 0, "\(clean.errors)")
  }

  @Test("The same type without the bug passes the default budget")
  func correctTypePasses() async throws {
    let folder = try TemporaryDirectory()
    let result = await Self.docrepl(
      ["check", "faulty", "-C", folder.url.path, "--seed", "1"], registry: Self.registry(for: nil))
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(
      result.output.hasSuffix(
        "faulty: every invariant held (compared by bytes): 100 runs, 10000 steps, seed 1\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
  }

  @Test("The same seed gives the same failure, byte for byte")
  func sameSeedSameScript() async throws {
    var scripts: [String] = []
    for _ in 0..<2 {
      let folder = try TemporaryDirectory()
      let result = await Self.docrepl(
        ["check", "faulty", "-C", folder.url.path, "--seed", "5"],
        registry: Self.registry(for: .undoRestoresWrongValue))
      #expect(result.status == 1)
      scripts.append(result.output)
    }
    #expect(scripts[0] == scripts[1])
  }

  @Test(
    "--junit writes one test case an invariant and one for the encoding, the broken one failing with the script"
  )
  func junit() async throws {
    let folder = try TemporaryDirectory()
    let result = await Self.docrepl(
      ["check", "faulty", "-C", folder.url.path, "--seed", "1", "--junit", "check.xml"],
      registry: Self.registry(for: .editWithoutUndo))
    #expect(result.status == 1)
    let xml = try String(
      contentsOf: folder.url.appendingPathComponent("check.xml"), encoding: .utf8)
    #expect(xml.contains("<testsuite name=\"docrepl check faulty\" tests=\"8\" failures=\"1\""))
    #expect(xml.contains("<property name=\"seed\" value=\"1\"/>"))
    #expect(xml.components(separatedBy: "<testcase ").count == 9)
    #expect(
      xml.contains(
        "name=\"invariant 2 (undo restores)\" time=\"0.000\">\n      <failure type=\"invariant\""))
    #expect(xml.contains("new faulty doc"))
  }

  @Test("--junit of a run that held lists eight passing cases")
  func junitPass() async throws {
    let folder = try TemporaryDirectory()
    let result = await Self.docrepl(
      ["check", "faulty", "-C", folder.url.path, "--seed", "3", "--runs", "5", "--junit", "c.xml"],
      registry: Self.registry(for: nil))
    #expect(result.status == 0)
    let xml = try String(contentsOf: folder.url.appendingPathComponent("c.xml"), encoding: .utf8)
    #expect(xml.contains("tests=\"8\" failures=\"0\""))
    #expect(!xml.contains("<failure"))
  }

  // MARK: - Through the binary

  @Test("Exit 0 when every invariant held, for a built-in type")
  func exitZero() throws {
    let folder = try TemporaryDirectory()
    let result = try runDocrepl(
      ["check", "text", "--seed", "2", "--runs", "10", "--steps", "50"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output
        == "checking text: seed 2, 10 runs of 50 steps\ntext: every invariant held (compared by bytes): 10 runs, 500 steps, seed 2\n"
    )
  }

  @Test(
    "Exit 64 for a bad command line or an unknown type",
    arguments: [
      ["check"], ["check", "text", "--steps", "0"], ["check", "text", "--seed", "-1"],
      ["check", "nosuchtype"], ["check", "text", "json"], ["check", "text", "--bogus"],
      ["check", "text", "--time"],
    ])
  func exitUsage(_ arguments: [String]) throws {
    let folder = try TemporaryDirectory()
    let result = try runDocrepl(arguments, in: folder.url)
    #expect(result.status == 64, "\(result.errors)")
    #expect(result.errors.hasPrefix("docrepl check: error: "))
    #expect(result.output.isEmpty)
  }

  @Test("Exit 66 when the --from file does not exist")
  func exitNoInput() throws {
    let folder = try TemporaryDirectory()
    let result = try runDocrepl(["check", "json", "--from", "missing.json"], in: folder.url)
    #expect(result.status == 66)
    #expect(result.errors.contains("no such file"))
    #expect(result.errors.contains("missing.json"))
  }

  @Test("--from starts each sequence from a copy of the file, which stays as it was")
  func from() throws {
    let folder = try TemporaryDirectory()
    let original = "{\"b\": [1, 2.50], \"a\": {}}\n"
    try folder.write(original, to: "start.json")
    let result = try runDocrepl(
      ["check", "json", "--from", "start.json", "--seed", "4", "--runs", "10", "--steps", "50"],
      in: folder.url)
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    let bytes = try Data(contentsOf: folder.url.appendingPathComponent("start.json"))
    #expect(bytes == Data(original.utf8))
  }

  @Test("A --from file that does not open is an error, not a pass, and is left as it was")
  func fromUnreadable() throws {
    let folder = try TemporaryDirectory()
    try folder.write("{\"a\": ", to: "broken.json")
    let result = try runDocrepl(
      ["check", "json", "--from", "broken.json", "--seed", "1"], in: folder.url)
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix("docrepl check: error: 'open "), "\(result.errors)")
    #expect(!result.output.contains("every invariant held"))
    let bytes = try Data(contentsOf: folder.url.appendingPathComponent("broken.json"))
    #expect(bytes == Data("{\"a\": ".utf8))
  }

  @Test("Ctrl-C stops a check: exit 130, no finding, no folder left, no script written")
  func interrupted() throws {
    let folder = try TemporaryDirectory()
    let process = Process()
    process.executableURL = docreplExecutable
    process.arguments = ["check", "notes", "--seed", "3", "--runs", "100000"]
    process.currentDirectoryURL = folder.url
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // The first line is printed once the handlers are installed and the
    // sequences about to start.
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains("\n") {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      seen += chunk
    }
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 130)
    let message = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(message.hasPrefix("docrepl check: interrupted after "), "\(message)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
  }

  @Test(
    "A Ctrl-C at any moment after the start stops a check: exit 130 (or ended by it before the check began), no folder left anywhere",
    arguments: InterruptMoment.all)
  func interruptedAtAnyMoment(_ moment: InterruptMoment) async throws {
    let folder = try TemporaryDirectory()
    for _ in 0..<8 {
      let temporary = try TemporaryDirectory("tmp")
      // Bounded, so that a lost Ctrl-C fails the test rather than hangs it.
      let (result, killed) = try await moment.run(
        docreplExecutable,
        ["check", "notes", "--seed", "3", "--runs", "100000", "--time", "10"], in: folder.url,
        environment: ["TMPDIR": temporary.url.path])
      #expect(try temporary.names() == [])
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
      if killed {
        // Ended by the signal's default action before the check took
        // charge of it, and so before it made its folder. Not once it had.
        #expect(result.status == SIGINT)
        #expect(moment != .onceTakenOver, "ended by a Ctrl-C that it handles")
        #expect(result.output == "")
        continue
      }
      #expect(result.status == 130, "the Ctrl-C was lost: \(result.output)")
      #expect(result.errors.hasPrefix("docrepl check: interrupted after "), "\(result.errors)")
      #expect(!result.output.contains("every invariant held"))
      if result.status != 130 { break }
    }
  }

  @Test("check --help is the table's help")
  func help() throws {
    let result = try runDocrepl(["check", "--help"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("USAGE: docrepl check <type>"))
  }
}
