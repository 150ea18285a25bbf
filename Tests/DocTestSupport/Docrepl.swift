import Dispatch
public import Foundation
import Glibc
import Synchronization

/// The result of running the built `docrepl` binary.
public struct ProcessResult: Sendable {
  /// The exit status.
  public var status: Int32
  /// Everything written to standard output.
  public var output: String
  /// Everything written to standard error.
  public var errors: String
}

/// Runs the `docrepl` binary built next to the test bundle, in
/// `directory` (the package root by default), with `input` as its
/// standard input (none when nil) and `environment` added to this
/// process's, less the variables named in `removing`.
public func runDocrepl(
  _ arguments: [String], in directory: URL? = nil, input: String? = nil,
  environment: [String: String] = [:], removing: Set<String> = []
) throws -> ProcessResult {
  try runProgram(
    docreplExecutable, arguments, in: directory, input: input.map { Data($0.utf8) },
    environment: environment, removing: removing)
}

/// Runs `executable` in `directory` (the package root by default), with
/// `input` as its standard input (none when nil) and `environment` added
/// to this process's, less the variables named in `removing`, and
/// collects its output.
public func runProgram(
  _ executable: URL, _ arguments: [String], in directory: URL? = nil, input: Data? = nil,
  environment: [String: String] = [:], removing: Set<String> = []
) throws -> ProcessResult {
  let (process, inputPipe, output, errors) = try launch(
    executable, arguments, in: directory ?? packageRoot, environment: environment,
    removing: removing, withInput: input != nil)
  if let input, let inputPipe {
    // Written from another thread, so that a child that writes a lot
    // before reading everything cannot deadlock with us.
    let handle = inputPipe.fileHandleForWriting
    DispatchQueue.global().async {
      try? handle.write(contentsOf: input)
      try? handle.close()
    }
  }
  return finish(process, output: output, errors: errors)
}

/// Starts `executable` in `directory` with `environment` added to this
/// process's (less the variables named in `removing`), its output and errors each on a pipe, and its input on a
/// pipe too (or none, when `withInput` is false).
func launch(
  _ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String],
  removing: Set<String> = [], withInput: Bool = true
) throws -> (process: Process, input: Pipe?, output: Pipe, errors: Pipe) {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    .filter { !removing.contains($0.key) }
  process.currentDirectoryURL = directory
  // A child that exits before reading all its input must not take this
  // process down with SIGPIPE.
  signal(SIGPIPE, SIG_IGN)
  let input = withInput ? Pipe() : nil
  process.standardInput = input ?? FileHandle.nullDevice
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  return (process, input, output, errors)
}

/// Reads `process`'s two pipes to their ends and waits for it to exit.
/// Both pipes are read at once, and before waiting: a child that fills one
/// pipe while the other is being read would otherwise never finish.
func finish(_ process: Process, output: Pipe, errors: Pipe) -> ProcessResult {
  let errorData = Mutex(Data())
  let errorsRead = DispatchGroup()
  let errorHandle = errors.fileHandleForReading
  DispatchQueue.global().async(group: errorsRead) {
    let data = errorHandle.readDataToEndOfFile()
    errorData.withLock { $0 = data }
  }
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  errorsRead.wait()
  process.waitUntilExit()
  return ProcessResult(
    status: process.terminationStatus,
    output: String(decoding: outputData, as: UTF8.self),
    errors: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
}

/// The `docrepl` executable the end-to-end and pseudo-terminal tests run:
/// the one named by `DOCREPL_BINARY` when that is set (CI sets it to the
/// release build, the one users run, and runs those suites again), else
/// the one in the build directory that holds the tests.
public var docreplExecutable: URL {
  if let path = ProcessInfo.processInfo.environment["DOCREPL_BINARY"], !path.isEmpty {
    return URL(fileURLWithPath: path, relativeTo: packageRoot).standardizedFileURL
  }
  return productsDirectory.appendingPathComponent("docrepl")
}

/// The build products directory (`.build/<triple>/debug`).
public var productsDirectory: URL {
  // The test runner is `<products>/docreplPackageTests.xctest`.
  URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    .deletingLastPathComponent()
}

/// The package's root directory, found from this source file's path.
public var packageRoot: URL {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
}

/// Runs the built `docrepl` reading commands from a pipe: writes `first`,
/// waits until its standard output shows `marker`, runs `change` (which
/// changes the disk between two commands, as another program would), then
/// writes `rest` and ends the input. Returns everything it printed.
public func runDocrepl(
  _ arguments: [String], in directory: URL, first: String, until marker: String,
  then change: () throws -> Void, rest: String, environment: [String: String] = [:]
) throws -> ProcessResult {
  let (process, input, output, errors) = try launch(
    docreplExecutable, arguments, in: directory, environment: environment)
  guard let writer = input?.fileHandleForWriting else {
    return finish(process, output: output, errors: errors)
  }
  try writer.write(contentsOf: Data(first.utf8))
  var seen = Data()
  while !String(decoding: seen, as: UTF8.self).contains(marker) {
    let chunk = output.fileHandleForReading.availableData
    if chunk.isEmpty { break }
    seen.append(chunk)
  }
  try change()
  try? writer.write(contentsOf: Data(rest.utf8))
  try? writer.close()
  var result = finish(process, output: output, errors: errors)
  result.output = String(decoding: seen, as: UTF8.self) + result.output
  return result
}
