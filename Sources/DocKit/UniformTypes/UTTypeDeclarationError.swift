public import Foundation

/// Why a type declaration was refused.
///
/// The wording of ``description`` may change; match on ``code``.
public struct UTTypeDeclarationError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem this is. New codes may be added.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }

    /// The identifier is empty, has characters other than letters, digits,
    /// `.` and `-`, or starts with the reserved `dyn.`.
    public static let invalidIdentifier = Code("invalidIdentifier")
    /// A tag is not valid for its class (an extension with a dot or slash,
    /// a MIME type without `type/subtype`).
    public static let invalidTag = Code("invalidTag")
    /// The identifier is already declared differently.
    public static let conflictingDeclaration = Code("conflictingDeclaration")
    /// The type would conform to itself.
    public static let circularConformance = Code("circularConformance")
    /// The declarations file is not JSON of the documented shape.
    public static let malformedFile = Code("malformedFile")

    public var description: String { name }
  }

  /// What kind of problem this is.
  public var code: Code
  /// The identifier of the declaration at fault, if known.
  public var identifier: String?
  /// Where the declaration came from: a file path, or `"code"`.
  public var source: String
  /// What is wrong.
  public var message: String

  /// Creates an error.
  public init(_ code: Code, identifier: String?, source: String, message: String) {
    self.code = code
    self.identifier = identifier
    self.source = source
    self.message = message
  }

  public var description: String {
    "\(source): " + (identifier.map { "\($0): " } ?? "") + message
  }

  public var errorDescription: String? { description }
}
