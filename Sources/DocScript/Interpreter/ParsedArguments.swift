/// A command's arguments sorted by its ``CommandSpec``: positionals, flags,
/// options and keywords, each with where it was written.
///
/// A plain word starting with `--` is a flag or an option; `--` alone ends
/// them; a quoted `"--x"` is always positional. A plain keyword such as
/// `as` or `to` takes the next word as its value. A command that takes
/// any number of words and has no options (`print`, `expect-error`) takes
/// every word as it is.
public struct ParsedArguments: Sendable {
  /// The command's own word.
  public var command: Argument
  /// The positional arguments, in order.
  public var positionals: [Argument]
  /// The flags given, without their dashes.
  public var flags: Set<String>
  /// Option and keyword values, by name (without dashes).
  public var options: [String: Argument]
  /// The whole command, for messages: from its name to its last word.
  public var range: SourceRange
  /// The spec's name, for the message about a parameter it does not
  /// declare.
  let commandName: String
  /// The spec's parameters, which a ``CommandParameter`` is looked up in.
  let declaredParameters: [CommandSpec.Parameter]

  /// Sorts `arguments` by `spec`.
  ///
  /// - Throws: ``ScriptError`` for an unknown option (with a suggestion),
  ///   an option without its value, or too few or too many positionals,
  ///   each with the usage line.
  public init(command: Argument, arguments: [Argument], spec: CommandSpec) throws(ScriptError) {
    self.command = command
    commandName = spec.name
    declaredParameters = spec.parameters
    positionals = []
    flags = []
    options = [:]
    range = SourceRange(command.range.start, arguments.last?.range.end ?? command.range.end)
    // The spec is searched rather than turned into sets, and the usage
    // line is worded only for an error: this runs for every command.
    func isFlag(_ name: String) -> Bool {
      spec.parameters.contains { if case .flag(name) = $0 { true } else { false } }
    }
    func isOption(_ name: String) -> Bool {
      spec.parameters.contains { if case .option(name, _) = $0 { true } else { false } }
    }
    func isKeyword(_ word: String) -> Bool {
      spec.parameters.contains { if case .keyword(word, _) = $0 { true } else { false } }
    }
    var usage: Diagnostic.Note { Diagnostic.Note("usage: \(spec.usage)") }
    var index = 0
    // A command that takes any words and no options (`print`,
    // `expect-error`) takes `--x` as a word too: `expect-error` passes it
    // to the command it runs.
    var optionsEnded = spec.takesOptionsAsWords
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument.isPlain, !optionsEnded, argument.text == "--" {
        optionsEnded = true
        continue
      }
      if argument.isPlain, !optionsEnded, argument.text.hasPrefix("--") {
        let name = String(argument.text.dropFirst(2))
        if isFlag(name) {
          guard flags.insert(name).inserted else {
            throw ScriptError("'--\(name)' is given twice", at: argument, notes: [usage])
          }
        } else if isOption(name) {
          guard index < arguments.count else {
            throw ScriptError("'--\(name)' needs a value", at: argument, notes: [usage])
          }
          guard options[name] == nil else {
            throw ScriptError("'--\(name)' is given twice", at: argument, notes: [usage])
          }
          options[name] = arguments[index]
          index += 1
        } else {
          let known = spec.parameters.compactMap { parameter -> String? in
            switch parameter {
            case .flag(let name), .option(let name, _): "--" + name
            case .required, .optional, .rest, .keyword: nil
            }
          }
          throw ScriptError(
            "unknown option '\(argument.text)' for '\(spec.name)'", at: argument,
            notes: (Suggestions.note(for: argument.text, among: known).map { [$0] } ?? []) + [usage]
          )
        }
        continue
      }
      if argument.isPlain, !optionsEnded, isKeyword(argument.text) {
        guard index < arguments.count else {
          throw ScriptError("'\(argument.text)' needs a value", at: argument, notes: [usage])
        }
        guard options[argument.text] == nil else {
          throw ScriptError("'\(argument.text)' is given twice", at: argument, notes: [usage])
        }
        options[argument.text] = arguments[index]
        index += 1
        continue
      }
      positionals.append(argument)
    }
    // The first required parameter not given, if any, and how many
    // positionals the spec takes. A required parameter is missing when
    // its place is past the words given, so that it always arrives
    // through the subscript that takes a `CommandParameter`.
    var missing: String?
    var positionalCount = 0
    var takesRest = false
    for parameter in spec.parameters {
      switch parameter {
      case .required(let name):
        if missing == nil, positionalCount >= positionals.count { missing = name }
        positionalCount += 1
      case .optional: positionalCount += 1
      case .rest:
        positionalCount += 1
        takesRest = true
      case .flag, .option, .keyword: break
      }
    }
    if let missing {
      // A word given for a parameter with a fixed set of values is
      // checked first: `note frob` is an unknown action, not a missing ID.
      try Self.checkChoices(positionals, spec: spec, usage: usage)
      throw ScriptError(
        "missing \(missing) for '\(spec.name)'", at: SourceRange(at: range.end), notes: [usage])
    }
    if !takesRest, positionals.count > positionalCount {
      let extra = positionals[positionalCount]
      throw ScriptError(
        "unexpected argument '\(extra.text)' for '\(spec.name)'", at: extra,
        notes: [.init("quote an argument that has blanks"), usage])
    }
  }

  /// Throws for the first of `positionals` given for a parameter whose
  /// values are a fixed set (`ArgumentKind.choice`) that does not hold it.
  private static func checkChoices(
    _ positionals: [Argument], spec: CommandSpec, usage: Diagnostic.Note
  ) throws(ScriptError) {
    var index = 0
    for parameter in spec.parameters {
      let name: String
      switch parameter {
      case .required(let parameterName), .optional(let parameterName): name = parameterName
      case .rest, .flag, .option, .keyword: continue
      }
      defer { index += 1 }
      guard index < positionals.count else { return }
      let word = positionals[index]
      guard case .choice(let choices)? = spec.argumentKinds[name], !choices.contains(word.text)
      else { continue }
      throw ScriptError(
        "unknown \(name) '\(word.text)' for '\(spec.name)'", at: word,
        notes: [
          Suggestions.note(for: word.text, among: choices)
            ?? .init("expected one of " + choices.joined(separator: ", ")),
          usage,
        ])
    }
  }

  /// The positional argument at `index`, if given.
  public subscript(_ index: Int) -> Argument? {
    index < positionals.count ? positionals[index] : nil
  }

  /// Whether the flag `--name` was given.
  public func has(_ name: String) -> Bool { flags.contains(name) }

  /// The value of the option or keyword `name`, if given.
  public func option(_ name: String) -> Argument? { options[name] }
}

extension ParsedArguments {
  /// The value of `parameter`, which the command's spec declares: an
  /// ``Argument`` for a required parameter, an optional one for an
  /// optional parameter, option or keyword, the words for a rest
  /// parameter, and whether it was given for a flag.
  ///
  /// Reading a parameter the spec does not declare stops the program with
  /// a message naming the command and the parameter.
  public subscript<Value>(_ parameter: CommandParameter<Value>) -> Value {
    let index: Int?
    do {
      index = try place(of: parameter.declaration)
    } catch {
      fatalError(error.description)
    }
    return parameter.read(self, index)
  }

  /// Where the spec declares `parameter`: its place among the positionals,
  /// or nil for a flag, option or keyword.
  ///
  /// - Throws: ``UndeclaredParameterError`` when the spec does not declare
  ///   it, or declares it more than once.
  package func place(
    of parameter: CommandSpec.Parameter
  ) throws(UndeclaredParameterError) -> Int? {
    var place: Int?
    var found = 0
    var positional = 0
    for declared in declaredParameters {
      if declared == parameter {
        found += 1
        if declared.isPositional { place = positional }
      }
      if declared.isPositional { positional += 1 }
    }
    guard found == 1 else {
      throw UndeclaredParameterError(
        command: commandName, parameter: parameter.usage, isDeclaredTwice: found > 1)
    }
    return place
  }
}
