import DocFormats
import DocKit
import Foundation

/// The JSON reader on any bytes: it accepts or refuses with a located
/// error; what it accepts it writes back byte for byte, an edit and its
/// undo give back those bytes, and its stable form reads back as the same
/// value and writes the same bytes again.
///
/// Read as JSON with comments, the same bytes give the same value if they
/// are JSON; what is accepted writes back byte for byte, and removing the
/// first member or element leaves JSON with comments that reads, and
/// whose undo gives back the bytes.
enum JSONFuzzing {
  static func check(_ bytes: [UInt8]) {
    checkWithComments(bytes)
    let value: JSONValue
    do {
      value = try JSONDocument.parse(bytes)
    } catch {
      precondition(error.line ?? 1 >= 1, "an error before line 1: \(error)")
      return
    }
    // Accepted JSON is UTF-8 (strings are checked, the rest is ASCII).
    guard var document = try? JSONDocument(text: String(decoding: bytes, as: UTF8.self)) else {
      preconditionFailure("parse accepted what the document refuses")
    }
    precondition(document.data == Data(bytes), "reading and writing changed the bytes")
    if case .array(let items) = value, !items.isEmpty, let undo = try? document.remove(at: "/0") {
      undo.apply(to: &document)
      precondition(document.data == Data(bytes), "remove and undo changed the bytes")
    }
    let text = JSONDocument(root: value).text
    let reread: JSONValue
    do {
      reread = try JSONDocument.parse(Array(text.utf8))
    } catch {
      preconditionFailure("the stable form does not read back: \(error)\n\(text)")
    }
    precondition(reread == value, "the stable form reads back as another value:\n\(text)")
    precondition(JSONDocument(root: reread).text == text, "the stable form is not stable")
    precondition(
      (try? JSONDocument(text: String(decoding: bytes, as: UTF8.self), dialect: .jsonWithComments))?
        .root == value, "JSON reads as another value as JSON with comments")
  }

  private static func checkWithComments(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard var document = try? JSONDocument(text: text, dialect: .jsonWithComments) else { return }
    let read = document.data
    precondition(
      read == Data(text.utf8), "reading and writing JSON with comments changed the bytes")
    let first: String
    switch document.root {
    case .array(let items) where !items.isEmpty: first = "/0"
    case .object(let members) where !members.isEmpty:
      first =
        "/"
        + members[0].key.replacingOccurrences(of: "~", with: "~0")
        .replacingOccurrences(of: "/", with: "~1")
    default: return
    }
    guard let undo = try? document.remove(at: first) else { return }
    precondition(
      (try? JSONDocument(text: document.text, dialect: .jsonWithComments)) != nil,
      "a removal left what does not read as JSON with comments:\n\(document.text)")
    undo.apply(to: &document)
    precondition(document.data == read, "remove and undo changed JSON with comments")
  }
}
