/// What a command is called, what it takes, and how it is explained:
/// the single source from which arguments are parsed, usage errors are
/// worded and `help` is written, so that they never disagree.
public struct CommandSpec: Sendable {
  /// Where `help` lists the command.
  public enum Topic: String, Sendable, CaseIterable {
    /// Creating, opening, choosing and closing documents.
    case documents
    /// Looking at a document: its content, state, types and tree.
    case inspecting
    /// Keeping states and comparing them.
    case snapshots
    /// Saving, reverting, autosaving and exporting.
    case saving
    /// Undo, redo and history.
    case undo
    /// Expectations that fail a script.
    case checking
    /// Everything else: printing, settings, scripts, help.
    case other
    /// Commands that a document type adds.
    case document
  }

  /// One thing a command takes.
  public enum Parameter: Sendable, Hashable {
    /// A required word, shown as its name (`PATH`).
    case required(String)
    /// An optional word, shown in brackets (`[NAME]`).
    case optional(String)
    /// Any number of further words (`[TEXT…]`).
    case rest(String)
    /// `--name`, with no value.
    case flag(String)
    /// `--name VALUE`.
    case option(String, value: String)
    /// A plain keyword and a value, anywhere after the command: `as NAME`,
    /// `to PATH`.
    case keyword(String, value: String)
  }

  /// The command's name.
  public var name: String
  /// What it takes, in the order the usage line shows.
  public var parameters: [Parameter]
  /// One line, lower case, no final period: what the command does.
  public var summary: String
  /// More detail for `help NAME`, if any.
  public var discussion: String?
  /// An example line, valid in a script.
  public var example: String
  /// Where `help` lists it.
  public var topic: Topic
  /// Whether it may run inside `group NAME { … }`: edits and queries may;
  /// commands that save, open or close may not.
  public var isAllowedInGroup: Bool
  /// What Tab completes each parameter to, by the name the usage line
  /// shows (`NAME`, or an option's `UTI`), where the name alone does not
  /// say: see ``argumentKind(of:)``.
  public var argumentKinds: [String: ArgumentKind]

  /// Whether this document command extends the built-in command of the
  /// same name, by a declared rule: the built-in runs when its own
  /// arguments are given, this command on any other arguments. Only a
  /// built-in that says which arguments are its own can be extended:
  /// `set`, whose first argument is a setting's name (`bail`, `echo`,
  /// `clock`). A type whose command takes a built-in's name without
  /// declaring this, or for another built-in, is refused when it
  /// registers (``CommandNameCollision``).
  public var extendsBuiltin: Bool

  /// Creates a spec; each argument sets the property of its name
  /// (`completing` sets ``argumentKinds``, and `extendsBuiltin` is
  /// ``extendsBuiltin``).
  public init(
    _ name: String, _ parameters: [Parameter] = [], summary: String, discussion: String? = nil,
    example: String, topic: Topic, isAllowedInGroup: Bool = true,
    completing argumentKinds: [String: ArgumentKind] = [:], extendsBuiltin: Bool = false
  ) {
    self.extendsBuiltin = extendsBuiltin
    self.name = name
    self.parameters = parameters
    self.summary = summary
    self.discussion = discussion
    self.example = example
    self.topic = topic
    self.isAllowedInGroup = isAllowedInGroup
    self.argumentKinds = argumentKinds
  }

  /// Creates a spec from typed parameters (``CommandParameter``), which
  /// the command then reads through the same values
  /// (`context.arguments[line]`); the spec is the one made from the
  /// ``CommandSpec/Parameter`` each declares.
  // Disfavoured so that an empty list, `[]`, still means the initializer
  // above, as it did before this one was added.
  @_disfavoredOverload
  public init(
    _ name: String, _ parameters: [any AnyCommandParameter], summary: String,
    discussion: String? = nil, example: String, topic: Topic, isAllowedInGroup: Bool = true,
    completing argumentKinds: [String: ArgumentKind] = [:], extendsBuiltin: Bool = false
  ) {
    self.init(
      name, parameters.map(\.declaration), summary: summary, discussion: discussion,
      example: example, topic: topic, isAllowedInGroup: isAllowedInGroup,
      completing: argumentKinds, extendsBuiltin: extendsBuiltin)
  }

  /// `export [--type UTI] [--name DEFAULT] [to PATH]`.
  public var usage: String {
    ([name] + parameters.map(\.usage)).joined(separator: " ")
  }

  /// Whether the command takes any words and no options (`print`,
  /// `expect-error`): then `--x` is a word too, and only `--` is special.
  /// Parsing and Tab completion both go by it.
  var takesOptionsAsWords: Bool {
    !parameters.contains {
      switch $0 {
      case .flag, .option, .keyword: true
      case .required, .optional, .rest: false
      }
    } && positionals.contains { if case .rest = $0 { true } else { false } }
  }

  /// The positional parameters, in order.
  var positionals: [Parameter] {
    parameters.filter {
      switch $0 {
      case .required, .optional, .rest: true
      case .flag, .option, .keyword: false
      }
    }
  }
}

extension CommandSpec.Parameter {
  /// How the usage line shows the parameter.
  public var usage: String {
    switch self {
    case .required(let name): name
    case .optional(let name): "[\(name)]"
    case .rest(let name): "[\(name)…]"
    case .flag(let name): "[--\(name)]"
    case .option(let name, let value): "[--\(name) \(value)]"
    case .keyword(let word, let value): "[\(word) \(value)]"
    }
  }
}

extension CommandSpec.Parameter {
  /// Whether it is a word in order (required, optional or rest), rather
  /// than a flag, option or keyword.
  var isPositional: Bool {
    switch self {
    case .required, .optional, .rest: true
    case .flag, .option, .keyword: false
    }
  }
}
