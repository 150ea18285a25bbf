import DocKit

/// What `docrepl check` asks of an open document beyond what the
/// interpreter does: its bytes as a full save writes them, its type's
/// argument values, and its type's own reader, to compare states by value.
@MainActor
protocol CheckableHandle: DocumentHandle {
  /// The wrapper a save into an empty folder would write; nil for a
  /// document whose writer writes by itself.
  func freshSaveTree() async throws -> FileWrapper?
  /// The type's values for an argument
  /// (``ScriptableDocument/scriptCheckValues(forArgument:command:session:)``).
  func checkValues(forArgument argument: String, command: String) -> [String]
  /// Whether ``checkValue(reading:)`` can compare: the `FileDocument`, or
  /// the `ReferenceFileDocument`'s `Snapshot`, is `Equatable`.
  var valueSupport: CheckValueSupport { get }
  /// `tree` read back with the type's own reader (`init(configuration:)`,
  /// then `snapshot(contentType:)` for a reference document), as a value
  /// to compare; nil when the type cannot be compared by value.
  func checkValue(reading tree: FileWrapper) throws -> CheckValue?
  /// `tree` read back with the type's own reader and written again into
  /// an empty folder: save, reopen, save. Nil for a type whose reader
  /// check cannot call directly (neither a `FileDocument` nor a
  /// `ReferenceFileDocument`).
  func resavedTree(reading tree: FileWrapper) async throws -> FileWrapper?
}

extension SessionHandle: CheckableHandle {
  func freshSaveTree() async throws -> FileWrapper? {
    let fresh = try await documentSession.contentsForFreshSave()
    return fresh.writtenByDocument ? nil : fresh.wrapper
  }

  func checkValues(forArgument argument: String, command: String) -> [String] {
    (self as? any TypeCheckValues)?.typeCheckValues(forArgument: argument, command: command) ?? []
  }

  var valueSupport: CheckValueSupport {
    let name = String(describing: Document.self)
    if let type = Document.self as? any FileDocument.Type {
      return type is any Equatable.Type
        ? .equatable : .unavailable("\(name) (a FileDocument) is not Equatable")
    }
    if let type = Document.self as? any ReferenceFileDocument.Type {
      return CheckReading.snapshotIsEquatable(type)
        ? .equatable
        : .unavailable(
          "\(name)'s Snapshot (\(CheckReading.snapshotName(type))) is not Equatable")
    }
    return .unavailable("\(name) is neither a FileDocument nor a ReferenceFileDocument")
  }

  func checkValue(reading tree: FileWrapper) throws -> CheckValue? {
    let configuration = FileDocumentReadConfiguration(contentType: session.contentType, file: tree)
    if let type = Document.self as? any FileDocument.Type {
      return CheckValue(try CheckReading.read(type, configuration))
    }
    if let type = Document.self as? any ReferenceFileDocument.Type {
      return CheckValue(try CheckReading.snapshot(type, configuration))
    }
    return nil
  }

  func resavedTree(reading tree: FileWrapper) async throws -> FileWrapper? {
    let configuration = FileDocumentReadConfiguration(contentType: session.contentType, file: tree)
    if let type = Document.self as? any FileDocument.Type {
      return try CheckReading.resave(type, configuration)
    }
    if let type = Document.self as? any ReferenceFileDocument.Type {
      return try CheckReading.resave(type, configuration)
    }
    return nil
  }
}

/// The type's own reader and writer, called with the document type opened
/// from a dynamic cast.
@MainActor
enum CheckReading {
  static func read<D: FileDocument>(
    _: D.Type, _ configuration: FileDocumentReadConfiguration
  ) throws -> Any {
    try D(configuration: configuration)
  }

  static func snapshot<D: ReferenceFileDocument>(
    _: D.Type, _ configuration: FileDocumentReadConfiguration
  ) throws -> Any {
    try D(configuration: configuration).snapshot(contentType: configuration.contentType)
  }

  static func resave<D: FileDocument>(
    _: D.Type, _ configuration: FileDocumentReadConfiguration
  ) throws -> FileWrapper {
    try D(configuration: configuration).fileWrapper(
      configuration: .init(contentType: configuration.contentType, existingFile: nil))
  }

  static func resave<D: ReferenceFileDocument>(
    _: D.Type, _ configuration: FileDocumentReadConfiguration
  ) throws -> FileWrapper {
    let document = try D(configuration: configuration)
    let snapshot = try document.snapshot(contentType: configuration.contentType)
    return try document.fileWrapper(
      snapshot: snapshot,
      configuration: .init(contentType: configuration.contentType, existingFile: nil))
  }

  static func snapshotIsEquatable<D: ReferenceFileDocument>(_: D.Type) -> Bool {
    D.Snapshot.self is any Equatable.Type
  }

  static func snapshotName<D: ReferenceFileDocument>(_: D.Type) -> String {
    String(describing: D.Snapshot.self)
  }
}

/// A handle whose document type is scriptable, so it may offer values.
@MainActor
protocol TypeCheckValues {
  func typeCheckValues(forArgument argument: String, command: String) -> [String]
}

extension SessionHandle: TypeCheckValues
where Document: ScriptableDocument, Document.ScriptDocument == Document {
  func typeCheckValues(forArgument argument: String, command: String) -> [String] {
    Document.scriptCheckValues(forArgument: argument, command: command, session: documentSession)
  }
}
