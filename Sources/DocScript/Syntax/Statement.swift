/// One step of a script: a command, or a group of statements that is one
/// undo step.
public indirect enum Statement: Hashable, Sendable {
  /// A command and its arguments.
  case command(Command)
  /// `group NAME { … }`.
  case group(Group)

  /// Where the statement is.
  package var range: SourceRange {
    switch self {
    case .command(let command): command.range
    case .group(let group): group.range
    }
  }

  /// The `#>` and `#!` lines that follow the statement.
  package var expectations: [Expectation] {
    switch self {
    case .command(let command): command.expectations
    case .group(let group): group.expectations
    }
  }
}

/// A command: its name and arguments as written, with the expected output
/// lines that follow it.
public struct Command: Hashable, Sendable {
  /// The words; the first is the command's name. Never empty.
  package var words: [Word]
  /// From the first word to the end of the last, heredoc operators
  /// included.
  package var range: SourceRange
  /// The `#>` and `#!` lines after the command.
  package var expectations: [Expectation]
  /// The last line the command takes up, heredoc bodies included: its
  /// expected output follows that line.
  package var lastLine: Int

  /// Creates a command.
  package init(
    words: [Word], range: SourceRange, expectations: [Expectation] = [], lastLine: Int? = nil
  ) {
    self.words = words
    self.range = range
    self.expectations = expectations
    self.lastLine = lastLine ?? range.end.line
  }

  /// The name as written, when it is a plain word.
  public var name: String? { words.first?.plainText }
}

/// `group NAME { … }`: statements that form one undo group.
public struct Group: Hashable, Sendable {
  /// The group's name, which becomes the undo action name.
  package var name: Word
  /// The statements inside the braces.
  package var body: [Statement]
  /// From `group` to the closing brace.
  package var range: SourceRange
  /// The `#>` and `#!` lines after the closing brace.
  package var expectations: [Expectation]

  /// Creates a group.
  package init(name: Word, body: [Statement], range: SourceRange, expectations: [Expectation] = [])
  {
    self.name = name
    self.body = body
    self.range = range
    self.expectations = expectations
  }
}
