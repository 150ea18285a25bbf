import DocTestSupport
import Foundation
import Testing

/// End-to-end tests: each runs the built `docrepl` binary.
@Suite("docrepl command line")
struct CommandLineTests {
  @Test("--help lists the commands and exits 0", arguments: ["--help", "-h", "help"])
  func help(_ flag: String) throws {
    let result = try runDocrepl([flag])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("OVERVIEW: docrepl"))
    #expect(result.output.contains("inspect <path>"))
    #expect(result.errors.isEmpty)
  }

  @Test("--version names docrepl's version and readline's")
  func version() throws {
    let result = try runDocrepl(["--version"])
    #expect(result.status == 0)
    #expect(
      result.output.wholeMatch(of: /docrepl \d+\.\d+\.\d+ \(GNU readline \d+\.\d+\)\n/) != nil)
  }

  @Test("An unknown command or option is a usage error (64) on standard error")
  func usageErrors() throws {
    let unknown = try runDocrepl(["frobnicate"])
    #expect(unknown.status == 64)
    #expect(unknown.errors.hasPrefix("docrepl: error: unknown command 'frobnicate'\n"))
    let option = try runDocrepl(["--frob"])
    #expect(option.errors.hasPrefix("docrepl: error: unknown option '--frob'\n"))
  }
}
