import DocFormats
import Foundation

/// The binary property list reader on any bytes: it reads a value or
/// refuses with a malformed-property-list error whose byte offset lies in
/// the input; a value it reads writes as a file that reads back as the
/// same value, and writing that again gives the same bytes. Bytes that
/// start `bplist`, opened as a document (held as its bytes, checked
/// without building values), give the same value or the same error at
/// the same offset, and an unchanged document saves them byte for byte.
enum BinaryPropertyListFuzzing {
  static func check(_ bytes: [UInt8]) {
    let value: PropertyListValue
    // Bytes starting `bplist` are the document's binary form; others it
    // reads as XML, ASCII or JSON.
    let isDocumentBinary = bytes.starts(with: Array("bplist".utf8))
    let document: PropertyListDocument?
    do {
      document = isDocumentBinary ? try PropertyListDocument(bytes: bytes) : nil
    } catch {
      document = nil
      do {
        _ = try BinaryPropertyList.read(bytes)
        preconditionFailure("the document refused what reads: \(error)")
      } catch let readError {
        precondition(
          readError.message == error.message && readError.byteOffset == error.byteOffset,
          "the document and the reader refuse differently: \(error) and \(readError)")
      }
    }
    do {
      value = try BinaryPropertyList.read(bytes)
    } catch {
      precondition(error.code == .malformedPropertyList, "another kind of error: \(error)")
      precondition(
        error.byteOffset.map { (0...bytes.count).contains($0) } == true,
        "an error without a place in the input: \(error)")
      return
    }
    if let document {
      precondition(
        (try? PropertyListDocument(value: value, format: .binary))?.value == document.value,
        "the document holds another value")
      precondition((try? document.data) == Data(bytes), "an unchanged document saved other bytes")
    } else if isDocumentBinary {
      preconditionFailure("the reader read what the document refused")
    }
    precondition(BinaryPropertyList.isBinary(bytes), "read what does not start as bplist0")
    let written = BinaryPropertyList.write(value)
    let reread: PropertyListValue
    do {
      reread = try BinaryPropertyList.read(written)
    } catch {
      preconditionFailure("what we wrote does not read back: \(error)")
    }
    precondition(reread == value, "what we wrote reads back as another value")
    precondition(BinaryPropertyList.write(reread) == written, "writing is not stable")
  }
}
