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

/// Where untitled documents' autosaves go through the built binary.
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
}
