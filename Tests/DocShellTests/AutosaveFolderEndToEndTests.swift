import DocTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// A state folder (`XDG_STATE_HOME`) of the test's own.
final class AutosaveState {
  let folder: TemporaryDirectory
  var environment: [String: String] { ["XDG_STATE_HOME": folder("state").path] }
  var autosaves: URL { folder("state/docrepl/autosave") }

  init() throws {
    folder = try TemporaryDirectory("autosave")
  }

  /// The files in the autosave folder, sorted; none when it is missing.
  func names() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: autosaves.path)) ?? []).sorted()
  }

  /// The text of each autosave.
  func contents() throws -> [String] {
    try names().map {
      try String(contentsOf: autosaves.appendingPathComponent($0), encoding: .utf8)
    }
  }

  /// Runs `docrepl -c commands` in the test's folder.
  @discardableResult
  func run(
    _ commands: String, environment extra: [String: String] = [:]
  ) throws
    -> ProcessResult
  {
    try runDocrepl(
      ["-c", commands], in: folder.url, environment: environment.merging(extra) { $1 })
  }
}

/// Where untitled documents' autosaves go through the built binary: the
/// folder, the names, the modes, and a folder that is not safe.
@Suite("docrepl autosave folder")
struct AutosaveFolderEndToEndTests {
  @Test("Processes that autosave into one folder at once each keep a file of their own")
  func processesNeverShareAName() throws {
    let state = try AutosaveState()
    let texts = ["first", "second", "third", "fourth"]
    let results = Mutex([String: ProcessResult]())
    let (folder, environment) = (state.folder.url, state.environment)
    // At once: each process's first autosave is its document's first name.
    DispatchQueue.concurrentPerform(iterations: texts.count) { index in
      let result = try? runDocrepl(
        ["-c", "new text; append \(texts[index]); autosave now"], in: folder,
        environment: environment)
      results.withLock { $0[texts[index]] = result }
    }
    for text in texts {
      let result = try #require(results.withLock { $0[text] })
      #expect(result.status == 0, "\(result.errors)")
    }
    #expect(state.names().count == texts.count)
    #expect(try Set(state.contents()) == Set(texts.map { $0 + "\n" }))
    // A name is the document's and the process's: Untitled-<n>-<pid>-<token>.
    for name in state.names() {
      #expect(name.wholeMatch(of: /Untitled-1-[0-9]+-[0-9a-f]{8}\.txt/) != nil, "\(name)")
    }
  }

  @Test("With HOME and no XDG_STATE_HOME, autosaves go to $HOME/.local/state/docrepl/autosave")
  func homeWithoutStateHome() throws {
    let folder = try TemporaryDirectory("home")
    let result = try runDocrepl(
      ["-c", "new text; append kept; autosave now"], in: folder.url,
      environment: ["HOME": folder("home").path], removing: ["XDG_STATE_HOME"])
    #expect(result.status == 0, "\(result.errors)")
    let autosaves = folder("home/.local/state/docrepl/autosave")
    let names = try FileManager.default.contentsOfDirectory(atPath: autosaves.path)
    #expect(names.count == 1)
    let file = try #require(names.first.map { autosaves.appendingPathComponent($0) })
    #expect(try String(contentsOf: file, encoding: .utf8) == "kept\n")

    // XDG_STATE_HOME, when set, comes first.
    let state = try AutosaveState()
    try state.run(
      "new text; append there; autosave now", environment: ["HOME": folder("home").path])
    #expect(try state.contents() == ["there\n"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: autosaves.path).count == 1)
  }

  @Test("The autosave folder and each folder made for it are 0700, the autosaves 0600")
  func modes() throws {
    let folder = try TemporaryDirectory("modes")
    let state = folder("new/state")
    let environment = ["XDG_STATE_HOME": state.path]
    var result = try runDocrepl(
      ["-c", "new text; append private; autosave now"], in: folder.url, environment: environment)
    #expect(result.status == 0, "\(result.errors)")
    for path in ["new", "new/state", "new/state/docrepl", "new/state/docrepl/autosave"] {
      #expect(FileStat(folder(path))?.permissions == 0o700, "\(path)")
    }
    let autosaves = folder("new/state/docrepl/autosave")
    let text = try #require(
      try FileManager.default.contentsOfDirectory(atPath: autosaves.path).first)
    #expect(FileStat(autosaves.appendingPathComponent(text))?.permissions == 0o600)

    // A package's folders and files, whatever modes a save would give them.
    result = try runDocrepl(
      ["-c", "new notes; note add a private --title A; autosave now"], in: folder.url,
      environment: environment)
    #expect(result.status == 0, "\(result.errors)")
    let package = try #require(
      try FileManager.default.contentsOfDirectory(atPath: autosaves.path).first {
        $0.hasSuffix(".notes")
      })
    let root = autosaves.appendingPathComponent(package)
    #expect(FileStat(root)?.permissions == 0o700)
    var checked = 0
    for case let path as String in FileManager.default.enumerator(atPath: root.path)! {
      var isDirectory: ObjCBool = false
      let url = root.appendingPathComponent(path)
      _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      #expect(FileStat(url)?.permissions == (isDirectory.boolValue ? 0o700 : 0o600), "\(path)")
      checked += 1
    }
    #expect(checked > 0)
  }

  @Test("An autosave folder that others may write, or another user owns, is refused")
  func unsafeFolder() throws {
    let state = try AutosaveState()
    let open = state.folder("open")
    try FileManager.default.createDirectory(at: open, withIntermediateDirectories: false)
    chmod(open.path, 0o777)
    try FileManager.default.createDirectory(
      at: state.autosaves.deletingLastPathComponent(), withIntermediateDirectories: true)
    // The autosave folder is a link to a folder everyone may write in.
    try FileManager.default.createSymbolicLink(at: state.autosaves, withDestinationURL: open)
    let result = try state.run("new text; append secret; autosave now")
    #expect(result.status == 1)
    #expect(
      result.errors.contains(
        "the autosave folder may be written by others (mode 0777); make it private: chmod 700"),
      "\(result.errors)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: open.path) == [])

    guard geteuid() == 0 else { return }
    chmod(open.path, 0o700)
    chown(open.path, 65534, 65534)
    let foreign = try state.run("new text; append secret; autosave now")
    #expect(foreign.status == 1)
    #expect(
      foreign.errors.contains("the autosave folder belongs to another user (uid 65534)"),
      "\(foreign.errors)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: open.path) == [])
  }
}
