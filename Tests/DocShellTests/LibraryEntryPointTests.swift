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
}
