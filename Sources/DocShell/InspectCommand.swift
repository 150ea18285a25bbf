import DocKit
import Foundation

/// `docrepl inspect PATH`: reads an item through ``FileWrapper`` and prints
/// its tree.
enum InspectCommand {
  static let help = """
    USAGE: docrepl inspect <path>

    Reads the file, directory or package at <path> through FileWrapper and
    prints its tree: names in byte order, directories with a trailing '/',
    files with their sizes, symbolic links with their targets (never
    followed). A last line totals the tree. Files' contents are not read:
    sizes come from lstat, so listing a huge file costs nothing.

    EXAMPLES:
      docrepl inspect examples/Trip.notes      a package, file by file
      docrepl inspect ~/Documents/Report.pages

    EXIT STATUS:
      0 listed; 1 unreadable (permissions, I/O); 65 unsafe input (a FIFO,
      socket or device, a name that is not UTF-8); 66 no such file.

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
    guard paths.count == 1, let path = paths.first, !path.isEmpty else {
      let problem =
        paths.isEmpty
        ? "missing <path>"
        : paths.count > 1 ? "expected one <path>, got \(paths.count)" : "<path> is empty"
      errors.write("docrepl inspect: error: \(problem)\n\n" + help)
      return .usage
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
        "docrepl inspect: error: \(failure?.description ?? error.localizedDescription)\n")
      switch failure?.code ?? .ioFailure {
      case .noSuchFile: return .noInput
      case .permissionDenied, .ioFailure: return .failure
      default: return .dataError
      }
    }
  }
}
