import DocScript
import Foundation

/// Converts between a file's bytes in one of the encodings `open
/// --encoding` names (``DocScript/TextEncodingName``) and the UTF-8 that
/// ``TextLines`` holds.
///
/// Each conversion is one-to-one, so a line that is not edited is written
/// back as the bytes it was read from: ISO-8859-1 maps every byte to the
/// code point of its value; windows-1252 maps the five bytes it leaves
/// undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) to the C1 controls of their
/// value, as the WHATWG Encoding Standard does; UTF-16 keeps its
/// byte-order mark as the text's (``TextLines/hasByteOrderMark``). These
/// are this type's own codecs, not Foundation's converters, whose
/// handling of those corners differs between platforms.
enum TextCodec {
  /// What windows-1252 maps 0x80 to 0x9F to; nil where it maps the byte to
  /// the C1 control of its value.
  private static let windows1252High: [UInt32?] = [
    0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil, 0x017D, nil,
    nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil, 0x017E, 0x0178,
  ]

  /// Whether the codec reads and writes `encoding`.
  static func supports(_ encoding: String.Encoding) -> Bool {
    [.utf8, .utf16, .utf16LittleEndian, .utf16BigEndian, .isoLatin1, .windowsCP1252, .ascii]
      .contains(encoding)
  }

  /// `data`, read as `encoding`, as UTF-8; and the encoding to write it
  /// back in: `.utf16` becomes the byte order of its byte-order mark, or
  /// big-endian without one (RFC 2781). UTF-8 is returned as it is, for
  /// ``TextLines`` to check.
  ///
  /// - Throws: ``FormatError/Code/invalidEncoding`` with the byte offset,
  ///   line and column of the first byte that is not of the encoding;
  ///   ``FormatError/Code/unsupportedContentType`` for an encoding it does
  ///   not read.
  static func decode(
    _ data: Data, as encoding: String.Encoding
  ) throws(FormatError) -> (utf8: Data, encoding: String.Encoding) {
    if encoding == .utf8 { return (data, .utf8) }
    let bytes = [UInt8](data)
    switch encoding {
    case .utf16:
      let order =
        data.starts(with: [0xFF, 0xFE]) ? String.Encoding.utf16LittleEndian : .utf16BigEndian
      return try decode(data, as: order)
    case .utf16LittleEndian, .utf16BigEndian:
      return (try decodeUTF16(bytes, littleEndian: encoding == .utf16LittleEndian), encoding)
    case .isoLatin1, .windowsCP1252, .ascii:
      var utf8: [UInt8] = []
      utf8.reserveCapacity(bytes.count + bytes.count / 8)
      for (offset, byte) in bytes.enumerated() {
        guard byte >= 0x80 else {
          utf8.append(byte)
          continue
        }
        var scalar = UInt32(byte)
        if encoding == .ascii {
          throw invalid(byte: byte, at: offset, in: bytes, encoding: encoding)
        }
        if encoding == .windowsCP1252, byte <= 0x9F, let mapped = windows1252High[Int(byte - 0x80)]
        {
          scalar = mapped
        }
        appendUTF8(scalar, to: &utf8)
      }
      return (Data(utf8), encoding)
    default:
      throw FormatError(
        .unsupportedContentType,
        "the text type does not read \(TextEncodingName.name(of: encoding)); it reads "
          + TextEncodingName.supported)
    }
  }

  /// `utf8` (valid UTF-8) in `encoding`.
  ///
  /// - Throws: ``FormatError/Code/unrepresentableCharacter`` naming the
  ///   first character the encoding has no bytes for, and its line and
  ///   column (in UTF-8 bytes), in the message.
  static func encode(_ utf8: Data, as encoding: String.Encoding) throws(FormatError) -> Data {
    if encoding == .utf8 { return utf8 }
    guard supports(encoding), encoding != .utf16 else {
      throw FormatError(
        .unsupportedContentType,
        "the text type does not write \(TextEncodingName.name(of: encoding)); it writes "
          + TextEncodingName.supported)
    }
    var output: [UInt8] = []
    output.reserveCapacity(
      encoding == .utf16LittleEndian || encoding == .utf16BigEndian
        ? utf8.count * 2 : utf8.count)
    var line = 1
    var lineStart = 0
    var offset = 0
    for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
      defer {
        offset += UTF8.width(scalar)
        if scalar == "\n" {
          line += 1
          lineStart = offset
        }
      }
      let value = scalar.value
      switch encoding {
      case .utf16LittleEndian, .utf16BigEndian:
        let units: [UInt16] =
          value < 0x10000
          ? [UInt16(value)]
          : [UInt16(0xD800 + (value - 0x10000) >> 10), UInt16(0xDC00 + (value - 0x10000) & 0x3FF)]
        for unit in units {
          let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
          output += encoding == .utf16LittleEndian ? [low, high] : [high, low]
        }
        continue
      default:
        break
      }
      if value < 0x80 || (encoding == .isoLatin1 && value <= 0xFF) {
        output.append(UInt8(value))
      } else if encoding == .windowsCP1252, let index = windows1252High.firstIndex(of: value) {
        output.append(UInt8(0x80 + index))
      } else if encoding == .windowsCP1252,
        (0xA0...0xFF).contains(value)
          || ((0x80...0x9F).contains(value) && windows1252High[Int(value - 0x80)] == nil)
      {
        output.append(UInt8(value))
      } else {
        // The place is in the message: the error is about the text, not
        // about a file, whose name a save does not give the writer.
        throw FormatError(
          .unrepresentableCharacter,
          "line \(line), column \(offset - lineStart + 1): \(describe(scalar)) cannot be written in "
            + "\(TextEncodingName.name(of: encoding)), the encoding the document saves in")
      }
    }
    return Data(output)
  }

  /// `'€' (U+20AC)`, or only the code point for a control or a space that
  /// does not show.
  static func describe(_ scalar: Unicode.Scalar) -> String {
    let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
    let shows =
      !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control
      && scalar.properties.generalCategory != .format
    return shows ? "'\(Character(scalar))' (\(code))" : code
  }

  /// UTF-16 bytes as UTF-8; a byte-order mark becomes U+FEFF.
  private static func decodeUTF16(
    _ bytes: [UInt8], littleEndian: Bool
  ) throws(FormatError) -> Data {
    let name = littleEndian ? "UTF-16LE" : "UTF-16BE"
    guard bytes.count % 2 == 0 else {
      throw FormatError(
        .invalidEncoding,
        "\(name) text has an even number of bytes; this file has \(bytes.count)",
        byteOffset: bytes.count - 1)
    }
    var utf8: [UInt8] = []
    utf8.reserveCapacity(bytes.count)
    var line = 1
    var lineStartUTF8 = 0
    var index = 0
    func unit(at index: Int) -> UInt16 {
      let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
      return littleEndian ? first | second << 8 : first << 8 | second
    }
    while index < bytes.count {
      let first = unit(at: index)
      var scalar = UInt32(first)
      var width = 2
      if (0xD800...0xDFFF).contains(first) {
        let second = index + 2 < bytes.count ? unit(at: index + 2) : 0
        guard first <= 0xDBFF, (0xDC00...0xDFFF).contains(second) else {
          throw FormatError(
            .invalidEncoding,
            "invalid \(name): an unpaired surrogate 0x\(String(first, radix: 16, uppercase: true)) at byte offset \(index)",
            line: line, column: utf8.count - lineStartUTF8 + 1, byteOffset: index)
        }
        scalar = 0x10000 + (UInt32(first - 0xD800) << 10) + UInt32(second - 0xDC00)
        width = 4
      }
      appendUTF8(scalar, to: &utf8)
      if scalar == 0x0A {
        line += 1
        lineStartUTF8 = utf8.count
      }
      index += width
    }
    return Data(utf8)
  }

  /// The error for `byte`, at `offset` in `bytes`, which `encoding` has
  /// no character for.
  private static func invalid(
    byte: UInt8, at offset: Int, in bytes: [UInt8], encoding: String.Encoding
  ) -> FormatError {
    let before = bytes[..<offset]
    let line = before.count { $0 == 0x0A } + 1
    let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
    return FormatError(
      .invalidEncoding,
      "invalid \(TextEncodingName.name(of: encoding)) byte 0x\(String(byte, radix: 16, uppercase: true)) at byte offset \(offset)",
      line: line, column: column, byteOffset: offset)
  }

  /// Appends `scalar`'s UTF-8 bytes.
  private static func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
    switch scalar {
    case ..<0x80:
      bytes.append(UInt8(scalar))
    case ..<0x800:
      bytes += [UInt8(0xC0 | scalar >> 6), UInt8(0x80 | scalar & 0x3F)]
    case ..<0x10000:
      bytes += [
        UInt8(0xE0 | scalar >> 12), UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F),
      ]
    default:
      bytes += [
        UInt8(0xF0 | scalar >> 18), UInt8(0x80 | scalar >> 12 & 0x3F),
        UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F),
      ]
    }
  }
}

extension String {
  /// The string with `0`s before it, up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: Swift.max(0, width - count)) + self
  }
}
