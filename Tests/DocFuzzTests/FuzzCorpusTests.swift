import DocFuzz
import DocKit
import DocTestSupport
import Foundation
import Testing

/// Every fuzz target's seed corpus and every crash the fuzzer ever found
/// (once fixed) run through the target's check in every test run, so a
/// fixed crash stays fixed; `scripts/fuzz` is what finds new ones.
@MainActor
@Suite("Fuzz targets: the seeds and every past crash pass their checks")
struct FuzzCorpusTests {
  static let fuzzFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz")

  /// The inputs kept under `folder/TARGET`.
  static func inputs(_ folder: String, _ target: FuzzTarget) -> [URL] {
    let directory = fuzzFolder.appendingPathComponent(folder).appendingPathComponent(
      target.rawValue)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.sorted().map { directory.appendingPathComponent($0) }
  }

  @Test("Each target has seeds and a dictionary", arguments: FuzzTarget.allCases)
  func seedsAndDictionary(target: FuzzTarget) throws {
    #expect(!Self.inputs("Corpus", target).isEmpty)
    let dictionary = Self.fuzzFolder.appendingPathComponent(
      "Dictionaries/\(target.rawValue).dict")
    let entries = try String(contentsOf: dictionary, encoding: .utf8)
      .split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(!entries.isEmpty)
    #expect(entries.allSatisfy { $0.hasPrefix("\"") && $0.hasSuffix("\"") })
  }

  @Test("The seeds and past crashes pass the checks", arguments: FuzzTarget.allCases)
  func corpus(target: FuzzTarget) async throws {
    for url in Self.inputs("Corpus", target) + Self.inputs("Crashes", target) {
      await target.check(Array(try Data(contentsOf: url)))
    }
  }

  @Test("The interpreter's generator: random inputs give scripts that run and undo to the start")
  func interpreterGenerator() async {
    var random = SplitMix64(seed: 12)
    for _ in 0..<40 {
      let bytes = (0..<Int.random(in: 0...200, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      await FuzzTarget.interpreter.check(bytes)
    }
  }
}
