// A recipe as list-based SwiftUI apps write their document: a non-final
// class with @Published state, intents that register their undo, SwiftUI's
// IndexSet helpers for delete and move, a JSONEncoder without sorted keys,
// a Combine pipeline delivered on the main queue, and state set from init
// through DispatchQueue.main.async. Only the imports differ from an app's.
import DocKit
import Foundation

extension UTType {
  // Declared in the app's Info.plist (UTExportedTypeDeclarations).
  static var recipe: UTType { UTType(exportedAs: "com.example.recipe") }
}

struct Step: Codable, Equatable, Hashable {
  var name: String
  var minutes: Int
  var note: String = ""
  var optional: Bool = false
}

class Recipe: ReferenceFileDocument {
  static var readableContentTypes: [UTType] { [.recipe] }

  @Published var title: String
  @Published var steps: [Step]
  @Published var totalMinutes = 0
  var status = "loading"
  private var subscriptions = Set<AnyCancellable>()

  required init() {
    title = "Untitled recipe"
    steps = []
    observe()
  }

  required init(configuration: ReadConfiguration) throws {
    guard let data = configuration.file.regularFileContents else {
      throw CocoaError(.fileReadCorruptFile)
    }
    let saved = try JSONDecoder().decode(Saved.self, from: data)
    title = saved.title
    steps = saved.steps
    observe()
  }

  private func observe() {
    $steps.map { $0.reduce(0) { $0 + $1.minutes } }
      .receive(on: DispatchQueue.main)
      .sink { [weak self] in self?.totalMinutes = $0 }
      .store(in: &subscriptions)
    DispatchQueue.main.async { [weak self] in self?.status = "ready" }
  }

  struct Saved: Codable, Equatable {
    var title: String
    var steps: [Step]
    var version = 2
  }

  func snapshot(contentType: UTType) throws -> Saved { Saved(title: title, steps: steps) }

  func fileWrapper(snapshot: Saved, configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: try JSONEncoder().encode(snapshot))
  }

  // MARK: Intents

  func addStep(_ step: Step, undoManager: UndoManager?) {
    steps.append(step)
    undoManager?.registerUndo(withTarget: self) { recipe in
      recipe.deleteSteps(
        atOffsets: IndexSet(integer: recipe.steps.count - 1), undoManager: undoManager)
    }
    undoManager?.setActionName("Add Step")
  }

  func deleteSteps(atOffsets offsets: IndexSet, undoManager: UndoManager?) {
    let old = steps
    steps.remove(atOffsets: offsets)
    undoManager?.registerUndo(withTarget: self) { recipe in
      recipe.replaceSteps(with: old, undoManager: undoManager)
    }
    undoManager?.setActionName("Delete Step")
  }

  func moveSteps(
    fromOffsets offsets: IndexSet, toOffset destination: Int, undoManager: UndoManager?
  ) {
    let old = steps
    steps.move(fromOffsets: offsets, toOffset: destination)
    undoManager?.registerUndo(withTarget: self) { recipe in
      recipe.replaceSteps(with: old, undoManager: undoManager)
    }
    undoManager?.setActionName("Move Step")
  }

  func replaceSteps(with newSteps: [Step], undoManager: UndoManager?) {
    let old = steps
    steps = newSteps
    undoManager?.registerUndo(withTarget: self) { recipe in
      recipe.replaceSteps(with: old, undoManager: undoManager)
    }
  }

  func rename(to newTitle: String, undoManager: UndoManager?) {
    let old = title
    title = newTitle
    undoManager?.registerUndo(withTarget: self) { recipe in
      recipe.rename(to: old, undoManager: undoManager)
    }
    undoManager?.setActionName("Rename")
  }
}
