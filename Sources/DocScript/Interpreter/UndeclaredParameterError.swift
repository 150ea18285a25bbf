/// A command read a parameter that its spec does not declare, or declares
/// twice: a mistake in the command's code, not in a script.
package struct UndeclaredParameterError: Error, Equatable, CustomStringConvertible {
  /// The command's name.
  package var command: String
  /// The parameter as the usage line shows it.
  package var parameter: String
  /// Whether the spec declares it more than once, rather than not at all.
  package var isDeclaredTwice: Bool

  /// Creates the error for `parameter` of `command`.
  package init(command: String, parameter: String, isDeclaredTwice: Bool) {
    self.command = command
    self.parameter = parameter
    self.isDeclaredTwice = isDeclaredTwice
  }

  package var description: String {
    isDeclaredTwice
      ? "'\(command)' declares the parameter \(parameter) more than once, so reading it is ambiguous"
      : "'\(command)' reads the parameter \(parameter), which its CommandSpec does not declare"
  }
}
