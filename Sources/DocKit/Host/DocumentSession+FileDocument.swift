import Foundation

/// The edits of a `FileDocument`'s session: a value type changes through
/// its session, which registers the undo.
extension DocumentSession where Document: FileDocument {
  /// Applies an edit that returns its inverse, and registers the inverse
  /// for undo under its action name; undoing registers the redo.
  ///
  ///     try session.perform { try $0.insert(["Bread"], at: 1) }
  ///
  /// The edit counts as unsaved at once; ending the event is not needed
  /// before a save or a close. An edit that throws must leave the document
  /// as it was (the built-in edits check before they change anything):
  /// nothing is registered for it, so a change it made would not count.
  public func perform(_ edit: (inout Document) throws -> DocumentEdit<Document>) rethrows {
    register(try edit(&document))
  }

  private func register(_ inverse: DocumentEdit<Document>) {
    // One closure a step, holding the inverse's body alone (its name is
    // the group's): the target is always this session, so the cast
    // cannot fail.
    let body = inverse.body
    undoManager.registerUndo(withObject: self) { target in
      guard let session = target as? DocumentSession else { return }
      session.register(body(&session.document))
    }
    // While undoing or redoing, the step being built keeps the name of the
    // one it reverses, so that a group's redo is titled as its undo was.
    if !undoManager.isUndoing, !undoManager.isRedoing {
      undoManager.setActionName(inverse.actionName)
    }
  }

  /// Replaces the whole document, registering an undo that restores the old
  /// value, as SwiftUI's `FileDocumentConfiguration.document` setter does.
  public func setDocument(_ newValue: Document, actionName: String = "Change") {
    let old = document
    document = newValue
    undoManager.registerUndo(withTarget: self) { session in
      session.setDocument(old, actionName: actionName)
    }
    if !undoManager.isUndoing, !undoManager.isRedoing { undoManager.setActionName(actionName) }
  }
}
