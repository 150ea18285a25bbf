import DocFormats
import DocScript
import DocShell
import DocTestSupport
import Foundation
import Testing

/// `Docrepl.run(arguments:registry:environment:output:errors:)` as a host
/// calls it: what the scripts print goes to the streams it is given, and
/// the process's environment is as it was.
@MainActor
@Suite("The library entry point", .serialized)
struct LibraryEntryPointTests {
  static func docrepl(
    _ arguments: [String], environment: [String: String] = [:]
  ) async -> (DocShell.ExitStatus, String, String) {
    var output = ""
    var errors = ""
    let status = await Docrepl.run(
      arguments: arguments, registry: DocFormats.makeRegistry(), environment: environment,
      output: &output, errors: &errors)
    return (status, output, errors)
  }

  @Test("run writes a script's output and diagnostics to the streams it is given")
  func runWritesToItsStreams() async throws {
    let folder = try TemporaryDirectory("entry")
    try folder.write(
      "new text notes\nappend 'from the script'\nshow\nopen missing.txt\n", to: "a.docscript")
    let (status, output, errors) = await Self.docrepl(
      ["run", "--no-color", "-C", folder.url.path, folder("a.docscript").path])
    #expect(status == .noInput)
    #expect(output == "from the script\n", "\(output)")
    #expect(errors.contains("error: "), "\(errors)")
    #expect(errors.contains("missing.txt"), "\(errors)")
  }

  @Test("test leaves the process's environment as it was")
  func testLeavesTheEnvironment() async throws {
    // Read, never set here: other tests start processes meanwhile, which
    // inherit this process's environment. The run fixes TZ, LANG and
    // LC_ALL for its scripts (UTC, C, C); the process keeps its own.
    let names = ["TZ", "LANG", "LC_ALL"]
    func current() -> [String?] { names.map { getenv($0).map { String(cString: $0) } } }
    let before = current()
    let folder = try TemporaryDirectory("entry")
    try folder.write("print hello\n#> hello\n", to: "a.docscript")
    let (status, output, _) = await Self.docrepl([
      "test", "--jobs", "1", folder("a.docscript").path,
    ])
    #expect(status == .success, "\(output)")
    #expect(current() == before)
  }

  @Test("test leaves the process's standard input as it was")
  func testLeavesStandardInput() async throws {
    let folder = try TemporaryDirectory("entry")
    try folder.write("print hello\n#> hello\n", to: "a.docscript")
    // Standard input is an empty file of the test's own for the call (so
    // that a process another test starts meanwhile reads its end, as from
    // /dev/null), and is put back after.
    let input = try folder.write("", to: "input")
    let file = open(input.path, O_RDONLY | O_CLOEXEC)
    try #require(file >= 0)
    let saved = dup(STDIN_FILENO)
    try #require(saved >= 0)
    dup2(file, STDIN_FILENO)
    close(file)
    func identity(_ descriptor: Int32) -> [UInt] {
      var status = stat()
      guard fstat(descriptor, &status) == 0 else { return [] }
      return [UInt(status.st_dev), UInt(status.st_ino), UInt(status.st_mode)]
    }
    let before = identity(STDIN_FILENO)
    let (status, output, _) = await Self.docrepl([
      "test", "--jobs", "1", folder("a.docscript").path,
    ])
    let after = identity(STDIN_FILENO)
    dup2(saved, STDIN_FILENO)
    close(saved)
    #expect(status == .success, "\(output)")
    #expect(!before.isEmpty)
    #expect(after == before)
  }
}
