public import DocKit

extension UTType {
  /// JSON with comments and trailing commas: `org.docrepl.jsonc`,
  /// extension `jsonc`, conforming to `public.text`. Apple declares no
  /// type for it, so the identifier is this package's. Not `public.json`:
  /// a program that reads JSON cannot read it. Declared the first time it
  /// is used (``DocFormats/registerTypes()`` does that at start-up).
  public static let jsonWithComments: UTType = UTType.declaredLazily("org.docrepl.jsonc") {
    UTTypeDeclaration(
      identifier: "org.docrepl.jsonc", conformsTo: ["public.text"],
      tags: [.filenameExtension: ["jsonc"]], description: "JSON with Comments")
  }
}
