// What porting adds beside an app's models: the commands a script drives
// them with, through the intents the app's views call. The models' own
// files are as the app has them.
import DocKit
import DocScript
import Foundation

/// A command of a reference document: runs `body` with the document, its
/// undo manager and the arguments.
@MainActor
private func command<Document: ReferenceFileDocument>(
  _ name: String, _ arguments: [any AnyCommandParameter], _ summary: String,
  _ body:
    @escaping @MainActor (Document, UndoManager, DocumentCommandContext<Document>) throws -> Void
) -> DocumentCommand<Document> {
  DocumentCommand(
    CommandSpec(name, arguments, summary: summary, example: name, topic: .document)
  ) { context in
    try body(context.session.document, context.session.undoManager, context)
  }
}

extension Recipe: ScriptableReferenceDocument {
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("recipe", .recipe)] }
  static func makeUntitled(contentType: UTType) -> Self { Self() }
  static func scriptDescription(of snapshot: Saved) -> String {
    ([snapshot.title]
      + snapshot.steps.enumerated().map { "\($0 + 1). \($1.name) (\($1.minutes) min)" })
      .joined(separator: "\n")
  }
  func restore(_ snapshot: Saved, undoManager: UndoManager?) throws {
    rename(to: snapshot.title, undoManager: undoManager)
    replaceSteps(with: snapshot.steps, undoManager: undoManager)
  }

  static var scriptCommands: [DocumentCommand<Recipe>] {
    let name = CommandParameter.required("NAME")
    let duration = CommandParameter.required("MINUTES")
    let step = CommandParameter.required("N")
    let destination = CommandParameter.required("TO")
    let title = CommandParameter.required("TITLE")
    return [
      command("add-step", [name, duration], "adds a step") { recipe, undo, context in
        let minutes = try context.arguments[duration].integer("MINUTES", in: 0...600)
        recipe.addStep(
          Step(name: context.arguments[name].text, minutes: minutes), undoManager: undo)
      },
      command("delete-step", [step], "deletes step N") { recipe, undo, context in
        guard !recipe.steps.isEmpty else {
          throw ScriptError("there are no steps", at: context.arguments[step])
        }
        let n = try context.arguments[step].integer("N", in: 1...recipe.steps.count)
        recipe.deleteSteps(atOffsets: IndexSet(integer: n - 1), undoManager: undo)
      },
      command("move-step", [step, destination], "moves step N before step TO") {
        recipe, undo, context in
        guard !recipe.steps.isEmpty else {
          throw ScriptError("there are no steps", at: context.arguments[step])
        }
        let n = try context.arguments[step].integer("N", in: 1...recipe.steps.count)
        let to = try context.arguments[destination].integer("TO", in: 1...recipe.steps.count + 1)
        recipe.moveSteps(fromOffsets: IndexSet(integer: n - 1), toOffset: to - 1, undoManager: undo)
      },
      command("rename", [title], "renames the recipe") { recipe, undo, context in
        recipe.rename(to: context.arguments[title].text, undoManager: undo)
      },
      command("timing", [], "prints whether the recipe is ready, and its total time") {
        recipe, _, context in
        context.print("\(recipe.status), \(recipe.totalMinutes) min")
      },
    ]
  }
}

extension Pinboard: ScriptableFileDocument {
  /// Makes the board `value`; its inverse gives back what it replaced.
  static func setting(_ value: Pinboard, name: String) -> DocumentEdit<Pinboard> {
    DocumentEdit(actionName: name) { board in
      let old = board
      board = value
      return setting(old, name: name)
    }
  }

  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("pinboard", .pinboard)] }
  static func makeUntitled(contentType: UTType) -> Pinboard { Pinboard() }
  var scriptDescription: String {
    "\(name): " + tags.sorted().joined(separator: ", ")
      + pins.keys.sorted().map { "\n\($0) → \(pins[$0] ?? "")" }.joined()
  }

  static var scriptCommands: [DocumentCommand<Pinboard>] {
    let tagParameter = CommandParameter.required("TAG")
    let keyParameter = CommandParameter.required("KEY")
    let textParameter = CommandParameter.required("TEXT")
    return [
      DocumentCommand(
        CommandSpec(
          "tag", [tagParameter], summary: "adds a tag", example: "tag red", topic: .document)
      ) {
        context in
        let tag = context.arguments[tagParameter].text
        context.session.perform { board in
          var new = board
          new.tags.insert(tag)
          return Pinboard.setting(new, name: "Tag").apply(to: &board)
        }
      },
      DocumentCommand(
        CommandSpec(
          "pin", [keyParameter, textParameter], summary: "pins a note", example: "pin a b",
          topic: .document)
      ) {
        context in
        let key = context.arguments[keyParameter].text
        let text = context.arguments[textParameter].text
        context.session.perform { board in
          var new = board
          new.pins[key] = text
          return Pinboard.setting(new, name: "Pin").apply(to: &board)
        }
      },
    ]
  }
}

extension Storyboard: ScriptableReferenceDocument {
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("storyboard", .storyboard)] }
  static func makeUntitled(contentType: UTType) -> Storyboard { Storyboard() }
  static func scriptDescription(of snapshot: [Card]) -> String {
    snapshot.map(\.title).joined(separator: "\n")
  }
  func restore(_ snapshot: [Card], undoManager: UndoManager?) throws {
    let old = cards
    cards = snapshot
    undoManager?.registerUndo(withTarget: self) { board in
      try? board.restore(old, undoManager: undoManager)
    }
  }

  static var scriptCommands: [DocumentCommand<Storyboard>] {
    let title = CommandParameter.required("TITLE")
    let card = CommandParameter.required("N")
    return [
      command("add-card", [title], "adds a card") { board, undo, context in
        board.addCard(context.arguments[title].text, undoManager: undo)
      },
      command("rename-card", [card, title], "renames card N") { board, undo, context in
        guard !board.cards.isEmpty else {
          throw ScriptError("there are no cards", at: context.arguments[card])
        }
        let n = try context.arguments[card].integer("N", in: 1...board.cards.count)
        board.renameCard(at: n - 1, to: context.arguments[title].text, undoManager: undo)
      },
    ]
  }
}

extension Logbook: ScriptableReferenceDocument {
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("logbook", .logbook)] }
  static func makeUntitled(contentType: UTType) -> Logbook { Logbook() }
  static func scriptDescription(of snapshot: [String]) -> String {
    snapshot.joined(separator: "\n")
  }
  func restore(_ snapshot: [String], undoManager: UndoManager?) throws {
    let old = entries
    entries = snapshot
    undoManager?.registerUndo(withTarget: self) { logbook in
      try? logbook.restore(old, undoManager: undoManager)
    }
  }

  static var scriptCommands: [DocumentCommand<Logbook>] {
    let entry = CommandParameter.required("ENTRY")
    return [
      command("log", [entry], "logs an entry") { logbook, undo, context in
        logbook.log(context.arguments[entry].text, undoManager: undo)
      }
    ]
  }
}

extension Sketch: ScriptableReferenceDocument {
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("sketch", .sketch)] }
  static func makeUntitled(contentType: UTType) -> Sketch { Sketch() }
  static func scriptDescription(of snapshot: [String]) -> String {
    snapshot.joined(separator: "\n")
  }
  func restore(_ snapshot: [String], undoManager: UndoManager?) throws { strokes = snapshot }

  static var scriptCommands: [DocumentCommand<Sketch>] {
    let stroke = CommandParameter.required("STROKE")
    return [
      command("draw", [stroke], "draws a stroke") { sketch, _, context in
        sketch.draw(context.arguments[stroke].text)
      }
    ]
  }
}
