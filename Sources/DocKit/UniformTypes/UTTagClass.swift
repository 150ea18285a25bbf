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
  func normalized(_ tag: String) -> String? {
    let trimmed = tag.trimmingCharacters(in: .whitespaces)
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
      return lowered.replacingOccurrences(of: "; ", with: ";")
    default:
      return trimmed.isEmpty ? nil : trimmed
    }
  }
}
