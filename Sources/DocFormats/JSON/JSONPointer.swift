import Foundation

/// An RFC 6901 JSON Pointer: `""` is the whole document, `/a/0/b~1c` is
/// member `b/c` of element 0 of member `a`.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
  /// The reference tokens, unescaped.
  public let tokens: [String]

  /// Parses a pointer.
  ///
  /// - Throws: ``FormatError/Code/invalidPointer`` for text that does not
  ///   start with `/` (other than `""`) or has a `~` not followed by `0` or
  ///   `1`.
  public init(_ text: String) throws(FormatError) {
    guard !text.isEmpty else {
      tokens = []
      return
    }
    guard text.hasPrefix("/") else {
      throw FormatError(
        .invalidPointer, "a JSON Pointer must be empty or start with '/': '\(text)'")
    }
    var tokens: [String] = []
    for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      var token = ""
      var escaping = false
      for character in raw {
        if escaping {
          switch character {
          case "0": token.append("~")
          case "1": token.append("/")
          default:
            throw FormatError(.invalidPointer, "'~' must be followed by '0' or '1' in '\(text)'")
          }
          escaping = false
        } else if character == "~" {
          escaping = true
        } else {
          token.append(character)
        }
      }
      if escaping {
        throw FormatError(.invalidPointer, "'~' must be followed by '0' or '1' in '\(text)'")
      }
      tokens.append(token)
    }
    self.tokens = tokens
  }

  init(tokens: [String]) {
    self.tokens = tokens
  }

  /// The pointer's text, escaped.
  public var description: String {
    tokens.map {
      "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
    .joined()
  }

  /// Why `token` names no element of an array of `count` elements, for
  /// the error about `pointer`: RFC 6901 writes an index without leading
  /// zeros, so `01` is refused with the index to write instead.
  static func notAnIndex(_ token: String, count: Int, in pointer: JSONPointer) -> String {
    if hasLeadingZero(token) {
      let digits = token.drop { $0 == "0" }
      let corrected = JSONPointer(
        tokens: pointer.tokens.dropLast() + [digits.isEmpty ? "0" : String(digits)])
      return
        "\(pointer) has the array index '\(token)' with a leading zero, which JSON Pointer (RFC 6901) does not allow; write \(corrected)"
    }
    return "\(pointer) does not exist (the array has \(count) elements)"
  }

  /// Whether `token` is digits with a leading zero, such as `01`: a
  /// number, but not an array index as RFC 6901 writes one.
  static func hasLeadingZero(_ token: String) -> Bool {
    token.count > 1 && token.first == "0" && token.allSatisfy { ("0"..."9").contains($0) }
  }

  /// The token as an array index: `0` or digits without a leading zero.
  static func index(_ token: String) -> Int? {
    guard let first = token.first, first != "+", first != "-", token == "0" || first != "0" else {
      return nil
    }
    return Int(token)
  }
}
