// A ReferenceFileDocument as Swift 6 apps write it: its state is touched on
// the main actor only (the save's snapshot is taken there), so its intents
// are @MainActor and register their undo with the view's UndoManager; it
// derives state with Combine operators.
import DocKit
import Foundation

final class Itinerary: ReferenceFileDocument, @unchecked Sendable {
  static var readableContentTypes: [UTType] { [.json] }

  @Published var stops: [String]
  @Published var summary = ""
  @Published var query = ""
  var stopCount = 0
  var searches: [String] = []
  var statuses: [String] = []
  let status = PassthroughSubject<String, any Error>()
  private var subscriptions = Set<AnyCancellable>()

  init(stops: [String] = []) {
    self.stops = stops
    observe()
  }

  required init(configuration: ReadConfiguration) throws {
    guard let data = configuration.file.regularFileContents else {
      throw CocoaError(.fileReadCorruptFile)
    }
    stops = try JSONDecoder().decode([String].self, from: data)
    observe()
  }

  private func observe() {
    $stops.map { $0.joined(separator: " → ") }.assign(to: &$summary)
    $stops.map(\.count).removeDuplicates().assign(to: \.stopCount, on: self)
      .store(in: &subscriptions)
    $query.filter { !$0.isEmpty }
      .debounce(for: .milliseconds(5), scheduler: DispatchQueue.main)
      .sink { [unowned self] in searches.append($0) }
      .store(in: &subscriptions)
    status.replaceError(with: "offline").receive(on: RunLoop.main)
      .sink { [unowned self] in statuses.append($0) }
      .store(in: &subscriptions)
  }

  func snapshot(contentType: UTType) throws -> [String] { stops }

  func fileWrapper(snapshot: [String], configuration: WriteConfiguration) throws -> FileWrapper {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return FileWrapper(regularFileWithContents: try encoder.encode(snapshot))
  }

  @MainActor func addStop(_ name: String, undoManager: UndoManager?) {
    stops.append(name)
    undoManager?.registerUndo(withTarget: self) { itinerary in
      itinerary.removeLastStop(undoManager: undoManager)
    }
    undoManager?.setActionName("Add Stop")
  }

  @MainActor func removeLastStop(undoManager: UndoManager?) {
    guard let name = stops.popLast() else { return }
    undoManager?.registerUndo(withTarget: self) { itinerary in
      itinerary.addStop(name, undoManager: undoManager)
    }
    undoManager?.setActionName("Remove Stop")
  }
}
