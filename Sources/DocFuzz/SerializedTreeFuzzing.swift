import DocKit
import Foundation

/// `FileWrapper(serializedRepresentation:)` on any bytes: a tree it
/// accepts encodes, and the encoding decodes to a tree that encodes to the
/// same bytes; one it refuses says where.
enum SerializedTreeFuzzing {
  static func check(_ bytes: [UInt8]) {
    let tree: FileWrapper
    do {
      tree = try FileWrapper(validatingSerializedRepresentation: Data(bytes))
    } catch {
      precondition(!error.path.isEmpty, "a refusal that says nowhere: \(error)")
      precondition(FileWrapper(serializedRepresentation: Data(bytes)) == nil)
      return
    }
    guard let encoded = tree.serializedRepresentation else {
      preconditionFailure("a decoded tree does not encode")
    }
    guard let again = FileWrapper(serializedRepresentation: encoded) else {
      preconditionFailure("an encoded tree does not decode")
    }
    precondition(again.serializedRepresentation == encoded, "the encoding is not stable")
  }
}
