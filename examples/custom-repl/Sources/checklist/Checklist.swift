import DocKit
import DocScript
import Foundation

extension UTType {
  /// A checklist: a Markdown task list, one `- [ ] item` a line.
  static let checklist: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "com.example.checklist", conformsTo: ["public.plain-text"],
        tags: [.filenameExtension: ["checklist"]], description: "Checklist")
    ])
    return UTType(exportedAs: "com.example.checklist", conformingTo: .plainText)
  }()
}

/// A checklist, as a value: what a SwiftUI app's `FileDocument` would be.
struct Checklist: FileDocument {
  struct Item: Equatable {
    var text: String
    var isDone = false
  }

  static var readableContentTypes: [UTType] { [.checklist] }
  var items: [Item] = []

  init() {}

  init(configuration: ReadConfiguration) throws {
    guard let data = configuration.file.regularFileContents,
      let text = String(data: data, encoding: .utf8)
    else { throw CocoaError(.fileReadCorruptFile) }
    for line in text.split(separator: "\n") {
      guard line.hasPrefix("- [ ] ") || line.hasPrefix("- [x] ") else {
        throw CocoaError(.fileReadCorruptFile)
      }
      items.append(Item(text: String(line.dropFirst(6)), isDone: line.hasPrefix("- [x]")))
    }
  }

  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data(markdown.utf8))
  }

  var markdown: String {
    items.map { "- [\($0.isDone ? "x" : " ")] \($0.text)\n" }.joined()
  }
}

/// What scripts and the prompt can do with a checklist.
extension Checklist: ScriptableFileDocument {
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("checklist", .checklist)] }
  static func makeUntitled(contentType: UTType) -> Checklist { Checklist() }
  var scriptDescription: String {
    items.enumerated().map {
      "\($0.offset + 1). [\($0.element.isDone ? "x" : " ")] \($0.element.text)"
    }
    .joined(separator: "\n")
  }

  @MainActor static var scriptCommands: [DocumentCommand<Checklist>] {
    let newItem = CommandParameter.required("ITEM")
    return [
      DocumentCommand(
        CommandSpec(
          "add", [newItem], summary: "adds ITEM at the end, not done",
          example: "add Passport", topic: .document)
      ) { context in
        let argument = context.arguments[newItem]
        let item = argument.text
        // One item a line: a line break would split it into lines that
        // are no items, and the file would not open again (found by
        // `checklist check checklist`).
        if item.contains(where: {
          $0.unicodeScalars.contains { "\n\r".unicodeScalars.contains($0) }
        }) {
          throw ScriptError("an item is one line: no line breaks", at: argument)
        }
        var changed = context.session.document
        changed.items.append(Item(text: item))
        context.session.setDocument(changed, actionName: "Add \(item)")
      },
      mark("check", done: true), mark("uncheck", done: false),
    ]
  }

  /// `check N` / `uncheck N`: marks item N done or not done.
  @MainActor static func mark(_ name: String, done: Bool) -> DocumentCommand<Checklist> {
    let number = CommandParameter.required("N")
    return DocumentCommand(
      CommandSpec(
        name, [number], summary: "marks item N \(done ? "done" : "not done")",
        example: "\(name) 1", topic: .document)
    ) { context in
      var changed = context.session.document
      let count = changed.items.count
      let argument = context.arguments[number]
      guard count > 0 else { throw ScriptError("the checklist is empty", at: argument) }
      let index = try argument.integer("N", in: 1...count) - 1
      changed.items[index].isDone = done
      context.session.setDocument(
        changed, actionName: "\(done ? "Check" : "Uncheck") \(changed.items[index].text)")
    }
  }
}
