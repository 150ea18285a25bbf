/// The system-declared types DocKit knows, with Apple's identifiers,
/// conformances, tags and descriptions, in the order of
/// ``systemTable`` (when several types claim a tag, the first declared
/// wins a lookup).
extension UTType {
  /// The system declarations, found in ``systemTable`` the first time the
  /// type tables are used.
  static let systemTypes = SystemTypeTable(systemTable)

  /// Every system declaration, in order. Builds them all: for tests and
  /// tools, not for lookups.
  static var systemDeclarations: [UTTypeDeclaration] {
    (0..<systemTypes.count).map(systemTypes.declaration(at:))
  }
}
