public import Foundation

/// UniformTypeIdentifiers' additions to `URL`: a file name made from a
/// partial name and the type the file will hold.
extension URL {
  /// A URL made by appending `partialName` and, unless it already has
  /// one that fits, the preferred filename extension of `contentType`.
  ///
  /// If `partialName` already has an extension that is valid for
  /// `contentType` (an extension of the type itself or of a declared type
  /// that conforms to it), no extension is added: `puppy.jpg` conforming
  /// to `.image` stays `puppy.jpg`, while `puppy.jpg` conforming to
  /// `.plainText` becomes `puppy.jpg.txt`. To replace an extension, call
  /// `deletingPathExtension()` first. A type with no preferred extension
  /// adds none.
  ///
  /// The new component is a directory (the URL ends with `/`) when
  /// `contentType` conforms to `public.directory`, as a package does;
  /// the disk is never consulted.
  ///
  /// - Parameters:
  ///   - partialName: The name of the path component, without the type.
  ///   - contentType: The type that determines the extension.
  public func appendingPathComponent(
    _ partialName: String, conformingTo contentType: UTType
  )
    -> URL
  {
    appendingPathComponent(
      Self.fileName(partialName, conformingTo: contentType),
      isDirectory: contentType.conforms(to: .directory))
  }

  /// Appends `partialName` and, unless it already has one that fits, the
  /// preferred filename extension of `contentType`; see
  /// ``appendingPathComponent(_:conformingTo:)``.
  public mutating func appendPathComponent(
    _ partialName: String, conformingTo contentType: UTType
  ) {
    self = appendingPathComponent(partialName, conformingTo: contentType)
  }

  /// A URL made by appending the preferred filename extension of
  /// `contentType` to the last path component, unless that component
  /// already has an extension valid for the type (see
  /// ``appendingPathComponent(_:conformingTo:)``). A type with no
  /// preferred extension adds none.
  public func appendingPathExtension(for contentType: UTType) -> URL {
    let name = lastPathComponent
    guard !name.isEmpty, name != "/",
      let pathExtension = Self.missingExtension(of: name, for: contentType)
    else { return self }
    return appendingPathExtension(pathExtension)
  }

  /// Appends the preferred filename extension of `contentType` to the last
  /// path component; see ``appendingPathExtension(for:)``.
  public mutating func appendPathExtension(for contentType: UTType) {
    self = appendingPathExtension(for: contentType)
  }

  /// `partialName` with `contentType`'s preferred extension, unless it
  /// has one valid for the type already.
  static func fileName(_ partialName: String, conformingTo contentType: UTType) -> String {
    guard let pathExtension = missingExtension(of: partialName, for: contentType) else {
      return partialName
    }
    return partialName + "." + pathExtension
  }

  /// The extension to add to `name` for `contentType`: nil when the type
  /// has none, or when `name`'s own extension is valid for the type.
  static func missingExtension(of name: String, for contentType: UTType) -> String? {
    guard let preferred = contentType.preferredFilenameExtension else { return nil }
    if let existing = pathExtension(of: name), isExtension(existing, validFor: contentType) {
      return nil
    }
    return preferred
  }

  /// What follows the last dot of `name`, unless the dot begins the name
  /// (a hidden file's name is not an extension) or ends it.
  static func pathExtension(of name: String) -> String? {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let pathExtension = name[name.index(after: dot)...]
    return pathExtension.isEmpty ? nil : String(pathExtension)
  }

  /// Whether files named with `pathExtension` can be of `contentType`:
  /// the type itself claims it, or a declared type conforming to it does.
  static func isExtension(_ pathExtension: String, validFor contentType: UTType) -> Bool {
    if let own = contentType.tags[.filenameExtension],
      own.contains(where: { $0.lowercased() == pathExtension.lowercased() })
    {
      return true
    }
    return UTType.types(tag: pathExtension, tagClass: .filenameExtension, conformingTo: contentType)
      .contains { !$0.isDynamic }
  }
}
