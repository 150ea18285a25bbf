import DocFormats

/// The binary property list reader on any bytes: it reads a value or
/// refuses with a malformed-property-list error whose byte offset lies in
/// the input; a value it reads writes as a file that reads back as the
/// same value, and writing that again gives the same bytes.
enum BinaryPropertyListFuzzing {
  static func check(_ bytes: [UInt8]) {
    let value: PropertyListValue
    do {
      value = try BinaryPropertyList.read(bytes)
    } catch {
      precondition(error.code == .malformedPropertyList, "another kind of error: \(error)")
      precondition(
        error.byteOffset.map { (0...bytes.count).contains($0) } == true,
        "an error without a place in the input: \(error)")
      return
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
