package import Foundation

/// A declarations file, decoded: an app's `Info.plist` (an XML or binary
/// property list) or JSON with the same keys.
///
/// Decoding checks the file's shape only, and says where in the file a
/// value has the wrong type (`UTExportedTypeDeclarations[1]:
/// UTTypeConformsTo must hold strings`); whether identifiers and tags are
/// valid is checked when the declarations are registered.
package struct UTTypeDeclarationFile {
  /// A `CFBundleDocumentTypes` entry: where it is, its name, and the
  /// content types it opens.
  package struct DocumentType {
    /// `CFBundleDocumentTypes[n]`.
    package var place: String
    /// `CFBundleTypeName`, if given.
    package var name: String?
    /// `LSItemContentTypes`.
    package var contentTypes: [String]
  }

  /// The declarations to register: the exported ones, then the imported
  /// ones not set aside.
  package var declarations: [UTTypeDeclaration] = []
  /// The document types the file declares.
  package var documentTypes: [DocumentType] = []
  /// What decoding set aside.
  package var notes: [UTTypeDeclarationNote] = []
  /// The file's path, for errors and notes.
  package let source: String

  /// The keys read; every other key of an `Info.plist` is ignored, except
  /// one that starts with `UT`.
  static let exportedKey = "UTExportedTypeDeclarations"
  static let importedKey = "UTImportedTypeDeclarations"
  static let documentTypesKey = "CFBundleDocumentTypes"

  /// Decodes `data`: a binary property list (`bplist`), an XML property
  /// list (starting with `<`), else JSON.
  package init(data: Data, source: String) throws(UTTypeDeclarationError) {
    self.source = source
    let root = try Self.root(of: data, source: source)
    var exported: [Any] = []
    var imported: [Any] = []
    if let array = root as? [Any] {
      try decode(array, kind: .exported, place: "top-level array")
      return
    }
    guard let object = root as? [String: Any] else {
      throw malformed(
        "expected an object or an array of declarations (an Info.plist is a dictionary)")
    }
    for key in object.keys.sorted() where key.hasPrefix("UT") {
      guard key == Self.exportedKey || key == Self.importedKey else {
        throw malformed(
          "unknown key '\(key)' (expected \(Self.exportedKey) or \(Self.importedKey))")
      }
    }
    if let value = object[Self.exportedKey] {
      guard let list = value as? [Any] else {
        throw malformed("\(Self.exportedKey) must be an array")
      }
      exported = list
    }
    if let value = object[Self.importedKey] {
      guard let list = value as? [Any] else {
        throw malformed("\(Self.importedKey) must be an array")
      }
      imported = list
    }
    if let value = object[Self.documentTypesKey] {
      guard let list = value as? [Any] else {
        throw malformed("\(Self.documentTypesKey) must be an array")
      }
      try decodeDocumentTypes(list)
    }
    if !object.isEmpty, object[Self.exportedKey] == nil, object[Self.importedKey] == nil,
      object[Self.documentTypesKey] == nil
    {
      throw malformed(
        "declares no types: it has no \(Self.exportedKey), \(Self.importedKey) or \(Self.documentTypesKey)"
      )
    }
    try decode(exported, kind: .exported, place: Self.exportedKey)
    try decode(imported, kind: .imported, place: Self.importedKey)
  }

  /// The file's top-level value.
  private static func root(of data: Data, source: String) throws(UTTypeDeclarationError) -> Any {
    let start = data.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let isBinary = BinaryPropertyListReader.isBinaryPropertyList(data)
    // An XML property list starts with `<` (`<?xml`, `<!DOCTYPE` or
    // `<plist`), after an optional byte-order mark.
    let isXML =
      start.first == UInt8(ascii: "<") || start.starts(with: [0xEF, 0xBB, 0xBF, UInt8(ascii: "<")])
    if isBinary {
      // DocKit's own reader: Foundation's crashes on some hostile input.
      do {
        return try BinaryPropertyListReader.value(from: data)
      } catch {
        throw UTTypeDeclarationError(
          .malformedFile, identifier: nil, source: source,
          message: "not a valid binary property list: \(error)")
      }
    }
    if isXML {
      do {
        return try PropertyListSerialization.propertyList(from: data, format: nil)
      } catch {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        throw UTTypeDeclarationError(
          .malformedFile, identifier: nil, source: source,
          message: "not a valid XML property list"
            + (detail.map { ": \($0)" } ?? ""))
      }
    }
    do {
      return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw UTTypeDeclarationError(
        .malformedFile, identifier: nil, source: source,
        message: "not valid JSON (nor a property list, which starts with '<' or 'bplist')")
    }
  }

  private func malformed(_ message: String, _ identifier: String? = nil) -> UTTypeDeclarationError {
    UTTypeDeclarationError(.malformedFile, identifier: identifier, source: source, message: message)
  }

  /// Decodes one list of declarations. An imported declaration of an
  /// identifier the file exports is set aside with a note: the exported
  /// one wins, as on Apple platforms.
  private mutating func decode(
    _ entries: [Any], kind: UTTypeDeclaration.Kind, place name: String
  ) throws(UTTypeDeclarationError) {
    for (index, entry) in entries.enumerated() {
      let place = "\(name)[\(index)]"
      guard let fields = entry as? [String: Any] else {
        throw malformed("\(place) must be a dictionary")
      }
      guard let identifier = fields["UTTypeIdentifier"] as? String else {
        throw malformed("\(place) has no string UTTypeIdentifier")
      }
      func strings(_ value: Any?, _ field: String) throws(UTTypeDeclarationError) -> [String] {
        switch value {
        case nil: return []
        case let single as String: return [single]
        case let many as [Any]:
          var result: [String] = []
          for item in many {
            guard let string = item as? String else {
              throw malformed("\(field) must hold strings (in \(place))", identifier)
            }
            result.append(string)
          }
          return result
        default:
          throw malformed(
            "\(field) must be a string or an array of strings (in \(place))", identifier)
        }
      }
      var tags: [UTTagClass: [String]] = [:]
      if let specification = fields["UTTypeTagSpecification"] {
        guard let classes = specification as? [String: Any] else {
          throw malformed(
            "UTTypeTagSpecification must be a dictionary (in \(place))", identifier)
        }
        for (tagClass, value) in classes.sorted(by: { $0.key < $1.key }) {
          tags[UTTagClass(rawValue: tagClass)] = try strings(
            value, "UTTypeTagSpecification.\(tagClass)")
        }
      }
      for field in ["UTTypeDescription", "UTTypeReferenceURL"] {
        if let value = fields[field], !(value is String) {
          throw malformed("\(field) must be a string (in \(place))", identifier)
        }
      }
      let declaration = UTTypeDeclaration(
        identifier: identifier,
        conformsTo: try strings(fields["UTTypeConformsTo"], "UTTypeConformsTo"),
        tags: tags, description: fields["UTTypeDescription"] as? String,
        referenceURL: fields["UTTypeReferenceURL"] as? String, kind: kind)
      if kind == .imported,
        let winner = declarations.first(where: {
          $0.kind == .exported && $0.identifier.lowercased() == identifier.lowercased()
        })
      {
        notes.append(
          UTTypeDeclarationNote(
            identifier: identifier, source: source,
            message: "\(place) is ignored: the file also exports this identifier, "
              + "and the exported declaration wins"
              + (declaration.declaresSameType(as: winner)
                ? ""
                : " (the imported one conforms to \(declaration.conformsTo), "
                  + "the exported one to \(winner.conformsTo))")))
        continue
      }
      declarations.append(declaration)
    }
  }

  /// Checks `CFBundleDocumentTypes`: a list of dictionaries whose
  /// `LSItemContentTypes` hold strings.
  private mutating func decodeDocumentTypes(_ entries: [Any]) throws(UTTypeDeclarationError) {
    for (index, entry) in entries.enumerated() {
      let place = "\(Self.documentTypesKey)[\(index)]"
      guard let fields = entry as? [String: Any] else {
        throw malformed("\(place) must be a dictionary")
      }
      for field in ["CFBundleTypeName", "CFBundleTypeRole", "LSHandlerRank", "NSDocumentClass"] {
        if let value = fields[field], !(value is String) {
          throw malformed("\(place): \(field) must be a string")
        }
      }
      var contentTypes: [String] = []
      if let value = fields["LSItemContentTypes"] {
        guard let list = value as? [Any] else {
          throw malformed("\(place): LSItemContentTypes must be an array of strings")
        }
        for item in list {
          guard let identifier = item as? String else {
            throw malformed("\(place): LSItemContentTypes must hold strings")
          }
          contentTypes.append(identifier)
        }
      }
      documentTypes.append(
        DocumentType(
          place: place, name: fields["CFBundleTypeName"] as? String, contentTypes: contentTypes))
    }
  }

  /// A note for each content type a document type names that is declared
  /// neither by the system nor by the program (this file included), once
  /// the file's declarations are registered.
  package func undeclaredDocumentTypeNotes() -> [UTTypeDeclarationNote] {
    var notes: [UTTypeDeclarationNote] = []
    for documentType in documentTypes {
      for identifier in documentType.contentTypes
      where UTTypeRegistry.shared.declaration(for: identifier) == nil {
        notes.append(
          UTTypeDeclarationNote(
            identifier: identifier, source: source,
            message: "\(documentType.place)"
              + (documentType.name.map { " ('\($0)')" } ?? "")
              + " opens this type, which nothing declares: add it to \(Self.exportedKey) "
              + "or \(Self.importedKey)"))
      }
    }
    return notes
  }
}
