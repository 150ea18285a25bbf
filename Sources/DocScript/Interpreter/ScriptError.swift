/// Why a command failed: a message, and the argument it is about.
///
/// Commands throw this (or any other error, whose description is used);
/// the interpreter turns it into a ``Diagnostic`` at the argument's range,
/// or at the command's when there is none.
public struct ScriptError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, lower case, without a final period.
  public var message: String
  /// The argument at fault, if one is.
  public var range: SourceRange?
  /// Notes to print after the message.
  public var notes: [Diagnostic.Note]
  /// Lines to print after the message: a diff, for example.
  public var detail: String?

  /// Creates an error.
  public init(
    _ message: String, at range: SourceRange? = nil, notes: [Diagnostic.Note] = [],
    detail: String? = nil
  ) {
    self.message = message
    self.range = range
    self.notes = notes
    self.detail = detail
  }

  /// Creates an error about `argument`.
  public init(
    _ message: String, at argument: Argument, notes: [Diagnostic.Note] = [], detail: String? = nil
  ) {
    self.init(message, at: argument.range, notes: notes, detail: detail)
  }

  public var description: String { message }
}
