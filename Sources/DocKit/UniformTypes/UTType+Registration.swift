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

  /// Registers the declarations in a JSON file with Info.plist's keys:
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
  /// A top-level array is read as exported declarations. As in a property
  /// list, `UTTypeConformsTo` and each tag list may be a single string.
  /// `UTTypeReferenceURL` is kept; icon keys are accepted and ignored.
  ///
  /// - Throws: ``UTTypeDeclarationError``, with the file's path as its
  ///   source.
  public static func registerDeclarations(contentsOf url: URL) throws(UTTypeDeclarationError) {
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
    let declarations = try UTTypeDeclaration.decodeDeclarations(from: data, source: url.path)
    try UTTypeRegistry.shared.register(declarations, source: url.path)
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

  /// Decodes Info.plist-style declarations from JSON.
  package static func decodeDeclarations(
    from data: Data, source: String
  ) throws(UTTypeDeclarationError) -> [UTTypeDeclaration] {
    func malformed(_ message: String, _ identifier: String? = nil) -> UTTypeDeclarationError {
      UTTypeDeclarationError(
        .malformedFile, identifier: identifier, source: source, message: message)
    }
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw malformed("not valid JSON")
    }
    var lists: [(Kind, String, Any)] = []
    if let array = root as? [Any] {
      lists.append((.exported, "top-level array", array))
    } else if let object = root as? [String: Any] {
      for key in object.keys.sorted() {
        switch key {
        case "UTExportedTypeDeclarations": lists.append((.exported, key, object[key] ?? []))
        case "UTImportedTypeDeclarations": lists.append((.imported, key, object[key] ?? []))
        default:
          throw malformed(
            "unknown key '\(key)' (expected UTExportedTypeDeclarations or UTImportedTypeDeclarations)"
          )
        }
      }
    } else {
      throw malformed("expected an object or an array of declarations")
    }
    var declarations: [UTTypeDeclaration] = []
    for (kind, name, list) in lists {
      guard let entries = list as? [Any] else { throw malformed("\(name) must be an array") }
      for (index, entry) in entries.enumerated() {
        let place = "\(name)[\(index)]"
        guard let fields = entry as? [String: Any] else {
          throw malformed("\(place) must be an object")
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
                throw malformed("\(field) must hold strings", identifier)
              }
              result.append(string)
            }
            return result
          default: throw malformed("\(field) must be a string or an array of strings", identifier)
          }
        }
        var tags: [UTTagClass: [String]] = [:]
        if let specification = fields["UTTypeTagSpecification"] {
          guard let classes = specification as? [String: Any] else {
            throw malformed("UTTypeTagSpecification must be an object", identifier)
          }
          for (tagClass, value) in classes {
            tags[UTTagClass(rawValue: tagClass)] = try strings(
              value, "UTTypeTagSpecification.\(tagClass)")
          }
        }
        if let description = fields["UTTypeDescription"], !(description is String) {
          throw malformed("UTTypeDescription must be a string", identifier)
        }
        declarations.append(
          UTTypeDeclaration(
            identifier: identifier,
            conformsTo: try strings(fields["UTTypeConformsTo"], "UTTypeConformsTo"),
            tags: tags, description: fields["UTTypeDescription"] as? String,
            referenceURL: fields["UTTypeReferenceURL"] as? String, kind: kind))
      }
    }
    return declarations
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
