public import DocKit
public import DocScript
public import Foundation

extension BinaryDocument: ScriptableReferenceDocument {
  public static var scriptTypeNames: [ScriptTypeName] { [ScriptTypeName("binary", .data)] }

  public static func makeUntitled(contentType: UTType) -> BinaryDocument { BinaryDocument() }

  /// A hex dump in the form of `hexdump -C`.
  public static func scriptDescription(of snapshot: Data) -> String {
    hexDump(snapshot, from: 0)
  }

  /// True: `show` prints a hex dump of the bytes.
  public static var scriptDescriptionIsDeterministic: Bool { true }

  /// `truncate 0`, then `patch 0` with the bytes in hex.
  public static func scriptContentCommands(of snapshot: Data) -> [String]? {
    let digits = Array("0123456789abcdef".utf8)
    var hex: [UInt8] = []
    hex.reserveCapacity(snapshot.count * 2)
    for byte in snapshot {
      hex.append(digits[Int(byte >> 4)])
      hex.append(digits[Int(byte & 15)])
    }
    return ["truncate 0"]
      + (snapshot.isEmpty ? [] : ["patch 0 " + String(decoding: hex, as: UTF8.self)])
  }

  @MainActor public func restore(_ snapshot: Data, undoManager: UndoManager?) throws {
    try replaceBytes(in: 0..<contents.count, with: snapshot, undoManager: undoManager)
  }

  @MainActor public static var scriptCommands: [DocumentCommand<BinaryDocument>] {
    [
      DocumentCommand(
        CommandSpec(
          "load", [BinaryParameter.file], summary: "replaces the content with a file's bytes",
          example: "load pixel.png", topic: .document)
      ) { context in
        let path = context.arguments[BinaryParameter.file]
        let url = try context.url(toRead: path)
        guard FileManager.default.fileExists(atPath: url.path) else {
          throw ScriptError("no such file '\(path.text)'", at: path)
        }
        let bytes: Data
        do {
          let wrapper = try FileWrapper(url: url, options: .immediate)
          guard let contents = wrapper.regularFileContents else {
            throw ScriptError("'\(path.text)' is not a regular file", at: path)
          }
          bytes = contents
        } catch let error as ScriptError {
          throw error
        } catch {
          throw ScriptError(context.errorMessage.text(for: error), at: path)
        }
        let document = context.session.document
        try document.replaceBytes(
          in: 0..<document.contents.count, with: bytes, undoManager: context.session.undoManager)
        context.session.undoManager.setActionName("Load \(path.text)")
      },
      DocumentCommand(
        CommandSpec(
          "hex", [BinaryParameter.optionalOffset, BinaryParameter.optionalLength],
          summary: "prints bytes as hexdump -C does, from OFFSET (0x… or decimal) for LENGTH",
          example: "hex 0x10 32", topic: .document)
      ) { context in
        let contents = context.session.document.contents
        let offset =
          try context.arguments[BinaryParameter.optionalOffset].map {
            try number($0, "OFFSET", in: 0...contents.count)
          } ?? 0
        let length =
          try context.arguments[BinaryParameter.optionalLength].map {
            try number($0, "LENGTH", in: 0...(contents.count - offset))
          }
          ?? (contents.count - offset)
        let dump = hexDump(contents.subdata(in: offset..<(offset + length)), from: offset)
        context.print(String(dump.dropLast()))
      },
      DocumentCommand(
        CommandSpec(
          "patch", [BinaryParameter.offset, BinaryParameter.bytes],
          summary: "overwrites bytes from OFFSET, extending the content if they run past its end",
          example: "patch 0x0 89504e47", topic: .document)
      ) { context in
        let offsetArgument = context.arguments[BinaryParameter.offset]
        let hex = context.arguments[BinaryParameter.bytes]
        let document = context.session.document
        let count = document.contents.count
        let offset = try number(offsetArgument, "OFFSET", in: 0...count)
        let bytes = try hexBytes(hex)
        try document.replaceBytes(
          in: offset..<min(count, offset + bytes.count), with: bytes,
          undoManager: context.session.undoManager)
        context.session.undoManager.setActionName("Patch \(offsetArgument.text)")
      },
      DocumentCommand(
        CommandSpec(
          "truncate", [BinaryParameter.length],
          summary: "cuts the content to LENGTH bytes, or extends it with zeros as truncate(1) does",
          example: "truncate 16", topic: .document)
      ) { context in
        let lengthArgument = context.arguments[BinaryParameter.length]
        let document = context.session.document
        let count = document.contents.count
        let length = try number(lengthArgument, "LENGTH", in: 0...(1 << 30))
        let undoManager = context.session.undoManager
        if length < count {
          try document.deleteBytes(in: length..<count, undoManager: undoManager)
        } else if length > count {
          try document.insertBytes(Data(count: length - count), at: count, undoManager: undoManager)
        } else {
          // Nothing changed: naming now would rename the previous step.
          return
        }
        undoManager.setActionName("Truncate \(length)")
      },
    ]
  }

  /// A decimal or `0x` hexadecimal number within `bounds`.
  static func number(
    _ argument: Argument, _ what: String, in bounds: ClosedRange<Int>
  ) throws(ScriptError) -> Int {
    let text = argument.text
    let value =
      text.hasPrefix("0x") || text.hasPrefix("0X") ? Int(text.dropFirst(2), radix: 16) : Int(text)
    guard let value else {
      // Digits too many for an Int are a number, just too big.
      let hexDigits = text.dropFirst(2)
      if Argument.isWholeNumber(text)
        || ((text.hasPrefix("0x") || text.hasPrefix("0X")) && !hexDigits.isEmpty
          && hexDigits.allSatisfy(\.isHexDigit))
      {
        throw Argument.outOfRange(what, text, bounds, at: argument)
      }
      throw ScriptError(
        "expected \(what) as a number (decimal or 0x…), not '\(text)'", at: argument)
    }
    guard bounds.contains(value) else {
      throw Argument.outOfRange(what, text, bounds, at: argument)
    }
    return value
  }

  /// Bytes from hex digits, with optional blanks and colons between pairs.
  static func hexBytes(_ argument: Argument) throws(ScriptError) -> Data {
    let digits = argument.text.filter { $0 != " " && $0 != ":" }
    guard !digits.isEmpty, digits.count % 2 == 0 else {
      throw ScriptError("expected pairs of hex digits, not '\(argument.text)'", at: argument)
    }
    var bytes = Data(capacity: digits.count / 2)
    var index = digits.startIndex
    while index < digits.endIndex {
      let next = digits.index(index, offsetBy: 2)
      // Only hex digits: UInt8(_:radix:) would take "+1" as a byte.
      guard digits[index..<next].allSatisfy(\.isHexDigit),
        let byte = UInt8(digits[index..<next], radix: 16)
      else {
        throw ScriptError("'\(digits[index..<next])' is not a hex byte", at: argument)
      }
      bytes.append(byte)
      index = next
    }
    return bytes
  }

  /// `hexdump -C`: offset, sixteen bytes in two groups of eight, the
  /// printable characters, and the final offset on a line of its own.
  static func hexDump(_ data: Data, from start: Int) -> String {
    let digits = Array("0123456789abcdef")
    func hex(_ value: Int, width: Int) -> String {
      var text = String(value, radix: 16)
      if text.count < width { text = String(repeating: "0", count: width - text.count) + text }
      return text
    }
    let bytes = [UInt8](data)
    var out = ""
    var row = 0
    while row < bytes.count {
      let slice = bytes[row..<min(row + 16, bytes.count)]
      var line = hex(start + row, width: 8) + "  "
      for column in 0..<16 {
        if column < slice.count {
          let byte = slice[slice.startIndex + column]
          line.append(digits[Int(byte >> 4)])
          line.append(digits[Int(byte & 15)])
          line += " "
        } else {
          line += "   "
        }
        if column == 7 { line += " " }
      }
      line +=
        " |" + String(slice.map { $0 >= 0x20 && $0 < 0x7F ? Character(UnicodeScalar($0)) : "." })
        + "|"
      out += line + "\n"
      row += 16
    }
    return out + hex(start + bytes.count, width: 8) + "\n"
  }
}

/// The parameters of a binary document's commands, each declared once: a
/// command's spec lists them and its handler reads them.
private enum BinaryParameter {
  /// The file `load` reads.
  static let file = CommandParameter.required("FILE")
  /// Where `patch` writes.
  static let offset = CommandParameter.required("OFFSET")
  /// What `patch` writes.
  static let bytes = CommandParameter.required("HEXBYTES")
  /// The length `truncate` cuts or extends to.
  static let length = CommandParameter.required("LENGTH")
  /// Where `hex` starts.
  static let optionalOffset = CommandParameter.optional("OFFSET")
  /// How much `hex` prints.
  static let optionalLength = CommandParameter.optional("LENGTH")
}
