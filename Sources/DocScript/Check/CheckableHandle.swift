import DocKit

/// What `docrepl check` asks of an open document beyond what the
/// interpreter does: its bytes as a full save writes them, and its type's
/// argument values.
@MainActor
protocol CheckableHandle: DocumentHandle {
  /// The wrapper a save into an empty folder would write; nil for a
  /// document whose writer writes by itself.
  func freshSaveTree() async throws -> FileWrapper?
  /// The type's values for an argument
  /// (``ScriptableDocument/scriptCheckValues(forArgument:command:session:)``).
  func checkValues(forArgument argument: String, command: String) -> [String]
}

extension SessionHandle: CheckableHandle {
  func freshSaveTree() async throws -> FileWrapper? {
    try await session.freshWrapperForSave()
  }

  func checkValues(forArgument argument: String, command: String) -> [String] {
    (self as? any TypeCheckValues)?.typeCheckValues(forArgument: argument, command: command) ?? []
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
    Document.scriptCheckValues(forArgument: argument, command: command, session: session)
  }
}
