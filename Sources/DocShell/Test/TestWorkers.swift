import DocKit
import Foundation
import Glibc

/// `docrepl test --jobs N` on several processors: N worker processes of
/// the program itself, each running scripts one at a time on its own main
/// actor, so that the interpreters' work runs in parallel. (In one
/// process the interpreters share the main actor: only the work off it,
/// such as reading, diffing and `fsync`, overlaps.)
///
/// The parent hands each worker one script at a time, by its path, on
/// the worker's descriptor 3, and reads each outcome back, as a line of
/// JSON, on its descriptor 4; it prints the outcomes in the scripts'
/// order as they come. Workers start with the parent's own command line,
/// so they run with every option it was given, and
/// ``workerVariable`` set; they inherit standard input, output and error.
/// A worker that dies fails the script it was running, with its exit
/// status, and the other workers run the rest (the parent runs them
/// itself when none is left).
@MainActor
final class TestWorkers {
  /// Set in a worker's environment: `3,4`, its command and result
  /// descriptors. Scripts never see it.
  nonisolated static let workerVariable = "DOCREPL_TEST_WORKER"
  private static let commandDescriptor: Int32 = 3
  private static let resultDescriptor: Int32 = 4

  /// One running worker.
  private struct Worker {
    var pid: pid_t
    /// Where the parent writes script paths.
    var commands: Int32
    /// The script it is running, by index.
    var running: Int?
  }

  /// What a worker said, or that it ended.
  private enum Event: Sendable {
    case outcome(worker: Int, TestOutcome)
    case ended(worker: Int)
  }

  private var workers: [Worker] = []
  private let events: AsyncStream<Event>
  private let continuation: AsyncStream<Event>.Continuation

  /// Starts `count` workers running `arguments` (the program's own command
  /// line, `argv[0]` first) in `environment`, or returns nil when not even
  /// one starts.
  init?(count: Int, arguments: [String], environment: [String: String]) {
    (events, continuation) = AsyncStream.makeStream(of: Event.self)
    var environment = environment
    environment[Self.workerVariable] = "\(Self.commandDescriptor),\(Self.resultDescriptor)"
    for index in 0..<count {
      guard let worker = Self.spawn(arguments, environment: environment, index: index) else {
        break
      }
      workers.append(worker.worker)
      Self.readOutcomes(from: worker.results, worker: index, into: continuation)
    }
    guard !workers.isEmpty else { return nil }
  }

  /// Runs `scripts` on the workers; prints each outcome, in the scripts'
  /// order, as soon as it and all before it are done. After an
  /// interruption, hands out no more scripts; those running finish.
  /// Scripts left when every worker has died run in this process, by
  /// `runHere`.
  func runAll(
    _ scripts: [TestSelection.Script], interruption: TestRunInterruption,
    output: inout some TextOutputStream, errors: inout some TextOutputStream,
    runningHere runHere: (TestSelection.Script) async -> TestOutcome
  ) async -> [TestOutcome] {
    var outcomes: [TestOutcome?] = Array(repeating: nil, count: scripts.count)
    var printed = 0
    var next = 0
    func flush(_ output: inout some TextOutputStream, _ errors: inout some TextOutputStream) {
      while printed < outcomes.count, let ready = outcomes[printed] {
        errors.write(ready.errors)
        output.write(ready.report)
        printed += 1
      }
    }
    func handOut(to index: Int) {
      guard next < scripts.count, !interruption.happened, workers[index].commands >= 0 else {
        closeCommands(of: index)
        return
      }
      guard Self.send(scripts[next], to: workers[index].commands) else {
        closeCommands(of: index)
        return
      }
      workers[index].running = next
      next += 1
    }
    for index in workers.indices { handOut(to: index) }
    var live = workers.count
    for await event in events {
      switch event {
      case .outcome(let index, let outcome):
        guard let running = workers[index].running else { continue }
        workers[index].running = nil
        outcomes[running] = outcome
        handOut(to: index)
      case .ended(let index):
        live -= 1
        let status = Self.reap(workers[index].pid)
        closeCommands(of: index)
        if let running = workers[index].running {
          workers[index].running = nil
          outcomes[running] = Self.lostOutcome(scripts[running], status: status)
        }
      }
      flush(&output, &errors)
      if live == 0 { break }
    }
    continuation.finish()
    // Every worker died with scripts left: they run here.
    while next < scripts.count, !interruption.happened {
      outcomes[next] = await runHere(scripts[next])
      next += 1
      flush(&output, &errors)
    }
    return outcomes.prefix(printed).compactMap { $0 }
  }

  private func closeCommands(of index: Int) {
    guard workers[index].commands >= 0 else { return }
    close(workers[index].commands)
    workers[index].commands = -1
  }

  /// The outcome of a script whose worker ended before it reported.
  private static func lostOutcome(_ script: TestSelection.Script, status: String) -> TestOutcome {
    let message = "the worker process running it \(status)"
    return TestOutcome(
      script: script, verdict: .failed,
      report: "FAIL \(script.path)\n\(script.path): error: \(message)\n", message: message,
      detail: message)
  }

  /// Waits for the worker `pid` and says how it ended.
  private static func reap(_ pid: pid_t) -> String {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let signal = status & 0x7F
    if signal != 0 {
      return "was killed by signal \(signal) (\(String(cString: strsignal(signal))))"
    }
    return "exited with status \((status >> 8) & 0xFF)"
  }

  /// One line of JSON: the script.
  private static func send(_ script: TestSelection.Script, to descriptor: Int32) -> Bool {
    writeLine(script, to: descriptor)
  }

  /// Writes `value` as one line of JSON to `descriptor`; false if it
  /// could not be written whole.
  nonisolated static func writeLine(_ value: some Encodable, to descriptor: Int32) -> Bool {
    guard var line = try? JSONEncoder().encode(value) else { return false }
    line.append(UInt8(ascii: "\n"))
    return line.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return false }
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, base + offset, buffer.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
  }

  /// Reads `descriptor` to its end and calls `body` with each line of
  /// JSON decoded as `T`; closes it.
  private nonisolated static func readLines<T: Decodable>(
    of type: T.Type, from descriptor: Int32, _ body: (T) -> Void
  ) {
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      pending += buffer[0..<count]
      while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Data(pending[..<end])
        pending.removeSubrange(...end)
        if let value = try? JSONDecoder().decode(T.self, from: line) { body(value) }
      }
    }
    close(descriptor)
  }

  /// Starts one worker with its command and result pipes on descriptors
  /// 3 and 4; returns it and the parent's end of its results.
  private static func spawn(
    _ arguments: [String], environment: [String: String], index: Int
  ) -> (worker: Worker, results: Int32)? {
    guard let commands = ProgramCopy.makePipe() else { return nil }
    guard let results = ProgramCopy.makePipe() else {
      close(commands.read)
      close(commands.write)
      return nil
    }
    let started = ProgramCopy.start(
      arguments, environment: environment,
      descriptors: [(commands.read, commandDescriptor), (results.write, resultDescriptor)])
    close(commands.read)
    close(results.write)
    guard let pid = started.pid else {
      close(commands.write)
      close(results.read)
      return nil
    }
    return (Worker(pid: pid, commands: commands.write, running: nil), results.read)
  }

  /// Reads `descriptor` on a thread of its own, one outcome a line, until
  /// the worker closes it.
  private nonisolated static func readOutcomes(
    from descriptor: Int32, worker: Int, into continuation: AsyncStream<Event>.Continuation
  ) {
    Thread.detachNewThread {
      readLines(of: TestOutcome.self, from: descriptor) {
        continuation.yield(.outcome(worker: worker, $0))
      }
      continuation.yield(.ended(worker: worker))
    }
  }

  /// In a worker: runs each script the parent hands over, and reports its
  /// outcome, until the parent closes the command pipe.
  /// `run` runs one script; it is given the result descriptor, on which
  /// a script that holds the main thread is reported from another thread
  /// (``TestRunLedger``). Returns false, having run nothing, when
  /// `descriptors` does not name two open descriptors: the variable was
  /// set by someone else.
  static func serve(
    descriptors: String,
    run: (TestSelection.Script, _ results: Int32) async -> TestOutcome
  ) async -> Bool {
    let parts = descriptors.split(separator: ",").compactMap { Int32($0) }
    guard parts.count == 2, parts.allSatisfy({ fcntl($0, F_GETFD) >= 0 }) else { return false }
    let (commands, results) = (parts[0], parts[1])
    let scripts = AsyncStream<TestSelection.Script> { continuation in
      Thread.detachNewThread {
        readLines(of: TestSelection.Script.self, from: commands) { continuation.yield($0) }
        continuation.finish()
      }
    }
    for await script in scripts {
      guard writeLine(await run(script, results), to: results) else { break }
    }
    return true
  }
}
