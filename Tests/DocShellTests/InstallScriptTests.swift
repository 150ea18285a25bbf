import DocTestSupport
import Foundation
import Testing

/// `scripts/install`, the README's install command, given the binary the
/// tests run (`--binary`), so that it does not build a release binary.
@Suite("scripts/install")
struct InstallScriptTests {
  static let script = packageRoot.appendingPathComponent("scripts/install")

  /// Each file, relative to the prefix, and what it must hold.
  static let installed = [
    "bin/docrepl", "share/man/man1/docrepl.1", "share/bash-completion/completions/docrepl",
    "share/zsh/site-functions/_docrepl", "share/fish/vendor_completions.d/docrepl.fish",
  ]

  func install(_ arguments: [String]) throws -> ProcessResult {
    try runProgram(Self.script, arguments, environment: ["PATH": "/usr/bin:/bin"])
  }

  @Test(
    "Installs the program, the manual page and the three completions where each is looked for, and --uninstall removes exactly those"
  )
  func installsAndUninstalls() throws {
    let prefix = try TemporaryDirectory("install")
    // Files of other programs, in the folders the script writes into.
    try prefix.write("other", to: "bin/other")
    try prefix.write("other", to: "share/man/man1/other.1")

    let result = try install(["--prefix", prefix.url.path, "--binary", docreplExecutable.path])
    #expect(result.status == 0, "\(result.errors)")
    for path in Self.installed {
      #expect(FileManager.default.fileExists(atPath: prefix(path).path), "\(path)")
    }
    #expect(FileManager.default.isExecutableFile(atPath: prefix("bin/docrepl").path))
    #expect(
      try Data(contentsOf: prefix("share/man/man1/docrepl.1"))
        == Data(contentsOf: packageRoot.appendingPathComponent("docs/docrepl.1")))
    for (shell, path) in zip(["bash", "zsh", "fish"], Self.installed.dropFirst(2)) {
      let expected = try runDocrepl(["completion", shell]).output
      #expect(try String(contentsOf: prefix(path), encoding: .utf8) == expected, "\(shell)")
    }
    let version = try runProgram(prefix("bin/docrepl"), ["--version"])
    #expect(version.status == 0)
    #expect(version.output.hasPrefix("docrepl "))

    let removal = try install(["--prefix", prefix.url.path, "--uninstall"])
    #expect(removal.status == 0, "\(removal.errors)")
    for path in Self.installed {
      #expect(!FileManager.default.fileExists(atPath: prefix(path).path), "\(path)")
    }
    #expect(try prefix.names(in: "bin") == ["other"])
    #expect(try prefix.names(in: "share/man/man1") == ["other.1"])
    // Folders are left, even emptied ones.
    #expect(try prefix.names(in: "share/zsh/site-functions") == [])
  }

  @Test(
    "Bad input gets a clear error and installs nothing",
    arguments: [
      (["--frobnicate"], Int32(64), "unknown option '--frobnicate'"),
      (["--prefix"], 64, "--prefix needs a folder"),
      (
        ["--binary", "/nonexistent/docrepl"], 64, "'/nonexistent/docrepl' is not an executable file"
      ),
      (
        ["--uninstall", "--binary", "/bin/true"], 64, "--binary and --uninstall do not go together"
      ),
    ])
  func badCommandLine(arguments: [String], status: Int32, message: String) throws {
    let prefix = try TemporaryDirectory("install")
    let result = try install(["--prefix", prefix.url.path] + arguments)
    #expect(result.status == status, "\(result.errors)")
    #expect(result.errors.contains("scripts/install: error: \(message)"), "\(result.errors)")
    #expect(try prefix.names() == [])
  }

  @Test("A prefix that cannot be created is refused before anything is built or written")
  func prefixUnderAFile() throws {
    let folder = try TemporaryDirectory("install")
    try folder.write("a file", to: "file")
    let result = try install([
      "--prefix", folder("file/prefix").path, "--binary", docreplExecutable.path,
    ])
    #expect(result.status == 73)
    #expect(
      result.errors.contains(
        "is not a folder, so '\(folder("file/prefix").path)' cannot be created"))
    #expect(try folder.names() == ["file"])
  }
}
