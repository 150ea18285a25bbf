package import DocKit
package import Foundation

/// A fixed clock and counter-based names, so sessions behave the same on
/// every run.
package final class TestClock: @unchecked Sendable {
  // @unchecked Sendable: tests touch it from the main actor only.
  package var now = Date(timeIntervalSince1970: 1_000_000)
  package var counter = 0

  package init() {}
}

package func testEnvironment(
  _ temporary: TemporaryDirectory, clock: TestClock = TestClock(), policy: AutosavePolicy = .never
) -> DocumentEnvironment {
  DocumentEnvironment(
    now: { clock.now }, autosaveDirectory: temporary("autosave"), autosavePolicy: policy,
    makeAutosaveName: {
      clock.counter += 1
      return "Untitled-\(clock.counter)"
    })
}

/// Everything about a tree on disk that a save may change: names, kinds,
/// bytes, modes and link targets.
package func diskState(_ url: URL) -> Data? {
  (try? FileWrapper(url: url, options: .immediate))?.serializedRepresentation
}

/// The name of the journal an interrupted save of the package at `url`
/// left beside it, if there is one. (For names up to 200 bytes, which the
/// journal name starts with in full.)
package func journalName(of url: URL, in temporary: TemporaryDirectory) throws -> String? {
  let prefix = "." + url.lastPathComponent + "."
  return try temporary.names().first { $0.hasPrefix(prefix) && $0.hasSuffix(".docrepl-journal") }
}
