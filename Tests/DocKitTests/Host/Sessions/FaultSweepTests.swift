import DocKit
import DocTestSupport
import Foundation
import Testing

/// For every system call a save makes, and every fault, the save either
/// succeeds or throws; when it throws, the old file or package is
/// byte-identical, the document is still dirty, and after the next open no
/// temporary file is left.
@MainActor
@Suite("Document session: a fault at every system call loses nothing")
struct FaultSweepTests {
  struct Scenario: Sendable, CustomTestStringConvertible {
    var testDescription: String
    /// Makes the fixture and a session with an unsaved edit; returns the
    /// session, the file the save writes, and the original (if any).
    var setUp:
      @MainActor @Sendable (TemporaryDirectory) async throws -> (
        AnySession, target: URL, original: URL?
      )
    /// The save.
    var save: @MainActor @Sendable (AnySession, URL) async throws -> Void
  }

  /// The two kinds of session used here, behind one interface.
  @MainActor
  struct AnySession {
    var isDirty: () -> Bool
    var session: AnyObject
  }

  static func folio(
    _ temporary: TemporaryDirectory, edits: Int
  ) async throws -> (AnySession, URL, URL?) {
    let url = try makeFolio(temporary, count: 12)
    let session = try await DocumentSession<Folio>.open(
      url, environment: testEnvironment(temporary))
    for index in 1...edits {
      try session.perform { try $0.editPage(id: "n\(index)", text: "edited \(index)") }
    }
    try await session.endEvent()
    return (AnySession(isDirty: { session.isDirty }, session: session), url, url)
  }

  static func text(_ temporary: TemporaryDirectory) async throws -> (AnySession, URL, URL?) {
    let url = try temporary.write("old text\nline two\n", to: "a.txt")
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.insert(["new line"], at: 1) }
    try await session.endEvent()
    return (AnySession(isDirty: { session.isDirty }, session: session), url, url)
  }

  static func folioSession(_ any: AnySession) -> DocumentSession<Folio> {
    // The scenarios below pair each setUp with its own kind of save.
    unsafeDowncast(any.session, to: DocumentSession<Folio>.self)
  }

  static func textSession(_ any: AnySession) -> DocumentSession<TextMemo> {
    unsafeDowncast(any.session, to: DocumentSession<TextMemo>.self)
  }

  nonisolated static let scenarios: [Scenario] = [
    Scenario(
      testDescription: "a new file",
      setUp: { temporary in
        let session = DocumentSession(
          new: TextMemo(text: "fresh\n"), environment: testEnvironment(temporary))
        try session.perform { try $0.insert(["more"], at: 1) }
        try await session.endEvent()
        return (
          AnySession(isDirty: { session.isDirty }, session: session), temporary("new.txt"), nil
        )
      },
      save: { session, target in try await textSession(session).save(as: target) }),
    Scenario(
      testDescription: "an overwrite", setUp: { try await text($0) },
      save: { session, _ in try await textSession(session).save() }),
    Scenario(
      testDescription: "a package with k=1", setUp: { try await folio($0, edits: 1) },
      save: { session, _ in try await folioSession(session).save() }),
    Scenario(
      testDescription: "a package with k=10", setUp: { try await folio($0, edits: 10) },
      save: { session, _ in try await folioSession(session).save() }),
    Scenario(
      testDescription: "a package whose file becomes a directory",
      setUp: { temporary in
        try temporary.write("old a", to: "pkg/a")
        try temporary.write("same c", to: "pkg/c")
        let session = try await DocumentSession<KindChangePackage>.open(
          temporary("pkg"), environment: testEnvironment(temporary))
        session.setDocument(session.document, actionName: "Change Kind")
        try await session.endEvent()
        return (
          AnySession(isDirty: { session.isDirty }, session: session), temporary("pkg"),
          temporary("pkg")
        )
      },
      save: { session, _ in
        try await unsafeDowncast(session.session, to: DocumentSession<KindChangePackage>.self)
          .save()
      }),
    Scenario(
      testDescription: "save as",
      setUp: { temporary in
        let (session, url, _) = try await folio(temporary, edits: 2)
        return (session, temporary("Renamed.folio"), url)
      },
      save: { session, target in try await folioSession(session).save(as: target) }),
    Scenario(
      testDescription: "export",
      setUp: { temporary in
        let (session, url, _) = try await folio(temporary, edits: 2)
        return (session, temporary("Export.txt"), url)
      },
      save: { session, target in
        try await folioSession(session).save(to: target, contentType: .plainText)
      }),
  ]

  @Test("Every call index, every fault", arguments: scenarios)
  func sweep(_ scenario: Scenario) async throws {
    // First, a clean run: how many calls, and what the result looks like.
    let reference = try TemporaryDirectory()
    let (referenceSession, referenceTarget, _) = try await scenario.setUp(reference)
    let counter = FaultInjectingFileSystem()
    try await FileSystemContext.$current.withValue(counter) {
      try await scenario.save(referenceSession, referenceTarget)
    }
    let calls = counter.callCount
    let newState = diskState(referenceTarget)
    #expect(calls > 0)
    #expect(newState != nil)

    var swept = 0
    var failures = 0
    for call in 1...calls {
      for fault in FaultInjectingFileSystem.Fault.allCases {
        let temporary = try TemporaryDirectory()
        let (session, target, original) = try await scenario.setUp(temporary)
        let oldTarget = diskState(target)
        let oldOriginal = original.flatMap(diskState)
        let namesBefore = try temporary.names()
        let injector = FaultInjectingFileSystem(failingCall: call, with: fault)
        var threw = false
        do {
          try await FileSystemContext.$current.withValue(injector) {
            try await scenario.save(session, target)
          }
        } catch {
          threw = true
        }
        swept += 1
        let label = "\(scenario.testDescription), call \(call) of \(calls), \(fault)"
        if threw {
          failures += 1
          #expect(diskState(target) == oldTarget, "\(label): the target changed")
          if let original {
            #expect(diskState(original) == oldOriginal, "\(label): the original changed")
          }
          #expect(session.isDirty(), "\(label): the document became clean")
        }
        // The next open: finish or discard what was interrupted.
        try DocumentSession<TextMemo>.recoverInterruptedSave(at: original ?? target)
        if original != target {
          try DocumentSession<TextMemo>.recoverInterruptedSave(at: target)
        }
        if !threw {
          #expect(diskState(target) == newState, "\(label): succeeded but wrote something else")
        }
        let expectedNames = Set(namesBefore + (threw ? [] : [target.lastPathComponent]))
        #expect(Set(try temporary.names()) == expectedNames, "\(label): temporary files left")
      }
    }
    #expect(swept == calls * FaultInjectingFileSystem.Fault.allCases.count)
    #expect(failures > 0)
    print(
      "fault sweep: \(scenario.testDescription): \(calls) calls × 4 faults = \(swept) runs, \(failures) failed saves"
    )
  }
}
