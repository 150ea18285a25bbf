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

  /// The token as an array index: `0` or digits without a leading zero.
  static func index(_ token: String) -> Int? {
    guard let first = token.first, first != "+", first != "-", token == "0" || first != "0" else {
      return nil
    }
    return Int(token)
  }
}
