/// What Apple's `UTExportedTypeDeclarations` and
/// `UTImportedTypeDeclarations` say about one type: its identifier, the
/// types it conforms to, its tags and its description.
///
/// Declare a document type in code:
///
///     try UTType.register([
///       UTTypeDeclaration(
///         identifier: "com.example.notes",
///         conformsTo: ["com.apple.package"],
///         tags: [.filenameExtension: ["notes"]],
///         description: "Note Collection")
///     ])
///     let notes = UTType(exportedAs: "com.example.notes")
///
/// or load the same from a JSON file with Info.plist's keys, through
/// ``UTType/registerDeclarations(contentsOf:)``.
public struct UTTypeDeclaration: Hashable, Sendable {
  /// Whether the declaring program owns the type (exported) or describes a
  /// type that another program owns (imported).
  public enum Kind: String, Hashable, Sendable {
    /// `UTExportedTypeDeclarations`: a conflicting declaration is an error.
    case exported
    /// `UTImportedTypeDeclarations`: defers to an existing declaration.
    case imported
  }

  /// `UTTypeIdentifier`, such as `"com.example.notes"`.
  public var identifier: String
  /// `UTTypeConformsTo`: the identifiers of the direct parents.
  public var conformsTo: [String]
  /// `UTTypeTagSpecification`: tags by class, preferred tag first.
  public var tags: [UTTagClass: [String]]
  /// `UTTypeDescription`, in English.
  public var description: String?
  /// `UTTypeReferenceURL`, a page describing the format.
  public var referenceURL: String?
  /// Exported or imported.
  public var kind: Kind

  /// Creates a declaration.
  public init(
    identifier: String, conformsTo: [String] = [], tags: [UTTagClass: [String]] = [:],
    description: String? = nil, referenceURL: String? = nil, kind: Kind = .exported
  ) {
    self.identifier = identifier
    self.conformsTo = conformsTo
    self.tags = tags
    self.description = description
    self.referenceURL = referenceURL
    self.kind = kind
  }

  /// Whether two declarations say the same about the type: identifiers
  /// compared case-insensitively, tags as normalized, kind ignored.
  func declaresSameType(as other: UTTypeDeclaration) -> Bool {
    identifier.lowercased() == other.identifier.lowercased()
      && conformsTo.map { $0.lowercased() } == other.conformsTo.map { $0.lowercased() }
      && normalizedTags == other.normalizedTags && description == other.description
  }

  /// Tags in their stored form; invalid tags are dropped (``validate()``
  /// reports them first).
  var normalizedTags: [UTTagClass: [String]] {
    var result: [UTTagClass: [String]] = [:]
    for (tagClass, values) in tags {
      let normalized = values.compactMap { tagClass.normalized($0) }
      if !normalized.isEmpty { result[tagClass] = normalized }
    }
    return result
  }
}
