import Foundation

/// A uniform type identifier: what kind of data a file or document holds,
/// with Apple's identifiers, conformances and tags.
///
///     let type = UTType(filenameExtension: "md")     // .markdown
///     type?.conforms(to: .plainText)                 // true
///     type?.preferredMIMEType                        // "text/markdown"
///
/// Types are declared by the system (see `systemDeclarations`) or by the
/// program, with ``register(_:)`` or a JSON declarations file (the Linux
/// stand-in for Info.plist). A tag no declared type claims gives a
/// *dynamic* type, whose identifier starts with `dyn.`.
///
/// Two types are equal when their identifiers are.
public struct UTType: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The type's identifier, such as `"public.json"`.
  public let identifier: String

  /// For a type the registry does not declare (dynamic, or exported or
  /// imported without a declaration): its parents and tags.
  private let undeclared: Undeclared?

  private struct Undeclared: Sendable {
    var parents: [String]
    var tags: [UTTagClass: [String]]
  }

  /// A system type known to be declared.
  init(systemIdentifier: String) {
    identifier = systemIdentifier
    undeclared = nil
  }

  private init(identifier: String, undeclared: Undeclared?) {
    self.identifier = identifier
    self.undeclared = undeclared
  }

  /// What the type is known by while the registry does not declare it:
  /// nil for a declared type. A type made by ``init(exportedAs:conformingTo:)``
  /// before its declaration was registered (an app's Info.plist, read
  /// after the type's static property was first made) is the declared
  /// type from the moment the declaration is registered, as on Apple
  /// platforms, where the declarations are read before any code runs.
  private var pending: Undeclared? {
    guard let undeclared else { return nil }
    if !isDynamic, UTTypeRegistry.shared.declaration(for: identifier) != nil { return nil }
    return undeclared
  }

  private static func declared(_ identifier: String) -> UTType? {
    UTTypeRegistry.shared.declaration(for: identifier).map {
      UTType(systemIdentifier: $0.identifier)
    }
  }

  private static func dynamic(
    tag: String, tagClass: UTTagClass, conformingTo parent: UTType
  ) -> UTType {
    let contents = DynamicTypeIdentifier.Contents(
      tag: tag, tagClass: tagClass, conformingTo: parent.identifier)
    return UTType(
      identifier: DynamicTypeIdentifier.make(contents),
      undeclared: Undeclared(parents: [parent.identifier], tags: [tagClass: [tag]]))
  }

  // MARK: - Creating types

  /// The declared or dynamic type with `identifier`, or nil if there is
  /// none. Identifiers are compared without regard to case.
  public init?(_ identifier: String) {
    if let declared = Self.declared(identifier) {
      self = declared
    } else if let contents = DynamicTypeIdentifier.parse(identifier) {
      self.init(
        identifier: identifier,
        undeclared: Undeclared(
          parents: [contents.conformingTo], tags: [contents.tagClass: [contents.tag]]))
    } else {
      return nil
    }
  }

  /// The first declared type with `filenameExtension` that conforms to
  /// `supertype`; a dynamic type if none does; nil if the extension is
  /// not valid (empty, with a leading dot, or containing `/`).
  public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
    self.init(tag: filenameExtension, tagClass: .filenameExtension, conformingTo: supertype)
  }

  /// The first declared type with `mimeType` that conforms to `supertype`;
  /// a dynamic type if none does; nil if `mimeType` is not `type/subtype`.
  public init?(mimeType: String, conformingTo supertype: UTType = .data) {
    self.init(tag: mimeType, tagClass: .mimeType, conformingTo: supertype)
  }

  /// The first declared type with `tag` of `tagClass` conforming to
  /// `supertype` (any type if nil); a dynamic type if none does.
  public init?(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
    guard let found = Self.types(tag: tag, tagClass: tagClass, conformingTo: supertype).first else {
      return nil
    }
    self = found
  }

  /// Every declared type with `tag` that conforms to `supertype`, first
  /// declared first; a single dynamic type if none does; empty if the tag
  /// is not valid for its class.
  ///
  /// - Complexity: O(*m*) for the *m* types claiming the tag.
  public static func types(
    tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?
  ) -> [UTType] {
    guard let normalized = tagClass.normalized(tag) else { return [] }
    let matches = UTTypeRegistry.shared.identifiers(forTag: normalized, tagClass: tagClass)
      .map(UTType.init(systemIdentifier:))
      .filter { supertype.map($0.conforms(to:)) ?? true }
    if !matches.isEmpty { return matches }
    return [dynamic(tag: normalized, tagClass: tagClass, conformingTo: supertype ?? .data)]
  }

  /// A type this program owns and declares. If no declaration was
  /// registered for `identifier`, the type still works, conforming to
  /// `parentType` alone, but ``isDeclared`` is false.
  public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) {
    self =
      Self.declared(identifier)
      ?? UTType(
        identifier: identifier,
        undeclared: Undeclared(parents: parentType.map { [$0.identifier] } ?? [], tags: [:]))
  }

  /// A type another program owns. Behaves as
  /// ``init(exportedAs:conformingTo:)``; an imported declaration defers to
  /// any other declaration of the identifier.
  public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
    self.init(exportedAs: identifier, conformingTo: parentType)
  }

  // MARK: - Properties

  /// The identifier.
  public var description: String { identifier }
  public var debugDescription: String { "<UTType \(identifier)>" }

  /// Tags by class, the preferred tag first.
  public var tags: [UTTagClass: [String]] {
    pending?.tags ?? UTTypeRegistry.shared.declaration(for: identifier)?.normalizedTags ?? [:]
  }

  /// The preferred filename extension, without a dot: `"json"`.
  public var preferredFilenameExtension: String? { tags[.filenameExtension]?.first }

  /// The preferred MIME type: `"application/json"`.
  public var preferredMIMEType: String? { tags[.mimeType]?.first }

  /// The type's description in English, such as `"JSON"` or
  /// `"PDF document"`; nil for dynamic and undeclared types.
  public var localizedDescription: String? {
    guard pending == nil else { return nil }
    return UTTypeRegistry.shared.declaration(for: identifier)?.description
  }

  /// Whether the type was made up for a tag no declared type claims.
  public var isDynamic: Bool { identifier.lowercased().hasPrefix("dyn.") }

  /// Whether the type has a declaration, from the system or the program.
  public var isDeclared: Bool {
    pending == nil && UTTypeRegistry.shared.declaration(for: identifier) != nil
  }

  /// Whether the type's identifier is in the reserved `public.` domain.
  public var isPublic: Bool { identifier.lowercased().hasPrefix("public.") }

  // MARK: - Conformance

  /// Every type this type conforms to, directly or through its parents,
  /// not including itself.
  public var supertypes: Set<UTType> {
    Set(supertypeIdentifiers.compactMap(Self.declared))
  }

  /// Whether this type is `type` or conforms to it, directly or not.
  ///
  /// - Complexity: O(1) after the first call for a declared type.
  public func conforms(to type: UTType) -> Bool {
    self == type || supertypeIdentifiers.contains(type.identifier.lowercased())
  }

  /// Whether this type conforms to `type` and is not `type`.
  public func isSubtype(of type: UTType) -> Bool {
    self != type && conforms(to: type)
  }

  /// Whether `type` conforms to this type and is not it.
  public func isSupertype(of type: UTType) -> Bool {
    type.isSubtype(of: self)
  }

  private var supertypeIdentifiers: Set<String> {
    if let parents = pending?.parents {
      return UTTypeRegistry.shared.closure(ofParents: parents)
    }
    return UTTypeRegistry.shared.supertypes(of: identifier)
  }

  // MARK: - Equality

  public static func == (lhs: UTType, rhs: UTType) -> Bool {
    lhs.identifier == rhs.identifier
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(identifier)
  }

  /// Whether `identifier` is made of letters, digits, `.` and `-`, with no
  /// empty component.
  static func isValidIdentifier(_ identifier: String) -> Bool {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
    let components = identifier.split(separator: ".", omittingEmptySubsequences: false)
    return !identifier.isEmpty
      && components.allSatisfy { !$0.isEmpty && $0.allSatisfy(allowed.contains) }
  }
}
