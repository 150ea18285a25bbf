public import Foundation
import Glibc

extension UTType {
  /// Registers type declarations for this process, as Info.plist's
  /// `UTExportedTypeDeclarations` and `UTImportedTypeDeclarations` do on
  /// Apple platforms. All are registered, or none.
  ///
  /// Registering the same declaration again does nothing. An exported
  /// declaration that differs from an existing one for the same identifier
  /// is refused; an imported one defers to it.
  ///
  /// - Throws: ``UTTypeDeclarationError`` for an invalid identifier or tag,
  ///   a conflict, or a type that would conform to itself.
  public static func register(_ declarations: [UTTypeDeclaration]) throws(UTTypeDeclarationError) {
    try UTTypeRegistry.shared.register(declarations, source: "code")
  }

  /// Registers the declarations in an app's `Info.plist` (an XML or
  /// binary property list, as Xcode writes it) or in a JSON file with the
  /// same keys:
  ///
  ///     {
  ///       "UTExportedTypeDeclarations": [{
  ///         "UTTypeIdentifier": "com.example.notes",
  ///         "UTTypeConformsTo": ["com.apple.package"],
  ///         "UTTypeDescription": "Note Collection",
  ///         "UTTypeTagSpecification": {
  ///           "public.filename-extension": ["notes"],
  ///           "public.mime-type": "application/x-notes"
  ///         }
  ///       }],
  ///       "UTImportedTypeDeclarations": []
  ///     }
  ///
  /// `UTExportedTypeDeclarations` and `UTImportedTypeDeclarations` are
  /// registered; `CFBundleDocumentTypes` is checked, and a content type it
  /// names (`LSItemContentTypes`) that nothing declares gets a note. The
  /// other keys of an `Info.plist` are ignored, except an unknown key that
  /// starts with `UT`, which is refused as a likely typo. A top-level array
  /// is read as exported declarations. As in a property list,
  /// `UTTypeConformsTo` and each tag list may be a single string.
  /// `UTTypeReferenceURL` is kept; icon keys are accepted and ignored.
  ///
  /// Where the file both exports and imports one identifier, the exported
  /// declaration wins and the imported one is set aside with a note, as on
  /// Apple platforms.
  ///
  /// - Returns: The notes about what was set aside, for the caller to show.
  /// - Throws: ``UTTypeDeclarationError``, with the file's path as its
  ///   source and the place in the file (`UTExportedTypeDeclarations[1]`)
  ///   in its message.
  @discardableResult
  public static func registerDeclarations(
    contentsOf url: URL
  ) throws(UTTypeDeclarationError) -> [UTTypeDeclarationNote] {
    let data: Data
    do throws(SystemCallError) {
      // Through the file system, as every DocKit call is (following
      // links, as reading a declarations file always has).
      let file = try FileDescriptor.open(
        url.path, in: nil, flags: O_RDONLY | O_NOCTTY | O_CLOEXEC, path: url.path)
      data = try file.readAll(path: url.path)
    } catch {
      throw UTTypeDeclarationError(
        .malformedFile, identifier: nil, source: url.path,
        message: "cannot read the file: \(error.reason)")
    }
    let file = try UTTypeDeclarationFile(data: data, source: url.path)
    try UTTypeRegistry.shared.register(file.declarations, source: url.path)
    return file.notes + file.undeclaredDocumentTypeNotes()
  }
}

extension UTTypeDeclaration {
  /// Checks `declarations` as registering them would (identifiers, tags),
  /// without registering them: for the fuzzer.
  package static func validateForRegistration(
    _ declarations: [UTTypeDeclaration], source: String
  ) throws(UTTypeDeclarationError) {
    try UTTypeRegistry.validateEach(declarations, source: source)
  }

  /// Decodes Info.plist-style declarations from JSON or a property list;
  /// see ``UTTypeDeclarationFile``.
  package static func decodeDeclarations(
    from data: Data, source: String
  ) throws(UTTypeDeclarationError) -> [UTTypeDeclaration] {
    try UTTypeDeclarationFile(data: data, source: source).declarations
  }
}

extension UTType {
  /// A type a module declares for itself, as `try?` ``register(_:)`` and
  /// then ``init(exportedAs:conformingTo:)`` would, without building the
  /// type tables at start-up: the declaration `make` returns is registered
  /// when the tables are first used, and a declaration the program made
  /// earlier for the same identifier wins, as it would. For a module's
  /// `static let` of its own type:
  ///
  ///     extension UTType {
  ///       static let trip = UTType.declaredLazily("org.example.trip") {
  ///         UTTypeDeclaration(
  ///           identifier: "org.example.trip", conformsTo: ["com.apple.package"],
  ///           tags: [.filenameExtension: ["trip"]], description: "Trip")
  ///       }
  ///     }
  ///
  /// The type is always declared afterwards (by this declaration or the
  /// program's), so it is the declared type with `identifier`. Not Apple
  /// API: there, the app's Info.plist declares its types.
  public static func declaredLazily(
    _ identifier: String, _ make: @escaping @Sendable () -> UTTypeDeclaration
  ) -> UTType {
    UTTypeRegistry.shared.declareLazily(source: "code") { [make()] }
    return UTType(systemIdentifier: identifier)
  }
}
