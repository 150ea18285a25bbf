import DocFormats
import DocKit
import Foundation

/// The JSON reader on any bytes: it accepts or refuses with a located
/// error; what it accepts it writes back byte for byte, an edit and its
/// undo give back those bytes, and its stable form reads back as the same
/// value and writes the same bytes again.
enum JSONFuzzing {
  static func check(_ bytes: [UInt8]) {
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
  }
}
