import DocKit
import Foundation

// What a watcher of the disk (the prompt's) asks of the open documents,
// and the reload that `set follow on` asks for. The watching itself is the
// prompt's (DocShell); the interpreter only says what its documents are
// and whether the disk still holds what their sessions last read or wrote.

extension Interpreter {
  /// An open document that has a file, as a watcher of the disk sees it.
  package struct DocumentOnDisk: Equatable, Sendable {
    /// The document's name in scripts.
    package var name: String
    /// The path of its file or package, links resolved.
    package var path: String
    /// Whether it is a folder (a package), whose whole tree is watched.
    package var isFolder: Bool
    /// The file as messages show it: relative to the working folder when
    /// inside it.
    package var shownPath: String

    /// A document at `path`, shown as `shownPath`.
    package init(name: String, path: String, isFolder: Bool, shownPath: String) {
      self.name = name
      self.path = path
      self.isFolder = isFolder
      self.shownPath = shownPath
    }
  }

  /// How the disk stands to what a document's session last read or wrote.
  package enum DiskState: Equatable, Sendable {
    /// The disk holds what the session last read or wrote.
    case unchanged
    /// Another program changed, replaced or (for a package) changed an
    /// entry of the file.
    case changed
    /// Nothing is at the file's path any more.
    case removed
  }

  /// The open documents that have a file, by name.
  package var documentsOnDisk: [DocumentOnDisk] {
    state.documents.sorted { $0.key < $1.key }.compactMap { name, handle in
      guard let url = handle.session.fileURL else { return nil }
      let path = url.standardizedFileURL.resolvingSymlinksInPath().path
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      return DocumentOnDisk(
        name: name, path: path, isFolder: exists && isFolder.boolValue,
        shownPath: resolver.display(url))
    }
  }

  /// Whether `set follow on` asks the prompt to reload documents whose
  /// file changed.
  package var followsDisk: Bool { state.options.followsDisk }

  /// How the disk stands to the document named `name`; unchanged when no
  /// such document is open or it has no file.
  package func diskState(ofDocument name: String) -> DiskState {
    guard let handle = state.documents[name], let url = handle.session.fileURL,
      handle.session.isChangedOnDisk
    else { return .unchanged }
    return FileManager.default.fileExists(atPath: url.path) ? .changed : .removed
  }

  /// Whether the document named `name` has changes no save holds.
  package func isDirty(document name: String) -> Bool {
    state.documents[name]?.session.isDirty ?? false
  }

  /// Reads the document named `name` from its file again (`revert`), for
  /// `set follow on`; an error says why it could not, as `revert`'s would.
  package func reload(document name: String) async -> String? {
    guard let handle = state.documents[name], let url = handle.session.fileURL else { return nil }
    do {
      try await handle.revert()
      return nil
    } catch {
      return ErrorMessage(resolver: resolver).text(for: naming(fileOf: error, inDocumentAt: url))
    }
  }
}
