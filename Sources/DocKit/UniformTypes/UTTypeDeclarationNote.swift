/// Something a declarations file says that was set aside rather than
/// refused: an imported declaration of an identifier the same file
/// exports, or a document type whose content type nothing declares.
///
/// ``UTType/registerDeclarations(contentsOf:)`` returns these; `docrepl
/// --types` prints each as a note. The wording of ``message`` may change.
public struct UTTypeDeclarationNote: Sendable, Hashable, CustomStringConvertible {
  /// The identifier the note is about, if any.
  public var identifier: String?
  /// The file the declaration came from.
  public var source: String
  /// What was set aside, and why.
  public var message: String

  /// Creates a note.
  public init(identifier: String?, source: String, message: String) {
    self.identifier = identifier
    self.source = source
    self.message = message
  }

  /// `source: identifier: message`, as ``UTTypeDeclarationError`` says it.
  public var description: String {
    "\(source): " + (identifier.map { "\($0): " } ?? "") + message
  }
}
