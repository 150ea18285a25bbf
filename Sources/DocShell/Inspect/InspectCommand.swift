import DocKit
import Foundation

/// `docrepl inspect PATH`: reads an item through ``FileWrapper`` and prints
/// its tree.
enum InspectCommand: ShellCommand {
  static var reference: Subcommand { CommandLineReference.inspect }

  static func run(
    _ commandLine: ParsedCommandLine, in context: ShellContext,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) throws(CommandLineError) -> ExitStatus {
    let paths = commandLine.operands
    guard paths.count == 1, let path = paths.first, !path.isEmpty else {
      throw CommandLineError(
        .other(
          paths.isEmpty
            ? "missing <path>"
            : paths.count > 1 ? "expected one <path>, got \(paths.count)" : "<path> is empty"))
    }
    do {
      // Lazily: the listing needs each file's size, which lstat gave, and
      // never its contents. Every check that protects the walk (FIFOs and
      // devices refused unopened, names, depth, links never followed) is
      // made by the read itself.
      let wrapper = try FileWrapper(url: URL(fileURLWithPath: path))
      output.write(FileTreeListing(wrapper, name: path).text)
      return .success
    } catch {
      // FileWrapper throws a CocoaError; DocKit's typed error inside it has
      // the message and the finer code the exit status follows.
      let failure = error.fileWrapperError
      errors.write(
        "\(reference.commandName): error: \(failure?.description ?? error.localizedDescription)\n")
      switch failure?.code ?? .ioFailure {
      case .noSuchFile: return .noInput
      case .permissionDenied, .ioFailure: return .failure
      default: return .dataError
      }
    }
  }
}
