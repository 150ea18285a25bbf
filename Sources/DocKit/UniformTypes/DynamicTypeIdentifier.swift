/// Identifiers for dynamic types: types made up for a tag that no declared
/// type claims, such as the extension `"xyz"`.
///
/// Like Apple's, they start with `dyn.` and carry the tag and the
/// conformance inside them, in base 32 over Apple's alphabet, so
/// `UTType("dyn.…")` recovers the same type. The payload is DocKit's own
/// (see `docs/differences.md`): a version byte (1); the conformance as an
/// index into ``commonParents`` or 0 and a string; the tag class as 1
/// (filename extension), 2 (MIME type) or 0 and a string; then the tag as a
/// string. A string is a LEB128 length and UTF-8.
enum DynamicTypeIdentifier {
  private static let alphabet = Array("abcdefghkmnpqrstuvwxyz0123456789".utf8)
  private static let prefix = "dyn.a"

  struct Contents: Hashable, Sendable {
    var tag: String
    var tagClass: UTTagClass
    var conformingTo: String
  }

  /// Parents common enough to get a one-byte code, numbered from 1.
  private static let commonParents = [
    "public.data", "public.item", "public.content", "public.text", "public.directory",
    "public.image", "public.audiovisual-content", "public.archive", "com.apple.package",
  ]
  private static let tagClasses: [UTTagClass] = [.filenameExtension, .mimeType]

  static func make(_ contents: Contents) -> String {
    var bytes: [UInt8] = [1]
    func append(_ string: String) {
      var length = string.utf8.count
      repeat {
        bytes.append(UInt8(length & 0x7F) | (length > 0x7F ? 0x80 : 0))
        length >>= 7
      } while length > 0
      bytes += string.utf8
    }
    if let index = commonParents.firstIndex(of: contents.conformingTo) {
      bytes.append(UInt8(index + 1))
    } else {
      bytes.append(0)
      append(contents.conformingTo)
    }
    if let index = tagClasses.firstIndex(of: contents.tagClass) {
      bytes.append(UInt8(index + 1))
    } else {
      bytes.append(0)
      append(contents.tagClass.rawValue)
    }
    append(contents.tag)
    var text = prefix
    var buffer = 0
    var bits = 0
    for byte in bytes {
      buffer = buffer << 8 | Int(byte)
      bits += 8
      while bits >= 5 {
        bits -= 5
        text.unicodeScalars.append(Unicode.Scalar(alphabet[(buffer >> bits) & 31]))
      }
      buffer &= (1 << bits) - 1
    }
    if bits > 0 {
      text.unicodeScalars.append(Unicode.Scalar(alphabet[(buffer << (5 - bits)) & 31]))
    }
    return text
  }

  /// The contents of a dynamic identifier, or nil if it is not one this
  /// module made (only the canonical spelling is accepted).
  static func parse(_ identifier: String) -> Contents? {
    guard identifier.hasPrefix(prefix) else { return nil }
    var bytes: [UInt8] = []
    var buffer = 0
    var bits = 0
    for character in identifier.utf8.dropFirst(prefix.utf8.count) {
      guard let value = alphabet.firstIndex(of: character) else { return nil }
      buffer = buffer << 5 | value
      bits += 5
      if bits >= 8 {
        bits -= 8
        bytes.append(UInt8((buffer >> bits) & 0xFF))
        buffer &= (1 << bits) - 1
      }
    }
    var offset = 0
    func byte() -> UInt8? {
      guard offset < bytes.count else { return nil }
      defer { offset += 1 }
      return bytes[offset]
    }
    func string() -> String? {
      var length = 0
      var shift = 0
      while let next = byte() {
        length |= Int(next & 0x7F) << shift
        shift += 7
        if next & 0x80 == 0 {
          guard offset + length <= bytes.count else { return nil }
          defer { offset += length }
          return String(validating: bytes[offset..<offset + length], as: UTF8.self)
        }
        guard shift < 28 else { return nil }
      }
      return nil
    }
    func coded(_ table: [String]) -> String? {
      guard let code = byte() else { return nil }
      if code == 0 { return string() }
      return Int(code) <= table.count ? table[Int(code) - 1] : nil
    }
    guard byte() == 1, let parent = coded(commonParents),
      let tagClass = coded(tagClasses.map(\.rawValue)), let tag = string()
    else { return nil }
    let contents = Contents(
      tag: tag, tagClass: UTTagClass(rawValue: tagClass), conformingTo: parent)
    return make(contents) == identifier ? contents : nil
  }
}
