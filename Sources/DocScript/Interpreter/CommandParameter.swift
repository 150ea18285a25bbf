/// One thing a command takes, declared once as a typed value: the
/// command's ``CommandSpec`` lists it, and the command reads it from its
/// ``ParsedArguments`` through the same value, as the type the parameter
/// guarantees.
///
///     let line = CommandParameter.required("N")                 // Argument
///     let text = CommandParameter.rest("TEXT")                  // [Argument]
///     let force = CommandParameter.flag("force")                // Bool
///     let at = CommandParameter.option("at", value: "COLUMN")   // Argument?
///     DocumentCommand<Notes>(
///       CommandSpec("insert", [line, text, force, at], summary: "inserts TEXT at line N",
///                   example: "insert 2 Bread", topic: .document)
///     ) { context in
///       let n = try context.arguments[line].integer("N")
///       …
///     }
///
/// A required parameter arrives as an ``Argument``, never nil: parsing has
/// already refused a command that lacks it. Reading a parameter that the
/// command's spec does not declare is a programmer error; it stops the
/// program with a message that names the command and the parameter.
public struct CommandParameter<Value>: AnyCommandParameter {
  /// The parameter as the spec's usage line, parsing and `help` see it.
  public let declaration: CommandSpec.Parameter
  /// Reads the value from parsed arguments, given the parameter's place
  /// among the positionals (nil for a flag, option or keyword).
  let read: @Sendable (ParsedArguments, Int?) -> Value
}

extension CommandParameter where Value == Argument {
  /// A required word, shown as its name (`PATH`); read as an ``Argument``.
  public static func required(_ name: String) -> Self {
    Self(declaration: .required(name)) { arguments, index in
      guard let index, index < arguments.positionals.count else {
        fatalError("'\(arguments.commandName)' has no \(name): its parser was bypassed")
      }
      return arguments.positionals[index]
    }
  }
}

extension CommandParameter where Value == Argument? {
  /// An optional word, shown in brackets (`[NAME]`); read as an
  /// ``Argument``, or nil when it is not given.
  public static func optional(_ name: String) -> Self {
    Self(declaration: .optional(name)) { arguments, index in
      guard let index, index < arguments.positionals.count else { return nil }
      return arguments.positionals[index]
    }
  }

  /// `--name VALUE`; read as the value's ``Argument``, or nil when the
  /// option is not given.
  public static func option(_ name: String, value: String) -> Self {
    Self(declaration: .option(name, value: value)) { arguments, _ in arguments.options[name] }
  }

  /// A plain keyword and a value, anywhere after the command (`as NAME`,
  /// `to PATH`); read as the value's ``Argument``, or nil when the keyword
  /// is not given.
  public static func keyword(_ word: String, value: String) -> Self {
    Self(declaration: .keyword(word, value: value)) { arguments, _ in arguments.options[word] }
  }
}

extension CommandParameter where Value == [Argument] {
  /// Any number of further words (`[TEXT…]`); read as the words given,
  /// perhaps none.
  public static func rest(_ name: String) -> Self {
    Self(declaration: .rest(name)) { arguments, index in
      guard let index else { return [] }
      return Array(arguments.positionals.dropFirst(index))
    }
  }
}

extension CommandParameter where Value == Bool {
  /// `--name`, with no value; read as whether it was given.
  public static func flag(_ name: String) -> Self {
    Self(declaration: .flag(name)) { arguments, _ in arguments.flags.contains(name) }
  }
}
