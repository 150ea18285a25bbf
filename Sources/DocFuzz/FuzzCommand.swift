import DocKit
import Foundation

/// `docrepl-fuzz TARGET FILE…` outside a fuzzing build: runs the target's
/// check on each file, as libFuzzer would on one input. For reproducing a
/// crash that `scripts/fuzz` found, under a debugger or a plain build.
///
/// `docrepl-fuzz serialize PATH OUTPUT` writes the serialized
/// representation of the tree at PATH: how the `serialized-tree` seeds
/// are made. `docrepl-fuzz script FILE` prints the script the
/// `interpreter` target makes of FILE, to replay with `docrepl run`.
public enum FuzzCommand {
  /// The environment variable that names the target in a fuzzing build,
  /// where libFuzzer owns the command line.
  public static let targetVariable = "DOCREPL_FUZZ_TARGET"

  /// The target named by ``targetVariable``; traps if it names none.
  public static var targetFromEnvironment: FuzzTarget {
    let name = ProcessInfo.processInfo.environment[targetVariable] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      preconditionFailure(
        "\(targetVariable) must name a target: "
          + FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return target
  }

  /// Runs `arguments` (without the program's name); returns the exit status.
  @MainActor
  public static func main(_ arguments: [String]) async -> Int32 {
    if arguments.first == "script", arguments.count == 2 {
      guard let data = FileManager.default.contents(atPath: arguments[1]) else {
        FileHandle.standardError.write(Data("docrepl-fuzz: cannot read \(arguments[1])\n".utf8))
        return 66
      }
      print(InterpreterFuzzing.script(for: Array(data)), terminator: "")
      return 0
    }
    if arguments.first == "serialize", arguments.count == 3 {
      guard
        let tree = try? FileWrapper(url: URL(fileURLWithPath: arguments[1]), options: .immediate),
        let data = tree.serializedRepresentation,
        FileManager.default.createFile(atPath: arguments[2], contents: data)
      else {
        FileHandle.standardError.write(
          Data("docrepl-fuzz: cannot serialize \(arguments[1])\n".utf8))
        return 66
      }
      return 0
    }
    guard let name = arguments.first, let target = FuzzTarget(rawValue: name),
      arguments.count > 1
    else {
      let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
      FileHandle.standardError.write(Data("usage: docrepl-fuzz \(names) FILE...\n".utf8))
      return 64
    }
    for path in arguments.dropFirst() {
      guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("docrepl-fuzz: cannot read \(path)\n".utf8))
        return 66
      }
      await target.check(Array(data))
      print("\(path): ok")
    }
    return 0
  }
}
