import Foundation

/// The shell completion scripts `docrepl completion SHELL` prints, made
/// from ``CommandLineReference``'s tables, in the shape
/// swift-argument-parser's scripts have: a `_docrepl` function that
/// completes the program's options and subcommands, and a
/// `_docrepl_NAME` function for each subcommand's options and operands.
enum CompletionScript {
  /// A shell docrepl writes completions for.
  enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
  }

  /// The script for `shell`.
  static func text(for shell: Shell) -> String {
    switch shell {
    case .bash: bash
    case .zsh: zsh
    case .fish: fish
    }
  }

  /// The subcommands a user is offered, naming the program by its name.
  static var subcommands: [Subcommand] {
    CommandLineReference.subcommands.filter { !$0.isHidden }.map { $0.named(name) }
  }

  /// The program's table, naming the program by its name.
  static var program: Subcommand { CommandLineReference.program.named(name) }

  /// The program the script completes: ``ProgramName/current``.
  static var name: ProgramName { ProgramName.current }

  /// The first sentence of `help`, for the shells that show one.
  static func summary(_ help: String) -> String {
    var sentence = help
    if let end = help.range(of: ". ") { sentence = String(help[..<end.lowerBound]) }
    if sentence.hasSuffix(".") { sentence.removeLast() }
    return sentence
  }

  /// A shell function's name for `command`: `_docrepl` or `_docrepl_test`
  /// (`_notes_repl_test` for `notes-repl`).
  static func functionName(_ command: Subcommand) -> String {
    command.name.isEmpty ? "_" + name.identifier : "_\(name.identifier)_" + command.name
  }
}
