import DocFormats
import DocKit
import Foundation

/// The XML and old-style ASCII property list readers on any bytes in
/// their format (other bytes are skipped): they read a document or refuse
/// with a located error; a document read saves byte for byte; removing
/// the first entry of the root and setting its first value leave bytes
/// that read again (from scratch) to the value the document holds, and
/// undoing them gives back the bytes; the value written in Apple's layout
/// reads back as the same value.
enum PropertyListFuzzing {
  static func check(_ bytes: [UInt8], format: PropertyListFormat) {
    guard PropertyListFormat.detect(bytes) == format else { return }
    var document: PropertyListDocument
    do {
      document = try PropertyListDocument(bytes: bytes)
    } catch {
      precondition(
        error.code == .malformedPropertyList || error.code == .nestingTooDeep,
        "another kind of error: \(error)")
      precondition(
        error.byteOffset.map { (0...bytes.count).contains($0) } == true && error.line ?? 0 >= 1,
        "an error without a place in the input: \(error)")
      return
    }
    // ASCII bytes that are not one value may be a .strings file.
    precondition(
      document.format == format || (format == .ascii && document.format == .strings),
      "read as another format")
    let format = document.format
    precondition((try? document.data) == Data(bytes), "reading and saving changed the bytes")
    let value = document.value
    if let first = firstPointer(in: value) {
      edit(&document, bytes: bytes) { (document) throws(FormatError) in
        try document.remove(at: first)
      }
      edit(&document, bytes: bytes) { (document) throws(FormatError) in
        try document.set(.string("fuzz"), at: first)
      }
      edit(&document, bytes: bytes) { (document) throws(FormatError) in
        try document.set(value, at: "")
      }
    }
    let written: PropertyListDocument
    do {
      written = try PropertyListDocument(value: value, format: format)
    } catch {
      preconditionFailure("the value read does not write: \(error)")
    }
    let reread = try? PropertyListDocument(bytes: [UInt8](written.data))
    precondition(
      reread?.value == value || containsDate(value),
      "the value written reads back as another value")
  }

  /// Applies `body`; if it edits, the bytes read again from scratch to
  /// the document's value, and its undo gives back `bytes`.
  private static func edit(
    _ document: inout PropertyListDocument, bytes: [UInt8],
    _ body: (inout PropertyListDocument) throws(FormatError) -> DocumentEdit<PropertyListDocument>
  ) {
    guard let undo = try? body(&document) else {
      precondition((try? document.data) == Data(bytes), "a refused edit changed the bytes")
      return
    }
    let reread = try? PropertyListDocument(bytes: [UInt8](document.data))
    precondition(reread != nil, "an edit left bytes that do not read")
    precondition(reread?.value == document.value, "an edit's bytes read as another value")
    _ = undo.apply(to: &document)
    precondition((try? document.data) == Data(bytes), "an edit and its undo changed the bytes")
    precondition(
      (try? PropertyListDocument(bytes: bytes))?.value == document.value,
      "after the undo, the document holds another value")
  }

  /// The pointer of the root's first entry, if it is a non-empty
  /// container.
  private static func firstPointer(in value: PropertyListValue) -> String? {
    switch value {
    case .array(let items) where !items.isEmpty: return "/0"
    case .dictionary(let entries) where !entries.isEmpty:
      return "/"
        + entries[0].key.replacingOccurrences(of: "~", with: "~0")
        .replacingOccurrences(of: "/", with: "~1")
    default: return nil
    }
  }

  /// Whether `value` holds a date (which the XML writer writes in whole
  /// seconds, as Apple's does).
  private static func containsDate(_ value: PropertyListValue) -> Bool {
    switch value {
    case .date: true
    case .array(let items): items.contains(where: containsDate)
    case .dictionary(let entries): entries.contains { containsDate($0.value) }
    default: false
    }
  }
}
