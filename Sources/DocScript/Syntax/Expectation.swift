/// A `#>` or `#!` line after a command: what the command is expected to
/// print. The interpreter treats it as a comment; the test runner compares.
package struct Expectation: Hashable, Sendable {
  /// Which stream the line is about.
  package enum Kind: String, Hashable, Sendable {
    /// `#>`: a line of standard output.
    case output = "#>"
    /// `#!`: a line of diagnostics.
    case diagnostic = "#!"
  }

  /// Which stream the line is about.
  package var kind: Kind
  /// The expected line, without the marker and the one space after it.
  package var text: String
  /// Where the marker is.
  package var location: SourceLocation

  /// Creates an expectation.
  package init(kind: Kind, text: String, location: SourceLocation) {
    self.kind = kind
    self.text = text
    self.location = location
  }
}
