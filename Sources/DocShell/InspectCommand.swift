import DocKit
import Foundation

/// `docrepl inspect PATH`: reads an item through ``FileWrapper`` and prints
/// its tree.
enum InspectCommand {
  static let help = """
    USAGE: docrepl inspect <path>

    Reads the file, directory or package at <path> through FileWrapper, with
    every file's contents read, and prints its tree: names in byte order,
    directories with a trailing '/', files with their sizes, symbolic links
    with their targets (never followed). A last line totals the tree.

    """

  static func run(
    arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> ExitStatus {
    var paths: [String] = []
    var optionsEnded = false
    for argument in arguments {
      if !optionsEnded && (argument == "-h" || argument == "--help") {
        output.write(help)
        return .success
      } else if !optionsEnded && argument == "--" {
        optionsEnded = true
      } else if !optionsEnded && argument.hasPrefix("-") && argument != "-" {
        errors.write("docrepl inspect: error: unknown option '\(argument)'\n\n" + help)
        return .usage
      } else {
        paths.append(argument)
      }
    }
    guard paths.count == 1, let path = paths.first else {
      let problem = paths.isEmpty ? "missing <path>" : "expected one <path>, got \(paths.count)"
      errors.write("docrepl inspect: error: \(problem)\n\n" + help)
      return .usage
    }
    do {
      let wrapper = try FileWrapper(url: URL(fileURLWithPath: path), options: .immediate)
      output.write(FileTreeListing(wrapper, name: path).text)
      return .success
    } catch {
      // FileWrapper throws a CocoaError; DocKit's typed error inside it has
      // the message and the finer code the exit status follows.
      let failure = error.fileWrapperError
      errors.write(
        "docrepl inspect: error: \(failure?.description ?? error.localizedDescription)\n")
      switch failure?.code ?? .ioFailure {
      case .noSuchFile: return .noInput
      case .permissionDenied, .ioFailure: return .failure
      default: return .dataError
      }
    }
  }
}
