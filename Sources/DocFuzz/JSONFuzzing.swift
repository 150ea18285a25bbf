import DocFormats
import Foundation

/// The JSON reader on any bytes: it accepts or refuses with a located
/// error; what it accepts writes in a stable form that reads back as the
/// same value and writes the same bytes again.
enum JSONFuzzing {
  static func check(_ bytes: [UInt8]) {
    let value: JSONValue
    do {
      value = try JSONDocument.parse(bytes)
    } catch {
      precondition(error.line ?? 1 >= 1, "an error before line 1: \(error)")
      return
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
