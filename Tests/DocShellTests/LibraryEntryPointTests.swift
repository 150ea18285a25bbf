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

  @Test(
    "test leaves the process's environment as it was",
    arguments: ["TZ", "LANG", "LC_ALL"])
  func testLeavesTheEnvironment(name: String) async throws {
    let before = getenv(name).map { String(cString: $0) }
    setenv(name, "Host/Value", 1)
    defer {
      if let before { setenv(name, before, 1) } else { unsetenv(name) }
    }
    let folder = try TemporaryDirectory("entry")
    try folder.write("print hello\n#> hello\n", to: "a.docscript")
    let (status, output, _) = await Self.docrepl(
      ["test", "--jobs", "1", folder("a.docscript").path],
      environment: [name: "Host/Value"])
    #expect(status == .success, "\(output)")
    #expect(getenv(name).map { String(cString: $0) } == "Host/Value")
  }
}
