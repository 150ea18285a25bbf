// A ReferenceFileDocument as Swift 5 apps write it: its intents are plain
// (nonisolated) methods that register their undo with the view's
// UndoManager, and it derives state with Combine operators.
import DocKit
import Foundation

final class Itinerary: ReferenceFileDocument {
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

  func addStop(_ name: String, undoManager: UndoManager?) {
    stops.append(name)
    undoManager?.registerUndo(withTarget: self) { itinerary in
      itinerary.removeLastStop(undoManager: undoManager)
    }
    undoManager?.setActionName("Add Stop")
  }

  func removeLastStop(undoManager: UndoManager?) {
    guard let name = stops.popLast() else { return }
    undoManager?.registerUndo(withTarget: self) { itinerary in
      itinerary.addStop(name, undoManager: undoManager)
    }
    undoManager?.setActionName("Remove Stop")
  }
}
