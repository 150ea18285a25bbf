/// Base64 as XML property lists hold data: whitespace anywhere is passed
/// over; anything else outside the alphabet is refused.
enum PropertyListBase64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// What ``decode(_:)`` found.
  enum Decoded {
    case bytes([UInt8])
    case invalid(at: Int)
  }

  /// The bytes `text` encodes, or the offset (in `text`) of the first
  /// byte that is not base64.
  static func decode(_ text: ArraySlice<UInt8>) -> Decoded {
    var output: [UInt8] = []
    output.reserveCapacity(text.count * 3 / 4)
    var accumulator: UInt32 = 0
    var bits = 0
    var padding = 0
    for index in text.indices {
      let byte = text[index]
      let sextet: UInt32
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): sextet = UInt32(byte - UInt8(ascii: "A"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"): sextet = UInt32(byte - UInt8(ascii: "a") + 26)
      case UInt8(ascii: "0")...UInt8(ascii: "9"): sextet = UInt32(byte - UInt8(ascii: "0") + 52)
      case UInt8(ascii: "+"): sextet = 62
      case UInt8(ascii: "/"): sextet = 63
      case 0x20, 0x09, 0x0A, 0x0D: continue
      case UInt8(ascii: "="):
        padding += 1
        continue
      default: return .invalid(at: index)
      }
      if padding > 0 { return .invalid(at: index) }
      accumulator = accumulator << 6 | sextet
      bits += 6
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
        accumulator &= (1 << UInt32(bits)) - 1
      }
    }
    return .bytes(output)
  }

  /// `bytes` in base64, with padding, on one line.
  static func encode(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var iterator = bytes.makeIterator()
    while let first = iterator.next() {
      let second = iterator.next()
      let third = iterator.next()
      let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
      output.append(alphabet[Int(group >> 18 & 63)])
      output.append(alphabet[Int(group >> 12 & 63)])
      output.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 63)])
      output.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(group & 63)])
    }
    return output
  }
}
