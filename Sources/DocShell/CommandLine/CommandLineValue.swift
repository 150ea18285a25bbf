/// What a word on `docrepl`'s command line is, for the shells' completion:
/// the value of an option, or a subcommand's operands.
enum CommandLineValue: Sendable, Equatable {
  /// Nothing to complete: a flag, or free text.
  case none
  /// A folder.
  case directory
  /// Any file or folder.
  case path
  /// `.docscript` files, and folders to find them in.
  case scripts
  /// One of these words.
  case choices([String])
}
