public import DocKit

extension UTType {
  /// The note-collection package: `org.docrepl.note-collection`, extension
  /// `notes`, conforming to `com.apple.package`. Declared the first time it
  /// is used (``DocFormats/registerTypes()`` does that at start-up).
  public static let noteCollection: UTType = {
    // A program that declared this identifier differently keeps its
    // declaration; the type below then follows that one.
    try? UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.note-collection", conformsTo: ["com.apple.package"],
        tags: [.filenameExtension: ["notes"]], description: "Note Collection")
    ])
    return UTType(exportedAs: "org.docrepl.note-collection", conformingTo: .package)
  }()
}
