import DocKit
import DocScript
import DocShell
import DocTestSupport
import Foundation
import Testing

@testable import DocScript

/// `docrepl check` on models written the way public SwiftUI apps write
/// them (``CheckModels.swift``): an encoding that is not deterministic is
/// reported once, as a finding of its own and never as an invariant
/// failure; states are then compared by value; and the three real bugs
/// those apps had are still found, with failure scripts that fail when
/// replayed.
@Suite("docrepl check: real models")
@MainActor
struct CheckRealModelTests {
  /// A registry with the one model named `type`: the models share their
  /// file type, which `open` would give to the first registered.
  static func registry(_ type: String) -> DocumentTypeRegistry {
    let registry = DocumentTypeRegistry()
    switch type {
    case "profile": registry.register(.scripted(ProfileDocument.self), kind: .fileDocument)
    case "tags": registry.register(.scripted(TagsDocument.self), kind: .fileDocument)
    case "opaque": registry.register(.scripted(OpaqueProfileDocument.self), kind: .fileDocument)
    case "board": registry.register(.scripted(Board<ShowsTitles>.self), kind: .reference)
    case "counted-board": registry.register(.scripted(Board<ShowsCount>.self), kind: .reference)
    case "task-counter": registry.register(.scripted(TaskUndoCounter.self), kind: .reference)
    default: registry.register(.scripted(SilentList.self), kind: .reference)
    }
    return registry
  }

  static func check(
    _ arguments: [String], in folder: TemporaryDirectory
  ) async -> (
    status: Int32, output: String, errors: String
  ) {
    await CheckCommandTests.docrepl(
      ["check"] + arguments + ["-C", folder.url.path], registry: registry(arguments[0]))
  }

  static let finding = "the type's encoding is not deterministic"

  static func occurrences(of text: String, in output: String) -> Int {
    output.components(separatedBy: text).count - 1
  }

  @Test(
    "An encoding that is not deterministic is one finding, never an invariant failure; then states are compared by value",
    arguments: [
      ("profile", ".sortedKeys"), ("tags", "a Set"),
    ])
  func nondeterministicEncoding(_ type: String, cause: String) async throws {
    let folder = try TemporaryDirectory()
    let result = await Self.check(
      [type, "--seed", "1", "--runs", "40", "--steps", "60"], in: folder)
    #expect(result.status == 1, "\(result.output)\(result.errors)")
    #expect(Self.occurrences(of: Self.finding, in: result.output) == 1, "\(result.output)")
    #expect(!result.output.contains(" broke"), "\(result.output)")
    #expect(!result.output.contains("but changed the bytes"))
    #expect(result.output.contains("likely cause: "))
    #expect(result.output.contains(cause), "\(result.output)")
    #expect(result.output.contains("fix: "))
    #expect(result.output.contains("'doc.model'"), "\(result.output)")
    #expect(
      result.output.contains(
        "\(type): every invariant held (compared by value): 40 runs, 2400 steps, seed 1; but its encoding is not deterministic (above)\n"
      ), "\(result.output)")
    #expect(try folder.names() == [])
  }

  @Test("--compare value makes the finding a note: exit 0")
  func compareValue() async throws {
    let folder = try TemporaryDirectory()
    let result = await Self.check(
      ["profile", "--seed", "2", "--runs", "5", "--steps", "40", "--compare", "value"],
      in: folder)
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.contains("profile: note: \(Self.finding)"), "\(result.output)")
    #expect(result.output.contains("every invariant held (compared by value)"))
  }

  @Test("--compare bytes stops at the finding, and reports no invariant failure")
  func compareBytes() async throws {
    let folder = try TemporaryDirectory()
    let result = await Self.check(
      ["profile", "--seed", "2", "--runs", "5", "--compare", "bytes"], in: folder)
    #expect(result.status == 1, "\(result.output)\(result.errors)")
    #expect(Self.occurrences(of: Self.finding, in: result.output) == 1)
    #expect(result.output.contains("--compare bytes: the check stopped there"))
    #expect(!result.output.contains(" broke"))
  }

  @Test(
    "A type that cannot be compared by value: the finding says so, differing states are not judged, and --compare value is refused"
  )
  func notEquatable() async throws {
    let folder = try TemporaryDirectory()
    let result = await Self.check(["opaque", "--seed", "1", "--runs", "10"], in: folder)
    #expect(result.status == 1, "\(result.output)\(result.errors)")
    #expect(Self.occurrences(of: Self.finding, in: result.output) == 1)
    #expect(result.output.contains("OpaqueProfileDocument (a FileDocument) is not Equatable"))
    #expect(result.output.contains("every invariant held as far as it could be judged"))
    #expect(result.output.contains("not judged"))
    #expect(!result.output.contains(" broke"))
    let refused = await Self.check(
      ["opaque", "--seed", "1", "--runs", "1", "--compare", "value"], in: folder)
    #expect(refused.status == 1)
    #expect(refused.errors.contains("is not Equatable"), "\(refused.errors)")
  }

  @Test(
    "The real bugs are still found, by value, and their failure scripts fail when replayed",
    arguments: [
      ("board", [CheckInvariant.snapshotsAreValues]),
      ("task-counter", [CheckInvariant.undoRestores]),
      ("silent-list", [CheckInvariant.undoRestores, .savedPointHolds]),
      ("counted-board", [CheckInvariant.snapshotsAreValues]),
    ])
  func realBugs(_ type: String, invariants: [CheckInvariant]) async throws {
    let folder = try TemporaryDirectory()
    let result = await Self.check([type, "--seed", "1"], in: folder)
    #expect(result.status == 1, "\(result.output)\(result.errors)")
    #expect(
      invariants.contains { result.output.contains("\($0) broke in run ") }, "\(result.output)")
    #expect(result.output.contains(", compared by value:"), "\(result.output)")
    // The encoding's finding is there too, once, and is not the failure.
    #expect(Self.occurrences(of: Self.finding, in: result.output) == 1)
    let written = try #require(try folder.names().first { $0.hasPrefix("check-failure-") })
    let path = folder.url.appendingPathComponent(written).path
    let script = try String(contentsOfFile: path, encoding: .utf8)
    #expect(script.contains("# check-failure: type=\(type) "), "\(script)")
    #expect(!script.contains("expect file"), "bytes that change at each save: \(script)")

    // Replayed, it fails: through its expect lines, or (a difference only
    // by value) through the comparison `run` makes for it.
    let replay = try TemporaryDirectory()
    let replayed = await CheckCommandTests.docrepl(
      ["run", "-C", replay.url.path, path], registry: Self.registry(type))
    #expect(replayed.status == 1, "\(script)\n\(replayed.output)\(replayed.errors)")

    let reproduced = await CheckCommandTests.docrepl(
      ["check", "--from-failure", written, "-C", folder.url.path], registry: Self.registry(type))
    #expect(reproduced.status == 1, "\(reproduced.output)\(reproduced.errors)")
    #expect(reproduced.output.contains("reproduced: "), "\(reproduced.output)")

    if type == "counted-board" {
      // `show` prints only how many cards: no expect line can tell.
      #expect(script.contains("expect=none"), "\(script)")
      #expect(script.contains("docrepl check --from-failure \(written)"))
      #expect(replayed.errors.contains("shows its failure only by value"))
    } else {
      #expect(script.contains("expect=shows"), "\(script)")
    }
  }

  @Test("--from-failure of a script docrepl check did not write is refused (65)")
  func fromFailureRefusesOtherScripts() async throws {
    let folder = try TemporaryDirectory()
    try folder.write("new profile doc\nset name Ada\n", to: "mine.docscript")
    let result = await CheckCommandTests.docrepl(
      ["check", "--from-failure", "mine.docscript", "-C", folder.url.path],
      registry: Self.registry("profile"))
    #expect(result.status == 65)
    #expect(result.errors.contains("not a failure script of docrepl check"), "\(result.errors)")
  }

  @Test("The likely cause is read from how the two writes differ")
  func diagnosis() {
    let keys = CheckEncodingFinding.diagnose(
      Data(#"{"a":1,"b":[1,2]}"#.utf8), Data(#"{"b":[1,2],"a":1}"#.utf8))
    #expect(keys.cause.contains(".sortedKeys"))
    #expect(keys.fix.contains("outputFormatting = [.sortedKeys]"))
    let set = CheckEncodingFinding.diagnose(
      Data(#"{"tags":["x","y"]}"#.utf8), Data(#"{"tags":["y","x"]}"#.utf8))
    #expect(set.cause.contains("a Set"))
    #expect(set.fix.contains("sorted"))
    let date = CheckEncodingFinding.diagnose(
      Data(#"{"saved":1.5}"#.utf8), Data(#"{"saved":2.5}"#.utf8))
    #expect(date.cause.contains("a date"))
  }
}
