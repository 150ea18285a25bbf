public import DocKit
public import Foundation

/// A document type that scripts can create, open and edit: the extension
/// point through which the built-in types, and anyone else's, add their
/// commands to the language.
///
/// Adopt ``ScriptableFileDocument`` for a `FileDocument` (a value) or
/// ``ScriptableReferenceDocument`` for a `ReferenceFileDocument`, then
/// register the type with a ``DocumentTypeRegistry``:
///
///     struct Counter: ScriptableFileDocument { … }
///     registry.register(.scripted(Counter.self), kind: .fileDocument)
///
/// `docs/docscript.md` has a complete example.
///
/// A non-final class can adopt it too: its commands act on the class that
/// adopts the protocol (``ScriptDocument``), and a subclass inherits them.
/// `makeUntitled` then returns `Self`, made through a `required` initializer:
///
///     class Board: ReferenceFileDocument, ScriptableReferenceDocument {
///       required init() { … }
///       static func makeUntitled(contentType: UTType) -> Self { Self() }
///       @MainActor static var scriptCommands: [DocumentCommand<Board>] { … }
///       …
///     }
public protocol ScriptableDocument {
  /// The type the commands, completions and check values see in their
  /// session: the conforming type itself, which Swift infers from
  /// ``scriptCommands``. For a non-final class it is the class that adopts
  /// the protocol; a subclass inherits it, and a session of the subclass
  /// is a session of this class holding a document of the subclass.
  associatedtype ScriptDocument = Self

  /// The short names `new` accepts for this type (`text`, `markdown`),
  /// each with the content type it creates. The first is the type's own
  /// name in listings.
  static var scriptTypeNames: [ScriptTypeName] { get }

  /// A new, empty document for `new`, to be saved as `contentType`.
  static func makeUntitled(contentType: UTType) throws -> Self

  /// The commands this type adds, which act on the current document.
  @MainActor static var scriptCommands: [DocumentCommand<ScriptDocument>] { get }

  /// What Tab offers for an argument of one of this type's commands whose
  /// ``ArgumentKind`` is ``ArgumentKind/documentDefined``: the values
  /// starting with `prefix`, for the document `session` holds.
  ///
  /// - Parameters:
  ///   - argument: The parameter's usage name, such as `POINTER`.
  ///   - prefix: What has been typed of the value.
  ///   - session: The session of the document the command acts on.
  ///
  /// The default offers nothing.
  @MainActor static func scriptCompletions(
    forArgument argument: String, prefix: String, session: DocumentSession<ScriptDocument>
  ) -> [CompletionCandidate]

  /// Values `docrepl check` tries for an argument of one of this type's
  /// commands: valid ones (line numbers in range, keys and ids that
  /// exist), so that random sequences reach deep states. The checker
  /// mixes in invalid values of its own, to exercise the error paths.
  ///
  /// - Parameters:
  ///   - argument: The parameter's usage name, such as `POINTER`.
  ///   - command: The command's name, such as `set`.
  ///   - session: The session of the document the command acts on.
  ///
  /// The default offers none: the checker then uses
  /// ``scriptCompletions(forArgument:prefix:session:)`` and values of its
  /// own, by the parameter's ``ArgumentKind`` and name.
  @MainActor static func scriptCheckValues(
    forArgument argument: String, command: String, session: DocumentSession<ScriptDocument>
  ) -> [String]

  /// Whether what `show` prints is made from the content alone, the same
  /// bytes every time for the same content: the text as held, say, not an
  /// encoding through a `JSONEncoder` whose key order can change.
  ///
  /// `diff` against the current state, when it finds changes, encodes a
  /// document that does not declare this again (up to twice) to warn when
  /// the changes are the encoding's own rather than anybody's edits. A
  /// type that declares it is not encoded again: for a large document
  /// that is most of what `diff` would cost.
  ///
  /// The default is false (not declared): the check runs.
  static var scriptDescriptionIsDeterministic: Bool { get }
}

extension ScriptableDocument {
  /// Offers nothing.
  @MainActor public static func scriptCompletions(
    forArgument argument: String, prefix: String, session: DocumentSession<ScriptDocument>
  ) -> [CompletionCandidate] { [] }

  /// Offers none.
  @MainActor public static func scriptCheckValues(
    forArgument argument: String, command: String, session: DocumentSession<ScriptDocument>
  ) -> [String] { [] }

  /// False: not declared, so `diff` checks the encoding.
  public static var scriptDescriptionIsDeterministic: Bool { false }
}

/// A short name for `new` (and `open --type`), and the content type it
/// stands for.
public struct ScriptTypeName: Hashable, Sendable {
  /// The name, such as `text`.
  public var name: String
  /// The type a new document of this name is saved as.
  public var contentType: UTType
  /// Well-known file names that `open` reads as ``contentType`` whatever
  /// their extension says: a name (`tsconfig.json`), a name in a folder
  /// of a given name (`.vscode/settings.json`), each of which may use
  /// `*` for any run of characters (`tsconfig.*.json`).
  public var filenames: [String]

  /// Creates a name.
  public init(_ name: String, _ contentType: UTType, filenames: [String] = []) {
    self.name = name
    self.contentType = contentType
    self.filenames = filenames
  }

  /// Whether `url`'s name (and its folder's, for a pattern with a `/`) is
  /// one of ``filenames``.
  public func matchesFilename(of url: URL) -> Bool {
    let components = url.standardizedFileURL.pathComponents
    return filenames.contains { pattern in
      let parts = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
      guard !parts.isEmpty, parts.count <= components.count else { return false }
      return zip(parts, components.suffix(parts.count)).allSatisfy { part, component in
        fnmatch(part, component, FNM_PERIOD) == 0
      }
    }
  }
}

/// A `FileDocument` that scripts can drive. Its snapshots are copies of
/// the value, and restoring one replaces the value as one undoable step.
public protocol ScriptableFileDocument: FileDocument, ScriptableDocument
where ScriptDocument == Self {
  /// What `show` prints.
  var scriptDescription: String { get }

  /// Script lines that, run on a document of this type (the current one:
  /// a new one, or one just opened from a file), make it hold exactly what
  /// this one holds, whatever it held before; nil when the type's commands
  /// cannot. `record` writes them so that a replay rebuilds content that
  /// was never saved. ``Word/quoted(_:)`` writes an argument that reads
  /// back exactly.
  ///
  /// The default is nil: `record` then warns that the document cannot be
  /// rebuilt.
  var scriptContentCommands: [String]? { get }

  /// What `show` prints, as chunks of whole lines of UTF-8 bytes, for
  /// `diff`; nil to have `diff` read ``scriptDescription``.
  ///
  /// A type that holds its content in chunks shared between copies (the
  /// text buffer's leaves) gives them as they are: `diff` of a snapshot
  /// and the document then passes over the chunks they share without
  /// reading them, and builds no `String` of the whole text. The output
  /// is the same, byte for byte. See ``ScriptLineChunks`` for the
  /// contract.
  ///
  /// The default is nil.
  var scriptDescriptionChunks: ScriptLineChunks? { get }
}

extension ScriptableFileDocument {
  /// None: the type does not say how to rebuild its content.
  public var scriptContentCommands: [String]? { nil }

  /// None: `diff` reads ``scriptDescription``.
  public var scriptDescriptionChunks: ScriptLineChunks? { nil }
}

/// A `ReferenceFileDocument` that scripts can drive. Its snapshots come
/// from its own `snapshot(contentType:)`.
///
/// The type may be a non-final class, and a subclass of one that adopts
/// this protocol can be registered too: its documents are made by its own
/// `makeUntitled` and `init(configuration:)`, and the commands of the class
/// that adopted the protocol act on them.
public protocol ScriptableReferenceDocument: ReferenceFileDocument, ScriptableDocument
where
  ScriptDocument: ScriptableReferenceDocument, ScriptDocument.ScriptDocument == ScriptDocument
{
  /// What `show` prints for the document whose snapshot this is.
  static func scriptDescription(of snapshot: Snapshot) -> String

  /// Makes the document hold what `snapshot` holds, registering the undo
  /// with `undoManager`, for `restore`.
  @MainActor func restore(_ snapshot: Snapshot, undoManager: UndoManager?) throws

  /// Script lines that, run on a document of this type (the current one,
  /// new or just opened), make it hold exactly what `snapshot` holds; nil
  /// when the type's commands cannot. See ``ScriptableFileDocument/scriptContentCommands``.
  static func scriptContentCommands(of snapshot: Snapshot) -> [String]?

  /// What `show` prints for `snapshot`, as chunks of whole lines, for
  /// `diff`; nil to have `diff` read ``scriptDescription(of:)``. See
  /// ``ScriptableFileDocument/scriptDescriptionChunks``.
  ///
  /// The default is nil.
  static func scriptDescriptionChunks(of snapshot: Snapshot) -> ScriptLineChunks?
}

extension ScriptableReferenceDocument {
  /// None: the type does not say how to rebuild its content.
  public static func scriptContentCommands(of snapshot: Snapshot) -> [String]? { nil }

  /// None: `diff` reads ``scriptDescription(of:)``.
  public static func scriptDescriptionChunks(of snapshot: Snapshot) -> ScriptLineChunks? { nil }
}
