import DocKit
import DocScript
import Foundation
import Glibc

/// `--confine` for `run` and `test`: scripts from people the user does not
/// trust read only under their own folders (and the `--allow-read`
/// paths), write only under the run's temporary folder, and run no other
/// program.
///
/// Two layers enforce it. docrepl's path policy (``Confinement``, in
/// every session's environment and the interpreter's path resolver)
/// refuses a read or write outside with an error that names the path and
/// the rule. Landlock, where the kernel offers it, is the backstop that
/// holds a document type's own code to the rule too. A Landlock
/// restriction applies only to the thread that makes it and to what that
/// thread starts afterwards, and by the time a command runs, the
/// cooperative pool and libdispatch's workers are running; so the
/// process that reads the command line does not confine itself. It makes
/// the run's folder, then starts the program again (`/proc/self/exe`,
/// with the same arguments) with ``Landlock/planVariable`` set, and waits
/// for it: a C constructor in the new process confines it before `main`,
/// while it has one thread, and that process runs the scripts. The first
/// process removes the folder afterwards and writes what the run reports
/// outside it (the JUnit report, handed over on a pipe), and exits with
/// the second's status.
///
/// Without Landlock (an older kernel, a sandbox that refuses the call, or
/// a program that calls ``Docrepl/run(arguments:output:errors:)`` in a
/// process of its own), the path policy alone is in force, and the run
/// says so on its first line.
struct ConfinedRun {
  /// Which layers are in force.
  enum Enforcement: Equatable {
    /// Landlock at this ABI version, and the path policy.
    case landlock(abi: Int)
    /// The path policy only, for the reason given.
    case policyOnly(reason: String)
  }

  /// What preparing a confined run came to.
  enum Preparation {
    /// Run the scripts in this process, with this confinement.
    case runHere(ConfinedRun)
    /// A confined copy of the program ran them, and exited with this status.
    case ranInChild(ExitStatus)
    /// The run cannot be confined: the message says why, with the status.
    case failed(String, ExitStatus)

    /// What `command` does with it: says why the run cannot be confined,
    /// or announces the confinement in force, on `errors`; returns the
    /// run to go on with here, or the status to end with.
    func start(
      as command: String, errors: inout some TextOutputStream
    ) -> (run: ConfinedRun?, exit: ExitStatus?) {
      switch self {
      case .ranInChild(let status): return (nil, status)
      case .failed(let message, let status):
        errors.write("\(command): error: \(message)\n")
        return (nil, status)
      case .runHere(let run):
        errors.write("\(command): \(run.announcement)\n")
        return (run, nil)
      }
    }
  }

  /// The variable that names the descriptor on which a confined copy
  /// hands its JUnit report to the process that started it.
  static let reportDescriptorVariable = "DOCREPL_CONFINED_REPORT_FD"

  /// The folders the scripts may read besides their own: `--allow-read`.
  var allowedReads: [URL]
  /// The run's temporary folder: the only place scripts may write.
  var runFolder: URL
  /// Which layers are in force.
  var enforcement: Enforcement
  /// Whether this process made ``runFolder`` and removes it.
  var ownsRunFolder: Bool
  /// Where to hand the JUnit report, in a confined copy.
  var reportDescriptor: Int32?

  /// The line that says which layers are in force, for standard error.
  var announcement: String {
    switch enforcement {
    case .landlock(let abi):
      "confined by Landlock (ABI \(abi)) and \(ProgramName.current.text)'s path policy"
    case .policyOnly(let reason):
      "confined by \(ProgramName.current.text)'s path policy only: \(reason)"
    }
  }

  /// The rule for a script whose own folder is `scriptFolder` (nil for a
  /// script from standard input), writing under `writable`.
  func confinement(scriptFolders: [URL], writable: URL) -> Confinement {
    Confinement(
      readable: scriptFolders.map { .init($0, role: "the script's folder") }
        + allowedReads.map { .init($0, role: "the --allow-read paths") },
      writable: [.init(writable, role: "the run's temporary folder")])
  }

  /// Prepares `--confine`: in a confined copy, reads the run's folder
  /// from the plan it was started with; otherwise makes the folder and,
  /// where the kernel offers Landlock and the program can start itself
  /// again, runs a confined copy of itself (the command line as given)
  /// and returns its status.
  ///
  /// - Parameters:
  ///   - allowRead: The `--allow-read` paths, relative to `folder`.
  ///   - given: The folder to write in, which the run keeps; nil for a
  ///     new temporary one, removed afterwards.
  ///   - reads: What a confined copy reads before any script runs, besides
  ///     the `--allow-read` paths: the scripts' folders, the folders named
  ///     on the command line, the `--types` files.
  ///   - folder: The working folder.
  ///   - prefix: The start of the run folder's name.
  ///   - report: Where a JUnit report goes, written here from what the
  ///     confined copy hands over.
  @MainActor
  static func prepare(
    allowRead: [String], reads: [URL], in folder: URL, prefix: String, runFolder given: URL? = nil,
    report: URL?, errors: inout some TextOutputStream
  ) -> Preparation {
    var allowed: [URL] = []
    for path in allowRead {
      let url = URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
      guard !path.isEmpty, FileManager.default.fileExists(atPath: url.path) else {
        return .failed("no such file or folder '\(path)' for '--allow-read'", .noInput)
      }
      allowed.append(Confinement.target(of: url))
    }
    switch Landlock.startup {
    case .confined(let abi, let plan):
      guard let run = Landlock.writableFolders(in: plan).first else { break }
      return .runHere(
        ConfinedRun(
          allowedReads: allowed, runFolder: run, enforcement: .landlock(abi: abi),
          ownsRunFolder: false, reportDescriptor: reportDescriptor))
    case .failed(let reason, let plan):
      guard let run = Landlock.writableFolders(in: plan).first else { break }
      return .runHere(
        ConfinedRun(
          allowedReads: allowed, runFolder: run,
          enforcement: .policyOnly(reason: "Landlock could not be applied: \(reason)"),
          ownsRunFolder: false, reportDescriptor: reportDescriptor))
    case .notAsked:
      break
    }
    let runFolder: URL
    if let given {
      runFolder = Confinement.target(of: given)
    } else {
      do {
        runFolder = try makeFolder(prefix: prefix)
      } catch {
        return .failed(error.message, .failure)
      }
    }
    let reason: String
    switch Landlock.availability {
    case .unavailable(let why):
      reason = why
    case .available:
      guard let arguments = ProgramCopy.arguments else {
        reason = "Landlock needs a process of its own, and this run is a library call"
        break
      }
      // libdispatch reads `/proc/<thread>/stat` to size its thread pool,
      // and stops the process when it cannot: the kernel's rule lets the
      // process read `/proc`, which docrepl's path policy still refuses
      // to every command.
      guard
        let plan = Landlock.plan(
          readable: reads.filter { FileManager.default.fileExists(atPath: $0.path) } + allowed
            + [URL(fileURLWithPath: "/proc", isDirectory: true)],
          listable: allowedFiles(allowed), writable: [runFolder])
      else {
        reason = "a path holds a line break, which Landlock's plan cannot"
        break
      }
      let status = runConfinedCopy(arguments, plan: plan, report: report, errors: &errors)
      if given == nil { removeFolder(runFolder) }
      return .ranInChild(status)
    }
    return .runHere(
      ConfinedRun(
        allowedReads: allowed, runFolder: runFolder,
        enforcement: .policyOnly(reason: reason), ownsRunFolder: given == nil,
        reportDescriptor: nil))
  }

  /// The folders of the files among `allowed`: DocKit opens a file
  /// through its folder, so the kernel's rule lets the process list them
  /// (and read no other file in them).
  private static func allowedFiles(_ allowed: [URL]) -> [URL] {
    allowed.filter { url in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        && !isDirectory.boolValue
    }.map { $0.deletingLastPathComponent() }
  }

  /// The descriptor a confined copy hands its report on, from the
  /// environment the program started with.
  private static var reportDescriptor: Int32? {
    ProcessInfo.processInfo.environment[reportDescriptorVariable].flatMap { Int32($0) }
  }

  /// Removes the run's folder if this process made it.
  func finish() {
    if ownsRunFolder { Self.removeFolder(runFolder) }
  }

  /// Hands the JUnit report to the process that started this confined
  /// copy: true if there is one to hand it to.
  func handOver(report bytes: [UInt8]) -> Bool {
    guard let descriptor = reportDescriptor else { return false }
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        write(descriptor, $0.baseAddress, $0.count)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { break }
      offset += written
    }
    close(descriptor)
    return true
  }

  /// A problem making the run's folder.
  struct Failure: Error {
    var message: String
  }

  /// A new folder under the system's temporary folder, mode 0700,
  /// resolved.
  static func makeFolder(prefix: String) throws(Failure) -> URL {
    let base = FileManager.default.temporaryDirectory.standardizedFileURL
    var template = Array(base.appendingPathComponent(prefix + "-XXXXXX").path.utf8CString)
    guard let made = mkdtemp(&template) else {
      throw Failure(
        message:
          "cannot make a temporary folder in '\(base.path)': \(String(cString: strerror(errno)))")
    }
    return Confinement.target(of: URL(fileURLWithPath: String(cString: made), isDirectory: true))
  }

  /// Removes `folder` and everything in it, opening read-only folders up
  /// first; never follows a link out of it.
  static func removeFolder(_ folder: URL) {
    ScratchFolder.removeTree(at: folder)
  }

  /// Starts the program again as `arguments` with `plan` in its
  /// environment, waits for it, and returns its status; SIGTERM and
  /// SIGHUP are passed on to it, and Ctrl-C reaches it from the terminal.
  /// A report it hands over is written to `report`.
  @MainActor
  private static func runConfinedCopy(
    _ arguments: [String], plan: String, report: URL?, errors: inout some TextOutputStream
  ) -> ExitStatus {
    var pipeEnds: [Int32] = [-1, -1]
    if report != nil, let ends = ProgramCopy.makePipe() { pipeEnds = [ends.read, ends.write] }
    let reportFD: Int32 = 3
    var environment = ProcessInfo.processInfo.environment
    environment[Landlock.planVariable] = plan
    var descriptors: [(parent: Int32, child: Int32)] = []
    if pipeEnds[1] >= 0 {
      descriptors.append((pipeEnds[1], reportFD))
      environment[reportDescriptorVariable] = String(reportFD)
    } else {
      environment[reportDescriptorVariable] = nil
    }
    // Ctrl-C goes to the whole process group: the copy stops its run and
    // reports it; this process waits for that.
    let forwarded = [SIGTERM, SIGHUP]
    signal(SIGINT, SIG_IGN)
    for number in forwarded { signal(number, SIG_IGN) }
    let started = ProgramCopy.start(arguments, environment: environment, descriptors: descriptors)
    if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
    guard let child = started.pid else {
      if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
      errors.write(
        "\(ProgramName.current.text): error: cannot start a confined copy of itself: \(String(cString: strerror(started.error)))\n"
      )
      return .failure
    }
    let sources = forwarded.map { number in
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { kill(child, number) }
      source.resume()
      return source
    }
    defer { for source in sources { source.cancel() } }
    var handed: [UInt8] = []
    if pipeEnds[0] >= 0 {
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        handed += buffer[..<count]
      }
      close(pipeEnds[0])
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 {
      guard errno == EINTR else { return .failure }
    }
    var exit: ExitStatus
    if status & 0x7F == 0 {
      exit = ExitStatus(rawValue: (status >> 8) & 0xFF)
    } else {
      let number = status & 0x7F
      errors.write(
        "\(ProgramName.current.text): error: the confined run was stopped by signal \(number)\n")
      exit = ExitStatus(rawValue: 128 + number)
    }
    if let report, !handed.isEmpty {
      do {
        try AtomicFile.write(handed, to: report, as: .report)
      } catch {
        errors.write(
          "\(ProgramName.current.text): error: cannot write the JUnit report '\(report.path)': \(ErrorMessage().text(for: error))\n"
        )
        if exit == .success { exit = .failure }
      }
    }
    return exit
  }
}
