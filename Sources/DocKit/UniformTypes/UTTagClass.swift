import Foundation

/// A class of tag that identifies a type outside the type system: a
/// filename extension or a MIME type.
public struct UTTagClass: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String

  /// Creates a tag class from its identifier.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Filename extensions, without the leading dot: `"txt"`.
  public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")
  /// MIME types: `"text/plain"`.
  public static let mimeType = UTTagClass(rawValue: "public.mime-type")

  public var description: String { rawValue }

  /// The form in which tags of this class are stored and compared:
  /// filename extensions and MIME types are case-insensitive.
  ///
  /// Written without Foundation's string methods, which bridge through
  /// `NSString`: the system declarations' tags are all normalized when the
  /// registry starts, on every start of a program.
  func normalized(_ tag: String) -> String? {
    let trimmed = Self.trimmingWhitespace(tag)
    switch self {
    case .filenameExtension:
      let lowered = trimmed.lowercased()
      guard !lowered.isEmpty, !lowered.hasPrefix("."), lowered.utf8.count <= 255,
        !lowered.contains("/"), !lowered.contains("\u{0}")
      else { return nil }
      return lowered
    case .mimeType:
      let lowered = trimmed.lowercased()
      let essence = lowered.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let parts = essence.split(separator: "/", omittingEmptySubsequences: false)
      let token = Set("abcdefghijklmnopqrstuvwxyz0123456789!#$&^_.+-")
      guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(token.contains) })
      else { return nil }
      return Self.removingSpaceAfterSemicolons(lowered)
    default:
      return trimmed.isEmpty ? nil : trimmed
    }
  }

  /// `tag` without leading and trailing `CharacterSet.whitespaces` (the
  /// tab and the space separators, category Zs).
  private static func trimmingWhitespace(_ tag: String) -> String {
    func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
    let scalars = tag.unicodeScalars
    guard let first = scalars.first, let last = scalars.last,
      isWhitespace(first) || isWhitespace(last)
    else { return tag }
    guard let start = scalars.firstIndex(where: { !isWhitespace($0) }),
      let end = scalars.lastIndex(where: { !isWhitespace($0) })
    else { return "" }
    return String(scalars[start...end])
  }

  /// `text` with each `"; "` replaced by `";"`, left to right.
  private static func removingSpaceAfterSemicolons(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: ";")) else { return text }
    var result = ""
    var afterSemicolon = false
    for scalar in text.unicodeScalars {
      if afterSemicolon, scalar == " " {
        afterSemicolon = false
        continue
      }
      afterSemicolon = scalar == ";"
      result.unicodeScalars.append(scalar)
    }
    return result
  }
}
