public import DocKit
public import Foundation

/// How scripts see a registered document type: its short names, its
/// commands, what `show` prints, what a snapshot holds, and what `new`
/// makes. Given with the type's `DocumentKind` to
/// ``DocumentTypeRegistry/register(_:kind:)``:
///
///     registry.register(.scripted(PlainTextDocument.self), kind: .fileDocument)
///     registry.register(.scripted(Tally.self), kind: .document(Tally.makeUntitled))
///     registry.register(.unscripted(name: "recipe") { Recipe() }, kind: .fileDocument)
///
/// A type that adopts ``ScriptableFileDocument``,
/// ``ScriptableReferenceDocument`` or (for the `Document` family)
/// ``ScriptableDocument`` is `scripted`: its commands, names and `show`
/// text come from the protocol. Any other type is `unscripted(name:newDocument:)`:
/// it gets every built-in command (`new`, `open`, `show`, `save`,
/// `export`, `undo`, `snapshot`, `diff`…) but none of its own, and `show`
/// and `diff` work on the bytes a save would write: text when they are
/// UTF-8, else a hex dump, each file of a package under its path,
/// including the files a package document keeps from the one on disk
/// through `configuration.existingFile`. `restore` works for an unscripted
/// `FileDocument` (its value is copied); the other kinds cannot be
/// restored without ``ScriptableReferenceDocument``.
///
/// Sendable: what it holds is a function that runs on the main actor only,
/// so nothing it captures is touched anywhere else.
public struct DocumentScripting<Document>: @unchecked Sendable {
  /// Adds the type to a registry, hosted as the kind says.
  let register: @MainActor (DocumentTypeRegistry, DocumentKind<Document>) -> Void
}

extension DocumentScripting where Document: ScriptableFileDocument {
  /// A scriptable `FileDocument`: its commands, names and `show` text come
  /// from ``ScriptableFileDocument``; a snapshot is a copy of the value.
  public static func scripted(_ type: Document.Type) -> Self {
    Self { @MainActor registry, kind in
      @MainActor func handle(_ session: DocumentSession<Document>) -> any DocumentHandle {
        SessionHandle(
          session: session, show: { $0.document.scriptDescription },
          showChunks: { $0.document.scriptDescriptionChunks },
          snapshot: { session in
            let value = session.document
            return StoredSnapshot(
              text: { value.scriptDescription }, chunks: { value.scriptDescriptionChunks },
              contentCommands: { value.scriptContentCommands }
            ) { [weak session] name in
              session?.setDocument(value, actionName: name)
            }
          })
      }
      registry.add(
        kind: kind, typeNames: Document.scriptTypeNames,
        commands: Document.scriptCommands.map(\.spec),
        makeUntitled: { try Document.makeUntitled(contentType: $0) }, handle: handle)
    }
  }
}

extension DocumentScripting
where Document: ScriptableReferenceDocument, Document.ScriptDocument == Document {
  /// A scriptable `ReferenceFileDocument`: `type` is the class that adopts
  /// ``ScriptableReferenceDocument`` (`Document`), or a subclass of it,
  /// whose own `makeUntitled` makes what `new` opens. Sessions are
  /// sessions of `Document`, so that its commands act on them; give
  /// `.reference(reading: type)` as the kind so that `open` reads with the
  /// subclass's `init(configuration:)` too.
  public static func scripted<Subclass: ScriptableReferenceDocument>(
    _ type: Subclass.Type
  ) -> Self where Subclass.ScriptDocument == Document {
    Self { @MainActor registry, kind in
      guard let concrete = Subclass.self as? Document.Type else {
        preconditionFailure(
          "\(Subclass.self) cannot be registered: its ScriptDocument, \(Document.self), is not "
            + "\(Subclass.self) or a superclass of it")
      }
      @MainActor func handle(_ session: DocumentSession<Document>) -> any DocumentHandle {
        SessionHandle(
          session: session,
          show: { session in
            Document.scriptDescription(
              of: try session.document.snapshot(contentType: session.contentType))
          },
          showChunks: { session in
            Document.scriptDescriptionChunks(
              of: try session.document.snapshot(contentType: session.contentType))
          },
          snapshot: { session in
            let document = session.document
            let snapshot = try document.snapshot(contentType: session.contentType)
            let box = SnapshotBox(value: snapshot)
            return StoredSnapshot(
              text: { Document.scriptDescription(of: box.value) },
              chunks: { Document.scriptDescriptionChunks(of: box.value) },
              contentCommands: { Document.scriptContentCommands(of: box.value) }
            ) {
              [weak session] name in
              guard let session else { return }
              let undoManager = session.undoManager
              try session.document.restore(box.value, undoManager: undoManager)
              // Only a step this registered is named: with no event open,
              // the name would go to the previous step.
              if undoManager.groupingLevel > 0 { undoManager.setActionName(name) }
            }
          })
      }
      registry.add(
        kind: kind, typeNames: Document.scriptTypeNames,
        commands: Document.scriptCommands.map(\.spec),
        // Through the metatype, so that a subclass's own `makeUntitled` (and
        // its `Self`) makes the document.
        makeUntitled: { try concrete.makeUntitled(contentType: $0) }, handle: handle)
    }
  }
}

extension DocumentScripting
where
  Document: DocKit.Document & ScriptableDocument, Document.ScriptDocument == Document,
  Document.Reader.Source == URL, Document.Writer.Destination == URL,
  Document.Writer.Snapshot: Sendable
{
  /// A scriptable `Document`-family type: its commands and names come from
  /// ``ScriptableDocument``, and `new` opens what its `makeUntitled`
  /// makes; `show` and `diff` work on the bytes a save would write, as
  /// for an unscripted type.
  public static func scripted(_ type: Document.Type) -> Self {
    Self { @MainActor registry, kind in
      addUnscripted(
        to: registry, kind: kind, name: nil, scriptTypeNames: Document.scriptTypeNames,
        commands: Document.scriptCommands,
        makeUntitled: { try Document.makeUntitled(contentType: $0) }, restore: nil)
    }
  }
}

extension DocumentScripting {
  /// A type without script commands, with what `new` makes, as SwiftUI's
  /// `DocumentGroup(newDocument:)` takes it.
  ///
  /// - Parameters:
  ///   - name: The short name `new` takes; by default, the preferred
  ///     filename extension of the first type the document writes.
  ///   - newDocument: Makes the document that `new` opens untitled.
  @_disfavoredOverload
  public static func unscripted(
    name: String? = nil, newDocument: @escaping @MainActor () -> Document
  ) -> Self {
    Self { @MainActor registry, kind in
      addUnscripted(
        to: registry, kind: kind, name: name, commands: [], makeUntitled: { _ in newDocument() },
        restore: nil)
    }
  }

  /// Adds an entry whose `show` and snapshots are the bytes the next save
  /// would write (``DocumentSession/contentsForNextSave()``, the same for
  /// every kind), and whose snapshots `restore` can put back (when it is given).
  @MainActor
  private static func addUnscripted(
    to registry: DocumentTypeRegistry, kind: DocumentKind<Document>, name: String?,
    scriptTypeNames: [ScriptTypeName]? = nil, commands: [DocumentCommand<Document>],
    makeUntitled: @escaping @MainActor (UTType) throws -> Document,
    restore:
      (@MainActor (DocumentSession<Document>) -> @MainActor (_ actionName: String) throws -> Void)?
  ) {
    let typeNames =
      scriptTypeNames
      ?? (kind.writableContentTypes.first ?? kind.readableContentTypes.first).map { contentType in
        [
          ScriptTypeName(
            name ?? contentType.preferredFilenameExtension ?? contentType.identifier, contentType)
        ]
      } ?? []
    let typeName = typeNames.first?.name ?? String(describing: Document.self)
    func handle(_ session: DocumentSession<Document>) -> any DocumentHandle {
      SessionHandle(
        session: session, typeName: typeName, commands: commands,
        show: { FileContentsDescription.describe(try await $0.contentsForNextSave().wrapper) },
        snapshot: { session in
          let text = FileContentsDescription.describe(
            try await session.contentsForNextSave().wrapper)
          let put = restore?(session)
          return StoredSnapshot(text: { text }) { actionName in
            guard let put else {
              throw ScriptError(
                "\(IndefiniteArticle.before(typeName)) snapshot cannot be restored: the type does not adopt ScriptableReferenceDocument"
              )
            }
            try put(actionName)
          }
        })
    }
    registry.add(
      kind: kind, typeNames: typeNames, commands: commands.map(\.spec), makeUntitled: makeUntitled,
      handle: handle)
  }

}

extension DocumentScripting where Document: FileDocument {
  /// A `FileDocument` without script commands: as the general
  /// ``unscripted(name:newDocument:)``, and `restore` puts a snapshot's
  /// copy of the value back.
  public static func unscripted(
    name: String? = nil, newDocument: @escaping @MainActor () -> Document
  ) -> Self {
    Self { @MainActor registry, kind in
      addUnscripted(
        to: registry, kind: kind, name: name, commands: [],
        makeUntitled: { _ in newDocument() }, restore: restoreValue(of:))
    }
  }

  /// A `FileDocument`'s snapshot is a copy of the value; restoring it
  /// replaces the value as one undoable step.
  @MainActor
  fileprivate static func restoreValue(
    of session: DocumentSession<Document>
  ) -> @MainActor (String) throws -> Void {
    let value = session.document
    return { [weak session] actionName in session?.setDocument(value, actionName: actionName) }
  }
}

/// A reference document's snapshot, kept by a stored snapshot whose
/// closures are `Sendable`: the snapshot is only read, on the main actor.
private struct SnapshotBox<Value>: @unchecked Sendable {
  let value: Value
}
