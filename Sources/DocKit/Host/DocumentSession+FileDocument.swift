public import Foundation

extension DocumentSession where Document: FileDocument {
  /// An untitled session for a new document.
  public convenience init(
    new document: Document, contentType: UTType? = nil, environment: Environment = Environment()
  ) {
    self.init(
      untitled: document, contentType: contentType, backend: Self.fileDocumentBackend(),
      environment: environment)
  }

  /// Opens the document at `url`, finishing or discarding an interrupted
  /// save first. The type comes from the extension unless given, and must
  /// be one the document reads.
  public static func open(
    _ url: URL, contentType: UTType? = nil, environment: Environment = Environment()
  ) async throws -> DocumentSession {
    try await open(
      url, contentType: contentType, backend: fileDocumentBackend(), environment: environment)
  }

  /// Reopens an untitled document from its autosave, dirty, to keep
  /// autosaving there.
  public static func recover(
    autosaveAt url: URL, contentType: UTType? = nil, environment: Environment = Environment()
  ) async throws -> DocumentSession {
    let session = try await open(url, contentType: contentType, environment: environment)
    session.adoptRecoveredAutosave(at: url)
    return session
  }

  static func fileDocumentBackend() -> Backend {
    Backend(
      readableContentTypes: Document.readableContentTypes,
      writableContentTypes: Document.writableContentTypes,
      read: wrapperReader { try Document(configuration: $0) },
      makeWrapper: { session, type, existing in
        let document = session.document
        let existingFile = UncheckedSendable(value: existing)
        return try await offMainActor {
          try document.fileWrapper(
            configuration: .init(contentType: type, existingFile: existingFile.value))
        }.value
      },
      didSave: { session, type in
        guard var tracked = session.document as? any ChangeTrackingDocument else { return }
        tracked.markSaved(as: type)
        if let document = tracked as? Document { session.document = document }
      })
  }

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
