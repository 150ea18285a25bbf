/// An edit of a value-type document that returns its own inverse.
///
/// A ``FileDocument`` is a value, so it cannot register undo actions on
/// itself. Its editing operations return the edit that reverts them; the
/// document's owner (the host's session) applies that on undo, and the
/// edit it returns on redo. An undo step costs the memory of what the edit
/// captures (the lines removed, the value replaced), not of the document.
///
///     var text = PlainTextDocument(text: "a\nb\n")
///     let undo = try text.replaceLine(at: 0, with: "A")   // "A\nb\n"
///     let redo = undo.apply(to: &text)                     // "a\nb\n"
///     redo.apply(to: &text)                                // "A\nb\n"
public struct DocumentEdit<Document>: Sendable {
  /// The name of the edit this one reverts, for undo menu titles.
  public let actionName: String
  /// Internal rather than private so that the host's undo registration
  /// can keep this closure alone, without the name beside it.
  let body: @Sendable (inout Document) -> DocumentEdit<Document>

  /// Creates an edit. `body` changes the document and returns the edit
  /// that changes it back.
  public init(
    actionName: String, _ body: @escaping @Sendable (inout Document) -> DocumentEdit<Document>
  ) {
    self.actionName = actionName
    self.body = body
  }

  /// An edit that changes nothing; its inverse changes nothing either.
  public static func unchanged(actionName: String) -> DocumentEdit<Document> {
    DocumentEdit(actionName: actionName) { _ in unchanged(actionName: actionName) }
  }

  /// Applies the edit and returns its inverse.
  @discardableResult
  public func apply(to document: inout Document) -> DocumentEdit<Document> {
    body(&document)
  }
}
