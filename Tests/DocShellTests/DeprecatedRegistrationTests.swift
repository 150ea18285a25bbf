import DocFormats
import DocKit
import DocScript
import DocShell
import Foundation
import Testing

/// The registrations of before `register(_:kind:)` and
/// `DocumentType(_:kind:)` still work, as thin shims over them: the only
/// code in the repository that calls them. Deprecated itself, so that
/// calling them here is not a warning.
@available(*, deprecated, message: "tests the deprecated registrations")
@MainActor
enum DeprecatedRegistrations {
  static func registry() -> DocumentTypeRegistry {
    let registry = DocumentTypeRegistry()
    registry.register(PlainTextDocument.self)
    registry.register(BinaryDocument.self)
    registry.register(PlainTextDocument.self, name: "memo", newDocument: { PlainTextDocument() })
    registry.register(BinaryDocument.self, name: "blob", newDocument: { BinaryDocument() })
    return registry
  }

  static var documentTypes: [DocumentType] {
    [
      DocumentType(PlainTextDocument.self), DocumentType(BinaryDocument.self),
      DocumentType(name: "memo", newDocument: PlainTextDocument()),
      DocumentType(name: "blob", newDocument: { BinaryDocument() }),
    ]
  }
}

@Suite("The deprecated registrations still register")
struct DeprecatedRegistrationTests {
  @available(*, deprecated, message: "tests the deprecated registrations")
  @Test("The old register overloads and DocumentType initializers register each type")
  @MainActor
  func stillRegister() {
    let expected = ["binary", "blob", "markdown", "memo", "text"]
    #expect(DeprecatedRegistrations.registry().typeNames == expected)
    #expect(
      DocumentTypeRegistry(documentTypes: DeprecatedRegistrations.documentTypes).typeNames
        == expected)
  }
}
