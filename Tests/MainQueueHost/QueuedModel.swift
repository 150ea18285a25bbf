import DocKit
import DocScript
import Foundation
import Synchronization

extension UTType {
  /// A list of lines, one a line, written as text.
  static let queued: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.queued", conformsTo: ["public.plain-text"],
        tags: [.filenameExtension: ["queued"]], description: "Queued lines")
    ])
    return UTType(exportedAs: "org.docrepl.test.queued", conformingTo: .plainText)
  }()

  /// The type `check` runs on: a type of its own, so that reading a saved
  /// document back gives the same command set (a shared type would give
  /// the first registered for it: every command, `pause` included).
  static let queuedCheck: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.queued-check", conformsTo: ["public.plain-text"],
        tags: [.filenameExtension: ["queuedcheck"]], description: "Queued lines, checked")
    ])
    return UTType(exportedAs: "org.docrepl.test.queued-check", conformingTo: .plainText)
  }()
}

/// Which commands a ``QueuedModel`` has: all of them, or only those
/// `check` can run (no waiting, no work that never ends).
protocol QueuedCommandSet: Sendable {
  static var typeName: String { get }
  static var includesTimingCommands: Bool { get }
  static var contentType: UTType { get }
}

/// Every command, for `run`, `-c`, `test` and the prompt.
enum AllQueuedCommands: QueuedCommandSet {
  static var typeName: String { "queued" }
  static var includesTimingCommands: Bool { true }
  static var contentType: UTType { .queued }
}

/// The four mechanisms alone, for `check`.
enum CheckedQueuedCommands: QueuedCommandSet {
  static var typeName: String { "queued-check" }
  static var includesTimingCommands: Bool { false }
  static var contentType: UTType { .queuedCheck }
}

/// A document model written the way apps write theirs: each of its edits
/// happens later, in work queued on the main queue by one of the ways
/// apps queue it, and registers its undo there, as the models in issue 31
/// did. Its `init` sets a line through `DispatchQueue.main.async`.
final class QueuedModel<Commands: QueuedCommandSet>: ReferenceFileDocument, @unchecked Sendable {
  static var readableContentTypes: [UTType] { [Commands.contentType] }

  let lines: Mutex<[String]>
  /// Values sent here arrive through `receive(on: DispatchQueue.main)`.
  let dispatchSubject = PassthroughSubject<String, Never>()
  /// Values sent here arrive through `receive(on: RunLoop.main)`.
  let runLoopSubject = PassthroughSubject<String, Never>()
  /// The undo manager of the last command, as SwiftUI's environment
  /// gives a model one; the pipelines' sinks register with it.
  @MainActor weak var undoManager: UndoManager?
  private var cancellables: [AnyCancellable] = []
  /// Whether `forever`'s work is still queueing itself.
  let ticking = Mutex(false)

  init() {
    lines = Mutex([])
    subscribe()
    DispatchQueue.main.async { [self] in
      MainActor.assumeIsolated { append("ready", undoManager: nil) }
    }
  }

  init(configuration: ReadConfiguration) throws {
    guard let data = configuration.file.regularFileContents else {
      throw CocoaError(.fileReadCorruptFile)
    }
    // Each line ends with a line feed; an empty line is a line.
    lines = Mutex(
      data.isEmpty
        ? []
        : data.dropLast().split(separator: 0x0A, omittingEmptySubsequences: false).map {
          String(decoding: $0, as: UTF8.self)
        })
    subscribe()
  }

  private func subscribe() {
    cancellables.append(
      dispatchSubject.receive(on: DispatchQueue.main).sink { [weak self] text in
        MainActor.assumeIsolated { self?.append(text, undoManager: self?.undoManager) }
      })
    cancellables.append(
      runLoopSubject.receive(on: RunLoop.main).sink { [weak self] text in
        MainActor.assumeIsolated { self?.append(text, undoManager: self?.undoManager) }
      })
  }

  func snapshot(contentType: UTType) throws -> [String] { lines.withLock { $0 } }

  func fileWrapper(snapshot: [String], configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data(snapshot.map { $0 + "\n" }.joined().utf8))
  }

  /// Adds `text`, undoably.
  @MainActor func append(_ text: String, undoManager: UndoManager?) {
    lines.withLock { $0.append(text) }
    undoManager?.registerUndo(withTarget: self) { model in
      model.removeLast(undoManager: undoManager)
    }
  }

  /// Removes the last line, undoably.
  @MainActor func removeLast(undoManager: UndoManager?) {
    guard let text = lines.withLock({ $0.popLast() }) else { return }
    undoManager?.registerUndo(withTarget: self) { model in
      model.append(text, undoManager: undoManager)
    }
  }

  /// Queues work that queues itself again, until `stop`.
  @MainActor func tick() {
    guard ticking.withLock({ $0 }) else { return }
    DispatchQueue.main.async { [self] in MainActor.assumeIsolated { tick() } }
  }
}

extension QueuedModel: ScriptableReferenceDocument {
  static var scriptTypeNames: [ScriptTypeName] {
    [ScriptTypeName(Commands.typeName, Commands.contentType)]
  }

  static func makeUntitled(contentType: UTType) throws -> QueuedModel { QueuedModel() }

  static func scriptDescription(of snapshot: [String]) -> String {
    snapshot.joined(separator: "\n")
  }

  @MainActor func restore(_ snapshot: [String], undoManager: UndoManager?) throws {
    let old = lines.withLock { lines in
      defer { lines = snapshot }
      return lines
    }
    undoManager?.registerUndo(withTarget: self) { model in
      try? model.restore(old, undoManager: undoManager)
    }
  }

  @MainActor static func scriptCheckValues(
    forArgument argument: String, command: String, session: DocumentSession<QueuedModel>
  ) -> [String] {
    argument == "TEXT" ? ["a", "b"] : []
  }

  @MainActor static var scriptCommands: [DocumentCommand<QueuedModel>] {
    let mechanisms: [DocumentCommand<QueuedModel>] = [
      queue("dispatch", "DispatchQueue.main.async") { model, text, undoManager in
        DispatchQueue.main.async {
          MainActor.assumeIsolated { model.append(text, undoManager: undoManager) }
        }
      },
      queue("receive", "receive(on: DispatchQueue.main)") { model, text, undoManager in
        model.undoManager = undoManager
        model.dispatchSubject.send(text)
      },
      queue("runloop", "receive(on: RunLoop.main)") { model, text, undoManager in
        model.undoManager = undoManager
        model.runLoopSubject.send(text)
      },
      queue("task", "Task { @MainActor in … }") { model, text, undoManager in
        Task { @MainActor in model.append(text, undoManager: undoManager) }
      },
    ]
    guard Commands.includesTimingCommands else { return mechanisms }
    let delay = CommandParameter.required("MS")
    let textParameter = CommandParameter.required("TEXT")
    let pathParameter = CommandParameter.required("PATH")
    return mechanisms + [
      later("after", "DispatchQueue.main.asyncAfter") { model, delay, text, undoManager in
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) {
          MainActor.assumeIsolated { model.append(text, undoManager: undoManager) }
        }
      },
      later("schedule-after", "RunLoop.main's schedule(after:)") {
        model, delay, text, undoManager in
        RunLoop.main.schedule(after: .init(Date(timeIntervalSinceNow: delay))) {
          MainActor.assumeIsolated { model.append(text, undoManager: undoManager) }
        }
      },
      DocumentCommand(
        CommandSpec(
          "say-after", [delay, textParameter],
          summary: "prints TEXT from DispatchQueue.main.asyncAfter, MS milliseconds from now",
          example: "say-after 20 hello", topic: .document)
      ) { context in
        let milliseconds = try context.arguments[delay].integer("MS", in: 0...10_000)
        let text = context.arguments[textParameter].text
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
          print(text)
        }
      },
      DocumentCommand(
        CommandSpec(
          "pause", [delay], summary: "holds the main thread for MS milliseconds",
          example: "pause 50", topic: .document)
      ) { context in
        let milliseconds = try context.arguments[delay].integer("MS", in: 0...10_000)
        usleep(useconds_t(milliseconds * 1000))
      },
      DocumentCommand(
        CommandSpec(
          "append-then-wait", [textParameter, pathParameter],
          summary:
            "appends TEXT, prints it straight to standard output, then holds the main thread until PATH exists (60 s at most)",
          discussion:
            "A command with no point where it asks about Ctrl-C after it has printed: a Ctrl-C sent once TEXT is seen comes too late to stop it.",
          example: "append-then-wait hello go", topic: .document)
      ) { context in
        let text = context.arguments[textParameter].text
        let path = context.arguments[pathParameter]
        context.session.document.append(text, undoManager: context.session.undoManager)
        let url = context.url(for: path)
        // Straight to the descriptor: out before the wait, unbuffered.
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
        let deadline = ContinuousClock.now + .seconds(60)
        while !FileManager.default.fileExists(atPath: url.path), ContinuousClock.now < deadline {
          usleep(5_000)
        }
      },
      DocumentCommand(
        CommandSpec(
          "trap", [], summary: "ends the process with a Swift runtime trap, as a model's bug does",
          example: "trap", topic: .document)
      ) { _ in
        fatalError("the model's own bug")
      },
      DocumentCommand(
        CommandSpec(
          "forever", [], summary: "queues work that queues itself again, until stop",
          example: "forever", topic: .document)
      ) { context in
        context.session.document.ticking.withLock { $0 = true }
        context.session.document.tick()
      },
      DocumentCommand(
        CommandSpec(
          "stop", [], summary: "stops forever's work", example: "stop", topic: .document)
      ) { context in
        context.session.document.ticking.withLock { $0 = false }
      },
    ]
  }

  /// A command that appends TEXT through `mechanism`.
  @MainActor static func queue(
    _ name: String, _ mechanism: String,
    _ body: @escaping @MainActor @Sendable (QueuedModel, String, UndoManager) -> Void
  ) -> DocumentCommand<QueuedModel> {
    let textParameter = CommandParameter.required("TEXT")
    return DocumentCommand(
      CommandSpec(
        name, [textParameter], summary: "appends TEXT through \(mechanism)",
        example: "\(name) hello", topic: .document)
    ) { context in
      let text = context.arguments[textParameter].text
      body(context.session.document, text, context.session.undoManager)
    }
  }

  /// A command that appends TEXT through `mechanism`, MS milliseconds
  /// from now.
  @MainActor static func later(
    _ name: String, _ mechanism: String,
    _ body: @escaping @MainActor @Sendable (QueuedModel, TimeInterval, String, UndoManager) -> Void
  ) -> DocumentCommand<QueuedModel> {
    let delay = CommandParameter.required("MS")
    let textParameter = CommandParameter.required("TEXT")
    return DocumentCommand(
      CommandSpec(
        name, [delay, textParameter],
        summary: "appends TEXT through \(mechanism), MS milliseconds from now",
        example: "\(name) 20 hello", topic: .document)
    ) { context in
      let milliseconds = try context.arguments[delay].integer("MS", in: 0...10_000)
      let text = context.arguments[textParameter].text
      body(
        context.session.document, TimeInterval(milliseconds) / 1000, text,
        context.session.undoManager)
    }
  }
}
