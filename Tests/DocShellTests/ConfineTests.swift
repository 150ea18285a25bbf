import DocTestSupport
import Foundation
import Glibc
import Testing

/// `run --confine` and `test --confine`, end to end through the built
/// binary: scripts from people the user does not trust read only under
/// their own folder (and `--allow-read`), write only under the run's
/// temporary folder, and anything else fails naming the path and the rule,
/// with exit 1 and nothing written.
// Serialized: each test blocks a thread on a child process (which starts
// a confined copy of itself), and two at once would take both of a 2-core
// machine's cooperative threads.
@Suite("--confine: untrusted scripts read their folder and write their run's", .serialized)
struct ConfineTests {
  /// A world: `scripts/` (the script's folder, with `ok.txt` and a link
  /// out of it), `outside/` (a secret and a script), and canaries.
  struct World {
    let folder: TemporaryDirectory
    var scripts: URL { folder("scripts") }

    init() throws {
      folder = try TemporaryDirectory("confine")
      try folder.write("fine\n", to: "scripts/ok.txt")
      try folder.write("secret\n", to: "outside/secret.txt")
      try folder.write("print sourced\n", to: "outside/other.docscript")
      try folder.write("canary\n", to: "canary.txt")
      try FileManager.default.createSymbolicLink(
        atPath: folder("scripts/link.txt").path, withDestinationPath: "../outside/secret.txt")
    }

    /// Writes `text` as `scripts/name` and returns its path.
    @discardableResult
    func script(_ text: String, named name: String = "s.docscript") throws -> String {
      try folder.write(text, to: "scripts/" + name).path
    }
  }

  /// A command that reads outside the script's folder, and what the error
  /// names.
  struct Read: Sendable, CustomTestStringConvertible {
    var line: String
    var names: String
    var testDescription: String { line }
  }

  static let reads: [Read] = [
    Read(line: "open /etc/hostname", names: "'/etc/hostname' is outside the script's folder"),
    Read(line: "open $SCRIPT_DIR/link.txt", names: "outside/secret.txt', which is outside"),
    Read(line: "source ../outside/other.docscript", names: "outside/other.docscript' is outside"),
    Read(line: "expect file $SCRIPT_DIR/../outside/secret.txt", names: "outside/secret.txt' is"),
  ]

  @Test(
    "A confined read outside the script's folder fails with the path and the rule", arguments: reads
  )
  func confinedRead(_ read: Read) throws {
    let world = try World()
    // `source` is relative to the including script; a canary proves the
    // script goes on after the failure, as any failed command does.
    let script = try world.script("\(read.line)\nprint after\n")
    let before = try DiskSnapshot(of: world.folder.url)
    let result = try runDocrepl(["run", "--confine", script], in: world.scripts)
    #expect(result.status == 1, "\(result.errors)")
    #expect(result.errors.contains(read.names), "\(result.errors)")
    #expect(result.errors.contains("--confine allows reading only under"), "\(result.errors)")
    #expect(!result.output.contains("secret") && !result.output.contains("sourced"))
    #expect(result.output.contains("after"))
    #expect(before.differences(from: try DiskSnapshot(of: world.folder.url)).isEmpty)
  }

  @Test("The same reads without --confine behave as before", arguments: reads)
  func unconfinedRead(_ read: Read) throws {
    let world = try World()
    let script = try world.script("\(read.line)\nprint after\n")
    let result = try runDocrepl(["run", script], in: world.scripts)
    #expect(result.status == 0, "\(result.errors)")
    #expect(!result.errors.contains("--confine"))
    if read.line.hasPrefix("source") { #expect(result.output.contains("sourced")) }
  }

  /// Commands that write outside the run's temporary folder.
  static let writes = [
    "save-to ../x.txt", "save-as ../x.txt", "export to ../x.txt", "record ../x.txt",
    "save-to $SCRIPT_DIR/x.txt", "save-to ../../x.txt --replace",
  ]

  @Test("A confined write outside the run's folder fails and writes nothing", arguments: writes)
  func confinedWrite(_ line: String) throws {
    let world = try World()
    let script = try world.script("new text\n\(line)\nprint after\n")
    let before = try DiskSnapshot(of: world.folder.url)
    let result = try runDocrepl(["run", "--confine", script], in: world.scripts)
    #expect(result.status == 1, "\(result.errors)")
    #expect(
      result.errors.contains("x.txt' is outside the run's temporary folder"), "\(result.errors)")
    #expect(result.errors.contains("--confine allows writing only under"), "\(result.errors)")
    #expect(before.differences(from: try DiskSnapshot(of: world.folder.url)).isEmpty)
  }

  @Test("Without --confine the same write goes where it is told")
  func unconfinedWrite() throws {
    let world = try World()
    let script = try world.script("new text\nsave-to ../x.txt\n")
    let result = try runDocrepl(["run", script], in: world.scripts)
    #expect(result.status == 0, "\(result.errors)")
    #expect(FileManager.default.fileExists(atPath: world.folder("x.txt").path))
  }

  @Test("A confined run writes in its temporary folder, and reads the script's own files")
  func confinedRunWorks() throws {
    let world = try World()
    let script = try world.script(
      "open $SCRIPT_DIR/ok.txt\nshow\nsave-to copy.txt\nexpect file copy.txt \"fine\n\"\nprint $PWD\n"
    )
    let result = try runDocrepl(["run", "--confine", script], in: world.scripts)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("fine\n"))
    // The working folder was a new temporary folder, removed at the end.
    let folder = try #require(result.output.split(separator: "\n").last.map(String.init))
    #expect(folder.contains("docrepl-run-"))
    #expect(!FileManager.default.fileExists(atPath: folder))
    #expect(!FileManager.default.fileExists(atPath: world.folder("scripts/copy.txt").path))
    let first = result.errors.split(separator: "\n").first.map(String.init) ?? ""
    #expect(
      first.hasPrefix("docrepl run: confined by Landlock (ABI ")
        || first.hasPrefix("docrepl run: confined by docrepl's path policy only: "), "\(first)")
  }

  @Test("With -C, the folder named is where a confined run writes, and it is kept")
  func confinedRunInNamedFolder() throws {
    let world = try World()
    try FileManager.default.createDirectory(
      at: world.folder("out"), withIntermediateDirectories: true)
    let script = try world.script("open $SCRIPT_DIR/ok.txt\nsave-to copy.txt\nsave-to ../x.txt\n")
    let result = try runDocrepl(
      ["run", "--confine", "-C", world.folder("out").path, script], in: world.scripts)
    #expect(result.status == 1, "\(result.errors)")
    #expect(FileManager.default.fileExists(atPath: world.folder("out/copy.txt").path))
    #expect(!FileManager.default.fileExists(atPath: world.folder("x.txt").path))
  }

  @Test("--allow-read lets a confined script read a file or folder outside its own")
  func allowRead() throws {
    let world = try World()
    let script = try world.script("open $SCRIPT_DIR/../outside/secret.txt\nshow\n")
    let refused = try runDocrepl(["run", "--confine", script], in: world.scripts)
    #expect(refused.status == 1)
    for allowed in ["../outside", "../outside/secret.txt"] {
      let result = try runDocrepl(
        ["run", "--confine", "--allow-read", allowed, script], in: world.scripts)
      #expect(result.status == 0, "\(allowed): \(result.errors)")
      #expect(result.output == "secret\n")
    }
    let missing = try runDocrepl(
      ["run", "--confine", "--allow-read", "nowhere", script], in: world.scripts)
    #expect(missing.status == 66)
    #expect(missing.errors.contains("no such file or folder 'nowhere' for '--allow-read'"))
    let alone = try runDocrepl(["run", "--allow-read", "../outside", script], in: world.scripts)
    #expect(alone.status == 64)
  }

  @Test("test --confine fails a script that reads or writes outside, and passes one that does not")
  func testCommand() throws {
    let world = try World()
    try world.script(
      "open $SCRIPT_DIR/ok.txt\nshow\n#> fine\nsave-to copy.txt\n", named: "good.docscript")
    try world.script("new text\nsave-to $SCRIPT_DIR/../x.txt\n", named: "bad-write.docscript")
    try world.script("open $SCRIPT_DIR/link.txt\n", named: "bad-link.docscript")
    let junit = world.folder("report.xml")
    let result = try runDocrepl(
      ["test", "--confine", "--junit", junit.path, world.scripts.path], in: world.folder.url)
    #expect(result.status == 1, "\(result.output)\(result.errors)")
    #expect(result.output.contains("PASS "), "\(result.output)")
    #expect(result.output.contains("FAIL \(world.scripts.path)/bad-write.docscript"))
    #expect(result.output.contains("FAIL \(world.scripts.path)/bad-link.docscript"))
    #expect(
      result.output.contains(
        "is outside the run's temporary folder: --confine allows writing only under $TMP"),
      "\(result.output)")
    #expect(result.output.contains("--confine allows reading only under $SCRIPT_DIR and $TMP"))
    #expect(result.output.hasSuffix("1 passed, 2 failed\n"))
    #expect(!FileManager.default.fileExists(atPath: world.folder("x.txt").path))
    // The report is written outside the run's folder, by docrepl.
    let report = try String(contentsOf: junit, encoding: .utf8)
    #expect(report.contains("failures=\"2\""), "\(report)")
    // Without --confine, the same write is made.
    let unconfined = try runDocrepl(
      ["test", world.scripts.path + "/bad-write.docscript"], in: world.folder.url)
    #expect(unconfined.status == 0, "\(unconfined.output)")
    #expect(FileManager.default.fileExists(atPath: world.folder("x.txt").path))
    let update = try runDocrepl(["test", "--confine", "--update", world.scripts.path])
    #expect(update.status == 64)
    #expect(update.errors.contains("'--update' rewrites the scripts in their own folders"))
  }

  /// Whether the kernel confines a run here, as `run --confine` reports it.
  static let hasLandlock: Bool = {
    guard let folder = try? TemporaryDirectory("confine"),
      let script = try? folder.write("", to: "empty.docscript"),
      let result = try? runDocrepl(["run", "--confine", script.path], in: folder.url)
    else { return false }
    return result.errors.contains("confined by Landlock (ABI ")
  }()

  @Test(
    "Landlock holds what docrepl's path policy does not check: the kernel refuses the read",
    .enabled(if: hasLandlock, "the kernel does not offer Landlock"))
  func kernelBackstop() throws {
    let world = try World()
    try FileManager.default.createDirectory(
      at: world.folder("work"), withIntermediateDirectories: true)
    let script = try world.script("open $SCRIPT_DIR/ok.txt\nshow\nopen /etc/hostname as h\n")
    // The plan a confined run starts its copy with, without --confine:
    // the path policy is off, and only the kernel refuses.
    let plan = [
      "r \(world.scripts.resolvingSymlinksInPath().path)", "r /proc",
      "w \(world.folder("work").resolvingSymlinksInPath().path)",
    ].joined(separator: "\n")
    let result = try runDocrepl(
      ["run", "-C", world.folder("work").path, script], in: world.folder("work"),
      environment: ["DOCKIT_LANDLOCK_PLAN": plan])
    #expect(result.status == 1, "\(result.errors)")
    #expect(result.output == "fine\n")
    #expect(result.errors.contains("Permission denied"), "\(result.errors)")
    #expect(!result.errors.contains("--confine"))
  }
}
