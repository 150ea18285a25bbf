public import DocKit

extension UTType {
  /// A DocScript file: `org.docrepl.docscript`, extension `docscript`,
  /// conforming to `public.script` and UTF-8 plain text. Declared the
  /// first time it is used.
  public static let docScript: UTType =
    // Registered when the type tables are first used, not at start-up; a
    // program that declared this identifier differently keeps its own.
    UTType.declaredLazily("org.docrepl.docscript") {
      UTTypeDeclaration(
        identifier: "org.docrepl.docscript",
        conformsTo: ["public.script", "public.utf8-plain-text"],
        tags: [.filenameExtension: ["docscript"]], description: "DocScript")
    }
}
