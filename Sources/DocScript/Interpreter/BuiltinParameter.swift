/// The parameters of the built-in commands, each declared once: a
/// command's spec lists them, and its handler reads them through the same
/// values, a required one as an ``Argument``.
enum BuiltinParameter {
  // Shared by several commands.

  /// `--doc NAME`, which every command that acts on a document takes.
  static let doc = CommandParameter.option("doc", value: "NAME")
  /// `--force`: save over a file that changed on disk or is read-only.
  static let force = CommandParameter.flag("force")
  /// `--replace`: write over a file that is there.
  static let replace = CommandParameter.flag("replace")
  /// `--type UTI`.
  static let type = CommandParameter.option("type", value: "UTI")
  /// `as NAME`: the name a document opens under.
  static let asName = CommandParameter.keyword("as", value: "NAME")
  /// A file to read or write.
  static let path = CommandParameter.required("PATH")
  /// A document or snapshot that must be named.
  static let name = CommandParameter.required("NAME")
  /// A document or snapshot that may be named.
  static let optionalName = CommandParameter.optional("NAME")
  /// How many steps (`undo`, `redo`).
  static let count = CommandParameter.optional("N")
  /// Words to print.
  static let text = CommandParameter.rest("TEXT")

  // One command's own.

  /// `new`'s type: a short name or a UTI.
  static let newType = CommandParameter.required("TYPE")
  /// `close`'s `--discard`.
  static let discard = CommandParameter.flag("discard")
  /// `save`'s PATH, for an untitled document only.
  static let optionalPath = CommandParameter.optional("PATH")
  /// `autosave`'s mode.
  static let autosaveMode = CommandParameter.required("on|off|now")
  /// `open`'s `--encoding ENCODING`: the text's encoding.
  static let encoding = CommandParameter.option("encoding", value: "ENCODING")
  /// `export`'s `--name DEFAULT`.
  static let exportName = CommandParameter.option("name", value: "DEFAULT")
  /// `export`'s `to PATH`.
  static let exportDestination = CommandParameter.keyword("to", value: "PATH")
  /// `record`'s file.
  static let recordFile = CommandParameter.required("FILE")
  /// `recover`'s autosave.
  static let autosave = CommandParameter.optional("AUTOSAVE")
  /// `set`'s setting.
  static let setting = CommandParameter.required("SETTING")
  /// `set`'s value.
  static let settingValue = CommandParameter.required("VALUE")
  /// `help`'s command.
  static let helpCommand = CommandParameter.optional("COMMAND")
  /// `diff`'s first snapshot; none with `--disk`.
  static let diffFirst = CommandParameter.optional("A")
  /// `diff --disk`: the document against its file as it is now.
  static let diffDisk = CommandParameter.flag("disk")
  /// `diff`'s second snapshot, or the current state.
  static let diffSecond = CommandParameter.optional("B")
  /// What `expect` checks.
  static let expectWhat = CommandParameter.required("WHAT")
  /// What `expect` expects.
  static let expectValue = CommandParameter.rest("VALUE")
  /// What `expect-error`'s message holds.
  static let errorSubstring = CommandParameter.required("SUBSTRING")
  /// The command `expect-error` runs.
  static let errorCommand = CommandParameter.required("COMMAND")
  /// That command's arguments.
  static let errorArguments = CommandParameter.rest("ARGUMENT")
  /// `output`'s file; none sends output to standard output again.
  static let outputFile = CommandParameter.optional("FILE")
  /// `timer`'s switch.
  static let timerMode = CommandParameter.required("on|off")
  /// `shell`'s command line: its words, joined by blanks.
  static let shellCommand = CommandParameter.rest("COMMAND")
}
