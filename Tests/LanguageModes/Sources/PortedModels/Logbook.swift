// A log whose undo of an entry re-registers its redo from a Task on the
// main actor, as apps that moved their intents to async code write it. The
// redo is registered after the undo has finished, so it lands on the undo
// stack as a new step and redo is lost: a real bug that `check` finds.
import DocKit
import Foundation

extension UTType {
  static var logbook: UTType { UTType(exportedAs: "com.example.logbook") }
}

final class Logbook: ReferenceFileDocument {
  static var readableContentTypes: [UTType] { [.logbook] }

  @Published var entries: [String] = []

  init() {}

  init(configuration: ReadConfiguration) throws {
    guard let data = configuration.file.regularFileContents else {
      throw CocoaError(.fileReadCorruptFile)
    }
    entries = try JSONDecoder().decode([String].self, from: data)
  }

  func snapshot(contentType: UTType) throws -> [String] { entries }

  func fileWrapper(snapshot: [String], configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: try JSONEncoder().encode(snapshot))
  }

  func log(_ entry: String, undoManager: UndoManager?) {
    entries.append(entry)
    undoManager?.registerUndo(withTarget: self) { logbook in
      logbook.removeLast(undoManager: undoManager)
    }
  }

  func removeLast(undoManager: UndoManager?) {
    guard let entry = entries.popLast() else { return }
    Task { @MainActor in
      undoManager?.registerUndo(withTarget: self) { logbook in
        logbook.log(entry, undoManager: undoManager)
      }
    }
  }
}
