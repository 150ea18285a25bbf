import DocKit
import Foundation

/// `UTType` declaration files on any bytes: decoding gives declarations,
/// each with an identifier, or an error that names the file.
enum TypeDeclarationFuzzing {
  static func check(_ bytes: [UInt8]) {
    do {
      let declarations = try UTTypeDeclaration.decodeDeclarations(
        from: Data(bytes), source: "fuzz.json")
      for declaration in declarations {
        precondition(!declaration.identifier.isEmpty, "a declaration without an identifier")
      }
    } catch {
      precondition(error.source == "fuzz.json", "an error that does not name the file: \(error)")
      precondition(!error.description.isEmpty, "an error without a message")
    }
  }
}
