import DocKit
import Foundation

/// `UTType` declaration files on any bytes (JSON, or an XML or binary
/// property list such as an app's `Info.plist`): decoding gives declarations or
/// an error that names the file, and so does checking the declarations as
/// registration does (identifiers, tags).
///
/// Decoding checks the file's shape only; whether an identifier or a tag
/// is valid is checked when the declarations are registered (an empty
/// `UTTypeIdentifier` decodes, and registering it is refused with
/// `invalidIdentifier`). The fuzzer's first finding was this target
/// asserting more than decoding promises; the input is kept under
/// `Tests/Fuzz/Crashes/type-declarations/`.
enum TypeDeclarationFuzzing {
  static func check(_ bytes: [UInt8]) {
    do {
      let declarations = try UTTypeDeclaration.decodeDeclarations(
        from: Data(bytes), source: "fuzz.json")
      try UTTypeDeclaration.validateForRegistration(declarations, source: "fuzz.json")
    } catch {
      precondition(error.source == "fuzz.json", "an error that does not name the file: \(error)")
      precondition(!error.description.isEmpty, "an error without a message")
    }
  }
}
