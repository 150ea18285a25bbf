/// A position in a script: 1-based line, and 1-based column counted in
/// UTF-8 bytes, as compilers report them.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The file the script came from, as the user named it, or a label such
  /// as `<stdin>`.
  public var file: String
  /// The line, starting at 1.
  public var line: Int
  /// The column in UTF-8 bytes, starting at 1.
  public var column: Int

  /// Creates a location.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
  }

  /// `file:line:col`.
  public var description: String { "\(file):\(line):\(column)" }
}
