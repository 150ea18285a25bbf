import DocFormats
import DocTestSupport
import Foundation
import Testing

@testable import DocScript

/// The parts of `docrepl check` below the command line: the seeded
/// generator, the sequences it makes, and shrinking.
@Suite("docrepl check: engine")
@MainActor
struct CheckEngineTests {
  @Test("CheckRandom is SplitMix64: the reference outputs for seed 0")
  func splitMix() {
    var random = CheckRandom(seed: 0)
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(random.next() == 0x06C4_5D18_8009_454F)
  }

  @Test("below(n) stays in range and is the high half of n times the next output")
  func below() {
    var random = CheckRandom(seed: 42)
    var copy = random
    for count in [1, 2, 3, 7, 100, 1 << 40] {
      let value = random.below(count)
      #expect((0..<count).contains(value))
      let expected = count > 1 ? Int(UInt64(count).multipliedFullWidth(by: copy.next()).high) : 0
      #expect(value == expected)
    }
  }

  /// The lines of a sequence of `steps` commands from `seed` on a new
  /// document of `type`.
  static func sequence(type: String, seed: UInt64, steps: Int) async throws -> [String] {
    let folder = try TemporaryDirectory()
    var options = CheckOptions(typeName: type, seed: seed)
    // Saves here sync to a disk other suites keep busy: no hang bound.
    options.hangBound = .seconds(86_400)
    let checker = try Checker(registry: DocFormats.makeRegistry(), options: options)
    let session = CheckSession(
      registry: DocFormats.makeRegistry(), plan: checker.plan, folder: folder.url,
      capturesShowText: false)
    var generator = CheckGenerator(seed: seed, plan: checker.plan)
    for step in checker.plan.setup { _ = await session.perform(step) }
    for _ in 0..<steps {
      let violation = await session.perform(generator.next(in: session))
      #expect(violation == nil)
    }
    return session.steps.map(\.line)
  }

  @Test(
    "The same seed gives the same sequence; another seed another",
    arguments: ["text", "json", "notes", "binary"])
  func sameSeed(_ type: String) async throws {
    let first = try await Self.sequence(type: type, seed: 9, steps: 150)
    let second = try await Self.sequence(type: type, seed: 9, steps: 150)
    let other = try await Self.sequence(type: type, seed: 10, steps: 150)
    #expect(first == second)
    #expect(first != other)
    #expect(first.count == 151)
  }

  @Test("Generated sequences reach deep states: a third or more of the edits succeed")
  func reachesDeepStates() async throws {
    let folder = try TemporaryDirectory()
    var options = CheckOptions(typeName: "json", seed: 3)
    options.hangBound = .seconds(86_400)
    let checker = try Checker(registry: DocFormats.makeRegistry(), options: options)
    let session = CheckSession(
      registry: DocFormats.makeRegistry(), plan: checker.plan, folder: folder.url,
      capturesShowText: false)
    var generator = CheckGenerator(seed: 3, plan: checker.plan)
    for step in checker.plan.setup { _ = await session.perform(step) }
    var edits = 0
    var succeeded = 0
    for _ in 0..<400 {
      let step = generator.next(in: session)
      let failures = session.interpreter.currentResult.failures
      _ = await session.perform(step)
      if step.kind == .edit, ["set", "insert", "remove"].contains(step.name) {
        edits += 1
        if session.interpreter.currentResult.failures == failures { succeeded += 1 }
      }
    }
    // Valid often enough to build a document, invalid sometimes.
    #expect(succeeded * 3 > edits)
    #expect(succeeded < edits)
  }

  @Test("A step that takes longer than the bound is reported as a hang, with its script")
  func hang() async throws {
    var options = CheckOptions(typeName: "text", seed: 1)
    options.hangBound = .nanoseconds(1)
    let checker = try Checker(registry: DocFormats.makeRegistry(), options: options)
    let report = await checker.run()
    let failure = try #require(report.failure)
    #expect(failure.invariant == .noHang)
    #expect(failure.script.contains("\nnew text doc\n"))
    #expect(failure.script.hasSuffix("# the command above took more than 0.0 s\n"))
  }

  @Test(
    "A caller's work folder keeps what it held: each run works in a new folder of its own and removes only that"
  )
  func workFolderKeepsItsContents() async throws {
    let work = try TemporaryDirectory()
    // The names the runs' folders had before: a check removed them.
    let canaries = try ["run-1/keep.txt", "run-2/keep.txt", "shrink/keep.txt"].map {
      try work.write("canary 5b9f\n", to: $0)
    }
    var options = CheckOptions(typeName: "text", seed: 1)
    options.hangBound = .seconds(86_400)
    options.runs = 2
    options.steps = 10
    options.workFolder = work.url
    let checker = try Checker(registry: DocFormats.makeRegistry(), options: options)
    let report = await checker.run()
    #expect(report.failure == nil)
    #expect(report.setupFailure == nil)
    #expect(report.runs == 2)
    for canary in canaries {
      #expect(Array(try Data(contentsOf: canary)) == Array("canary 5b9f\n".utf8))
    }
    #expect(try work.names() == ["run-1", "run-2", "shrink"])
  }

  static func steps(_ lines: [String]) -> [CheckStep] {
    lines.map { CheckStep(.edit, [.literal("append"), .value($0)]) }
  }

  @Test("Shrinking keeps only what the failure needs, and simplifies arguments")
  func shrinksToCause() async {
    var shrinker = CheckShrinker(invariant: .undoRestores, setupCount: 1, budget: 1000) { body in
      body.contains { $0.words.contains(.value("bad")) } && body.count >= 1
        ? CheckViolation(invariant: .undoRestores, message: "", stepIndex: nil) : nil
    }
    let body = Self.steps((0..<40).map { $0 == 23 ? "bad" : "x\($0)" })
    let shrunk = await shrinker.shrink(
      body, violation: CheckViolation(invariant: .undoRestores, message: "", stepIndex: nil))
    #expect(shrunk.map(\.line) == ["append bad"])
  }

  @Test("Shrinking ends: a failure that always reproduces, and a budget")
  func shrinkingEnds() async {
    var always = CheckShrinker(invariant: .allOrNothing, setupCount: 0, budget: 10_000) { _ in
      CheckViolation(invariant: .allOrNothing, message: "", stepIndex: nil)
    }
    let body = Self.steps((0..<64).map { String(repeating: "y", count: $0) })
    let shrunk = await always.shrink(
      body, violation: CheckViolation(invariant: .allOrNothing, message: "", stepIndex: nil))
    #expect(shrunk.isEmpty)
    var bounded = CheckShrinker(invariant: .allOrNothing, setupCount: 0, budget: 7) { body in
      body.count > 3 ? CheckViolation(invariant: .allOrNothing, message: "", stepIndex: nil) : nil
    }
    _ = await bounded.shrink(
      body, violation: CheckViolation(invariant: .allOrNothing, message: "", stepIndex: nil))
    #expect(bounded.attempts <= 7)
  }

  @Test("Another invariant breaking does not count as the same failure")
  func sameInvariantOnly() async {
    var shrinker = CheckShrinker(invariant: .snapshotsAreValues, setupCount: 0, budget: 1000) {
      body in
      body.count >= 5
        ? CheckViolation(invariant: .snapshotsAreValues, message: "", stepIndex: nil)
        : CheckViolation(invariant: .allOrNothing, message: "", stepIndex: nil)
    }
    let shrunk = await shrinker.shrink(
      Self.steps((0..<20).map { "v\($0)" }),
      violation: CheckViolation(invariant: .snapshotsAreValues, message: "", stepIndex: nil))
    #expect(shrunk.count == 5)
  }
}
