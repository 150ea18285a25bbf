import DocKit

extension UTType {
  /// A ``Folio``: `org.docrepl.test.folio`, extension `folio`, a package.
  /// Declared the first time it is used.
  static let folio = UTType.declaredLazily("org.docrepl.test.folio") {
    UTTypeDeclaration(
      identifier: "org.docrepl.test.folio", conformsTo: ["com.apple.package"],
      tags: [.filenameExtension: ["folio"]], description: "Folio")
  }
}
