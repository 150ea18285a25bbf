// A board of cards whose cards are class instances, as apps that bind
// SwiftUI rows to ObservableObject items write it. Its snapshot is the
// array of those same instances: a snapshot taken before an edit changes
// with the edit (a real bug that `check` finds). Keys are sorted.
import DocKit
import Foundation

extension UTType {
  static var storyboard: UTType { UTType(exportedAs: "com.example.storyboard") }
}

final class Card: ObservableObject, Codable {
  @Published var title: String

  init(title: String) { self.title = title }

  enum CodingKeys: String, CodingKey { case title }

  init(from decoder: any Decoder) throws {
    title = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .title)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(title, forKey: .title)
  }
}

final class Storyboard: ReferenceFileDocument {
  static var readableContentTypes: [UTType] { [.storyboard] }

  @Published var cards: [Card] = []

  init() {}

  init(configuration: ReadConfiguration) throws {
    guard let data = configuration.file.regularFileContents else {
      throw CocoaError(.fileReadCorruptFile)
    }
    cards = try JSONDecoder().decode([Card].self, from: data)
  }

  func snapshot(contentType: UTType) throws -> [Card] { cards }

  func fileWrapper(snapshot: [Card], configuration: WriteConfiguration) throws -> FileWrapper {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return FileWrapper(regularFileWithContents: try encoder.encode(snapshot))
  }

  func addCard(_ title: String, undoManager: UndoManager?) {
    cards.append(Card(title: title))
    undoManager?.registerUndo(withTarget: self) { board in
      board.removeLastCard(undoManager: undoManager)
    }
  }

  func removeLastCard(undoManager: UndoManager?) {
    guard let card = cards.popLast() else { return }
    undoManager?.registerUndo(withTarget: self) { board in
      board.addCard(card.title, undoManager: undoManager)
    }
  }

  func renameCard(at index: Int, to title: String, undoManager: UndoManager?) {
    let card = cards[index]
    let old = card.title
    card.title = title
    undoManager?.registerUndo(withTarget: self) { board in
      board.renameCard(at: index, to: old, undoManager: undoManager)
    }
  }
}
