public import Foundation

/// Why a built-in document could not be read, written or edited.
///
/// Errors name the place: the file inside the document (`notes/a.json`),
/// and where known the line and column (1-based, the column in UTF-8
/// bytes) or the byte offset. The wording of ``description`` may change;
/// match on ``code``.
public struct FormatError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem this is. New codes may be added.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }

    /// Bytes that are not valid in the text's encoding (UTF-8 unless
    /// another was asked for).
    public static let invalidEncoding = Code("invalidEncoding")
    /// A character that the encoding a text is saved in has no bytes
    /// for (a `€` in ISO-8859-1).
    public static let unrepresentableCharacter = Code("unrepresentableCharacter")
    /// JSON that does not follow RFC 8259.
    public static let malformedJSON = Code("malformedJSON")
    /// A property list that Apple's parser refuses (XML, binary or
    /// old-style ASCII), with its line and column or byte offset.
    public static let malformedPropertyList = Code("malformedPropertyList")
    /// JSON nested deeper than the limit.
    public static let nestingTooDeep = Code("nestingTooDeep")
    /// A file the document needs is missing.
    public static let missingFile = Code("missingFile")
    /// A file or directory the document does not expect.
    public static let unexpectedEntry = Code("unexpectedEntry")
    /// A file whose contents are not what the document expects.
    public static let corruptFile = Code("corruptFile")
    /// A content type the document cannot read or write.
    public static let unsupportedContentType = Code("unsupportedContentType")
    /// An edit that does not fit the document (a line or byte range out
    /// of bounds, a duplicate note, a line containing a line break).
    public static let invalidEdit = Code("invalidEdit")
    /// A JSON Pointer that is malformed or names nothing.
    public static let invalidPointer = Code("invalidPointer")
    /// A file of a package larger than the format allows, refused by its
    /// size before it is read.
    public static let fileTooLarge = Code("fileTooLarge")

    public var description: String { name }
  }

  /// What kind of problem this is.
  public var code: Code
  /// What is wrong.
  public var message: String
  /// The file inside the document, if the error is about one.
  public var file: String?
  /// The 1-based line, if known.
  public var line: Int?
  /// The 1-based column in UTF-8 bytes, if known.
  public var column: Int?
  /// The 0-based byte offset, if known.
  public var byteOffset: Int?

  /// Creates an error.
  public init(
    _ code: Code, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
    byteOffset: Int? = nil
  ) {
    self.code = code
    self.message = message
    self.file = file
    self.line = line
    self.column = column
    self.byteOffset = byteOffset
  }

  /// The same error, about `file` if it names no file yet.
  func inFile(_ name: String?) -> FormatError {
    var copy = self
    copy.file = copy.file ?? name
    return copy
  }

  /// `file:line:col: message`, with the parts that are known.
  public var description: String {
    var place = [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(
      separator: ":")
    if let byteOffset, line == nil { place += (place.isEmpty ? "" : ": ") + "byte \(byteOffset)" }
    return place.isEmpty ? message : "\(place): \(message)"
  }

  public var errorDescription: String? { description }
}
