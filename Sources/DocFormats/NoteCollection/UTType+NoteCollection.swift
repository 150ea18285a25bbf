public import DocKit

extension UTType {
  /// The note-collection package: `org.docrepl.note-collection`, extension
  /// `notes`, conforming to `com.apple.package`. Declared the first time it
  /// is used (``DocFormats/registerTypes()`` does that at start-up), and
  /// entered in the type tables when they are first consulted.
  public static let noteCollection: UTType =
    // A program that declared this identifier differently keeps its
    // declaration; the type then follows that one. Registered when the
    // type tables are first used, not at start-up.
    UTType.declaredLazily("org.docrepl.note-collection") {
      UTTypeDeclaration(
        identifier: "org.docrepl.note-collection", conformsTo: ["com.apple.package"],
        tags: [.filenameExtension: ["notes"]], description: "Note Collection")
    }
}
