import DocKit
import Foundation

extension Interpreter {
  /// After `diff` against the current state found changes: whether some of
  /// them are the document's own encoding's rather than the user's. The
  /// document is encoded again (up to twice); if an encoding differs from
  /// `current` with nothing changed in between, the encoding is not
  /// deterministic, and a warning names the files whose bytes moved. (On
  /// Linux, `JSONEncoder` writes a dictionary's keys in a different order
  /// each time unless `outputFormatting` has `.sortedKeys`.)
  func warnIfEncodingIsNondeterministic(
    _ handle: any DocumentHandle, current: String, at command: Argument
  ) async throws {
    for _ in 0..<2 {
      let again = try await handle.show()
      guard again != current else { continue }
      let files = Self.filesThatDiffer(current, again)
      let named =
        files.isEmpty
        ? (handle.session.fileURL?.lastPathComponent ?? "the document")
        : files.map { "'\($0)'" }.joined(separator: ", ")
      report(
        Diagnostic(
          .warning, in: command.range,
          "the document's own encoding is not deterministic: two encodings of \(named), with nothing changed, differ",
          notes: [
            .init(
              "the diff may show changes nobody made; a JSONEncoder needs outputFormatting .sortedKeys for a stable key order"
            )
          ]),
        in: currentSource)
      return
    }
  }

  /// The files of a package whose `== path ==` sections differ between two
  /// `show` texts; empty for a single file.
  package nonisolated static func filesThatDiffer(_ old: String, _ new: String) -> [String] {
    func sections(_ text: String) -> [String: [String]] {
      var result: [String: [String]] = [:]
      var path: String?
      for line in lines(of: text) {
        if line.hasPrefix("== "), line.hasSuffix(" =="), line.count >= 6 {
          path = String(line.dropFirst(3).dropLast(3))
          result[path ?? ""] = []
        } else if let path {
          result[path, default: []].append(line)
        }
      }
      return result
    }
    let before = sections(old)
    let after = sections(new)
    return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted {
      Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
    }
  }
}
