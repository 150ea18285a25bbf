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
    // `pkg/` is listed as `pkg/`, not `pkg//`.
    let name = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    do {
      // Lazily: the listing needs each file's size, which lstat gave, and
      // never its contents. Every check that protects the walk (FIFOs and
      // devices refused unopened, names, depth, links never followed) is
      // made by the read itself.
      let wrapper = try FileWrapper(url: URL(fileURLWithPath: path))
      output.write(FileTreeListing(wrapper, name: name).text)
      return .success
    } catch {
      // FileWrapper throws a CocoaError; DocKit's typed error inside it has
      // the message and the finer code the exit status follows.
      let failure = error.fileWrapperError
      let root = URL(fileURLWithPath: path).standardizedFileURL.path
      if let failure, failure.path != root, Self.listedAnyway.contains(failure.code) {
        // Something inside that FileWrapper refuses: list the tree as it
        // is, that thing as what it is, and say what a read refuses.
        let walk = DirectoryWalk(path: path, name: name)
        output.write(FileTreeListing(walk, name: name).text)
        for refusal in walk.refusals {
          errors.write("\(reference.commandName): warning: \(refusal)\n")
        }
        return walk.isIncomplete ? .failure : .success
      }
      errors.write("\(reference.commandName): error: \(Self.message(failure, error, root, name))\n")
      switch failure?.code ?? .ioFailure {
      case .noSuchFile: return .noInput
      case .permissionDenied, .ioFailure: return .failure
      default: return .dataError
      }
    }
  }

  /// What FileWrapper refuses inside a tree that the listing shows as it
  /// is: a FIFO, socket or device, a name that is not UTF-8 or that Swift
  /// would merge with another, a folder that may not be opened.
  private static let listedAnyway: Set<FileWrapperError.Code> = [
    .unsupportedFileType, .invalidFilename, .invalidEncoding, .equivalentFilenames,
    .permissionDenied,
  ]

  /// An error in plain words, about the path as the user wrote it:
  /// `box/secret: permission denied`, not the absolute path and the
  /// system call.
  private static func message(
    _ failure: FileWrapperError?, _ error: any Error, _ root: String, _ path: String
  ) -> String {
    guard let failure else { return error.localizedDescription }
    let shown =
      failure.path == root
      ? path
      : failure.path.hasPrefix(root + "/")
        ? (path.hasSuffix("/") ? path : path + "/") + failure.path.dropFirst(root.count + 1)
        : failure.path
    let reason = failure.errno.map(DirectoryWalk.words) ?? failure.message
    return "\(DirectoryWalk.displayName(Array(shown.utf8))): \(reason)"
  }
}
