import CReadline
import DocFormats
public import DocScript
import Foundation

/// The `docrepl` program: everything `main.swift` does, as a library call.
public enum Docrepl {
  /// The program's version.
  public static let version = "0.1.0"

  /// Runs the program with `arguments` (without the program name), writing
  /// to standard output and standard error, and returns the exit status.
  @MainActor
  public static func main(arguments: [String]) async -> Int32 {
    var output = StandardStream.output
    var errors = StandardStream.error
    return await run(arguments: arguments, output: &output, errors: &errors).rawValue
  }

  /// Runs the program, writing to the given streams.
  @MainActor
  public static func run(
    arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) async -> ExitStatus {
    await run(
      arguments: arguments, registry: DocFormats.makeRegistry(),
      environment: ProcessInfo.processInfo.environment, output: &output, errors: &errors)
  }

  /// Runs the program over the document types in `registry`, with
  /// `environment` as the scripts' environment, writing to the given
  /// streams.
  @MainActor
  public static func run(
    arguments: [String], registry: DocumentTypeRegistry, environment: [String: String],
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) async -> ExitStatus {
    DocFormats.registerTypes()
    let shell = Shell(
      registry: registry, environment: environment,
      workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    guard let first = arguments.first else {
      errors.write("docrepl: error: no command given\n\n" + usage)
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "-h", "--help", "help":
      output.write(help)
      return .success
    case "--version":
      output.write(versionText)
      return .success
    case "inspect":
      return InspectCommand.run(arguments: rest, output: &output, errors: &errors)
    case "run":
      return await RunCommand.run(arguments: rest, shell: shell, output: &output, errors: &errors)
    case "test":
      return await TestCommand.run(arguments: rest, shell: shell, output: &output, errors: &errors)
    default:
      let what = first.hasPrefix("-") ? "option" : "command"
      errors.write("docrepl: error: unknown \(what) '\(first)'\n\n" + usage)
      return .usage
    }
  }

  static let usage = """
    USAGE: docrepl <command> [<arguments>]
    Run 'docrepl --help' for the commands.

    """

  static let help = """
    OVERVIEW: docrepl creates, edits, saves and inspects documents built on
    Apple's document architecture (FileDocument, FileWrapper, UTType),
    reimplemented for Linux by the DocKit library.

    USAGE: docrepl <command> [<arguments>]

    COMMANDS:
      run [--bail] [--echo] [--var NAME=VALUE]... <file>...
                        Replay .docscript files in the current folder. A
                        script that does not parse runs nothing (65).
      test [--update] [--junit <path>] [--jobs <n>] [--shard <k>/<n>]
           [--filter <regex>] <file-or-folder>...
                        Compare each script's output with its own #> and #!
                        lines, each in a fresh temporary folder, all in one
                        process; print a unified diff where they differ and
                        end with '12 passed, 1 failed'. --update rewrites
                        those lines in place. 'docrepl test --help' for more.
      inspect <path>    Read a file, directory or package through FileWrapper
                        and print its tree, sorted by name, with kinds, sizes
                        and symbolic-link targets. Unsafe entries (FIFOs,
                        devices, names that are not UTF-8) are refused.

    OPTIONS:
      -h, --help        Show this help.
      --version         Show the version of docrepl and of GNU readline.

    EXIT STATUS:
      0 success; 1 a command failed or an expectation did not hold, or
      another failure (permissions, I/O); 64 bad command line; 65 malformed
      script or unsafe input (nothing ran); 66 script or input not found.

    """

  static var versionText: String {
    let readline = String(cString: docrepl_readline_library_version())
    return "docrepl \(version) (GNU readline \(readline))\n"
  }
}
