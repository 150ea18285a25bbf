/// One subcommand of `docrepl` (`run`, `test`, …), or the program itself:
/// the table that its parsing, its `--help`, the man page and the
/// completion scripts are all made from, so that they never disagree.
struct Subcommand: Sendable {
  /// Its name (`test`); empty for the program itself.
  var name: String
  /// The usage lines after `docrepl NAME`, each a line of its own.
  var synopsis: [String]
  /// One sentence for the program's list of commands.
  var abstract: String
  /// Paragraphs for its own help and the man page.
  var discussion: [String]
  /// Its options.
  var options: [CommandLineOption]
  /// What its operands complete to.
  var operands: CommandLineValue
  /// Command lines that use it.
  var examples: [String]
  /// What each exit status means for it.
  var exitStatuses: [(status: ExitStatus, meaning: String)]
  /// Left out of the help and the completion scripts (`man`).
  var isHidden = false
  /// Whether its first operand ends its options, so that the operand and
  /// every word after it are left for another parser: the program's, whose
  /// first operand is a subcommand with options of its own. Otherwise
  /// options and operands may come in any order, up to `--`.
  var stopsAtFirstOperand = false

  /// `docrepl test`, or `docrepl` for the program.
  /// (with the program's own name: ``ProgramName/current``).
  var commandName: String {
    let program = ProgramName.current.text
    return name.isEmpty ? program : "\(program) \(name)"
  }

  /// The table with its texts naming `program` where they name
  /// `docrepl` (see ``ProgramName/naming(_:)``).
  func named(_ program: ProgramName) -> Subcommand {
    guard program != .docrepl else { return self }
    var table = self
    table.abstract = program.naming(abstract)
    table.discussion = discussion.map(program.naming)
    table.options = options.map { $0.named(program) }
    table.examples = examples.map(program.naming)
    table.exitStatuses = exitStatuses.map { ($0.status, program.naming($0.meaning)) }
    return table
  }

  /// The option spelt `name`, if it has one.
  func option(named name: String) -> CommandLineOption? {
    options.first { $0.names.contains(name) }
  }
}
