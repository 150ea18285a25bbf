import DocKit
import DocScript
import Foundation
import Synchronization

/// The bug a ``FaultyPackage`` is built with.
enum PackageFault: String, Sendable, CaseIterable {
  /// `append` changes the lines but registers no undo.
  case editWithoutUndo
  /// Undoing `title` restores the new title, not the old one.
  case undoRestoresWrongValue
  /// `fileWrapper` reuses the existing `lines.txt` whatever the lines
  /// are now: a stale child wrapper.
  case staleChildWrapper
  /// The reader drops a trailing empty line.
  case readerDropsTrailingEmptyLine
  /// `delete` of a line that is not there changes the title, with no
  /// undo, before it fails: a command that is not all-or-nothing.
  case changesBeforeFailing
}

/// Which fault, as a type: each registry gets one variant of the type.
protocol PackageFaultChoice: Sendable {
  static var fault: PackageFault? { get }
}

enum NoFault: PackageFaultChoice { static var fault: PackageFault? { nil } }
enum EditWithoutUndo: PackageFaultChoice { static var fault: PackageFault? { .editWithoutUndo } }
enum UndoRestoresWrongValue: PackageFaultChoice {
  static var fault: PackageFault? { .undoRestoresWrongValue }
}
enum StaleChildWrapper: PackageFaultChoice {
  static var fault: PackageFault? { .staleChildWrapper }
}
enum ReaderDropsTrailingEmptyLine: PackageFaultChoice {
  static var fault: PackageFault? { .readerDropsTrailingEmptyLine }
}
enum ChangesBeforeFailing: PackageFaultChoice {
  static var fault: PackageFault? { .changesBeforeFailing }
}

extension UTType {
  /// A test package: `title.txt` and `lines.txt` in a `.faulty` folder.
  static let faultyPackage: UTType = {
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.faulty", conformsTo: ["com.apple.package"],
        tags: [.filenameExtension: ["faulty"]], description: "Faulty package")
    ])
    return UTType(exportedAs: "org.docrepl.test.faulty", conformingTo: .package)
  }()
}

/// A package document for `docrepl check`'s own tests: a title and lines,
/// each in a file of its own, edited with `title`, `append`, `set-line`
/// and `delete`, each undoable, and written incrementally (a file whose
/// bytes did not change is the wrapper read or written last). Built
/// correct (``NoFault``) or with one ``PackageFault``.
final class FaultyPackage<Choice: PackageFaultChoice>: ReferenceFileDocument {
  struct Contents: Equatable, Sendable {
    var title = ""
    var lines: [String] = []
  }

  static var readableContentTypes: [UTType] { [.faultyPackage] }
  let contents: Mutex<Contents>

  init() { contents = Mutex(Contents()) }

  init(configuration: ReadConfiguration) throws {
    guard let files = configuration.file.fileWrappers,
      let title = files["title.txt"]?.regularFileContents,
      let body = files["lines.txt"]?.regularFileContents
    else { throw CocoaError(.fileReadCorruptFile) }
    var lines: [String] = []
    if !body.isEmpty {
      // Every line ends with a line feed; split by bytes.
      lines = body.dropLast().split(separator: 0x0A, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
    }
    if Choice.fault == .readerDropsTrailingEmptyLine, lines.last == "" { lines.removeLast() }
    contents = Mutex(Contents(title: String(decoding: title, as: UTF8.self), lines: lines))
  }

  func snapshot(contentType: UTType) throws -> Contents { contents.withLock { $0 } }

  func fileWrapper(snapshot: Contents, configuration: WriteConfiguration) throws -> FileWrapper {
    let title = Data(snapshot.title.utf8)
    let body = Data(snapshot.lines.map { $0 + "\n" }.joined().utf8)
    let existing = configuration.existingFile?.fileWrappers ?? [:]
    func child(_ name: String, _ data: Data, reuseAnyway: Bool) -> FileWrapper {
      if let old = existing[name], reuseAnyway || old.regularFileContents == data { return old }
      let wrapper = FileWrapper(regularFileWithContents: data)
      wrapper.preferredFilename = name
      return wrapper
    }
    return FileWrapper(directoryWithFileWrappers: [
      "title.txt": child("title.txt", title, reuseAnyway: false),
      "lines.txt": child("lines.txt", body, reuseAnyway: Choice.fault == .staleChildWrapper),
    ])
  }

  /// Replaces the contents; registers `undoValue` to be put back, if any.
  @MainActor func replace(with new: Contents, undoValue: Contents?, undoManager: UndoManager?) {
    contents.withLock { $0 = new }
    guard let undoValue, let undoManager else { return }
    // Undo puts `undoValue` back and registers the redo, which puts `new`
    // back.
    undoManager.registerUndo(withTarget: self) { document in
      document.replace(with: undoValue, undoValue: new, undoManager: undoManager)
    }
  }
}

extension FaultyPackage: ScriptableReferenceDocument {
  static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("faulty", .faultyPackage)] }

  static func makeUntitled(contentType: UTType) throws -> FaultyPackage { FaultyPackage() }

  static func scriptDescription(of snapshot: Contents) -> String {
    (["title: \(snapshot.title)"]
      + snapshot.lines.enumerated().map { "\($0.offset + 1): \($0.element)" })
      .joined(separator: "\n")
  }

  @MainActor func restore(_ snapshot: Contents, undoManager: UndoManager?) throws {
    replace(with: snapshot, undoValue: contents.withLock { $0 }, undoManager: undoManager)
  }

  @MainActor static var scriptCommands: [DocumentCommand<FaultyPackage>] {
    let text = CommandParameter.required("TEXT")
    let lineNumber = CommandParameter.required("N")
    return [
      edit("title", [text]) { contents, arguments, _ in
        contents.title = arguments[text].text
      },
      edit("append", [text]) { contents, arguments, _ in
        contents.lines.append(try line(arguments[text]))
      },
      edit("set-line", [lineNumber, text]) { contents, arguments, _ in
        let number = arguments[lineNumber]
        guard !contents.lines.isEmpty else { throw ScriptError("there are no lines", at: number) }
        let index = try number.integer("N", in: 1...contents.lines.count) - 1
        contents.lines[index] = try line(arguments[text])
      },
      edit("delete", [lineNumber]) { contents, arguments, _ in
        let number = arguments[lineNumber]
        guard !contents.lines.isEmpty else { throw ScriptError("there are no lines", at: number) }
        contents.lines.remove(at: try number.integer("N", in: 1...contents.lines.count) - 1)
      },
    ]
  }

  /// A line's text: anything but a line feed, which would make two lines.
  static func line(_ argument: Argument) throws -> String {
    if argument.text.contains("\n") { throw ScriptError("a line holds no line feed", at: argument) }
    return argument.text
  }

  /// A command that changes the contents as one undoable step (or, with
  /// the fault, `append` and `title` as the fault says).
  @MainActor static func edit(
    _ name: String, _ parameters: [any AnyCommandParameter],
    _ body: @escaping @MainActor @Sendable (inout Contents, ParsedArguments, String) throws -> Void
  ) -> DocumentCommand<FaultyPackage> {
    DocumentCommand(
      CommandSpec(name, parameters, summary: "edits", example: name, topic: .document)
    ) { context in
      let document = context.session.document
      let old = document.contents.withLock { $0 }
      var new = old
      do {
        try body(&new, context.arguments, name)
      } catch {
        if Choice.fault == .changesBeforeFailing, name == "delete" {
          document.contents.withLock { $0.title += "!" }
        }
        throw error
      }
      guard new != old else { return }
      var undoValue: Contents? = old
      if Choice.fault == .editWithoutUndo, name == "append" { undoValue = nil }
      if Choice.fault == .undoRestoresWrongValue, name == "title" { undoValue = new }
      document.replace(with: new, undoValue: undoValue, undoManager: context.session.undoManager)
    }
  }
}
