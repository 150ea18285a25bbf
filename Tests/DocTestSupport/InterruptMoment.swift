import Dispatch
public import Foundation
import Glibc

/// When a test sends its Ctrl-C (`SIGINT`) to a program it started: a
/// Ctrl-C must be honoured whenever it comes.
public enum InterruptMoment: Sendable, Equatable, CustomStringConvertible {
  /// As soon as the process exists.
  case immediately
  /// This long after the process exists.
  case after(microseconds: UInt32)
  /// As soon as the program has changed what SIGINT does, however it
  /// did: from then on it has taken charge of Ctrl-C, and is not ended by
  /// it.
  case onceTakenOver

  /// The moments the interruption tests try.
  public static let all: [InterruptMoment] = [
    .immediately, .after(microseconds: 2_000), .after(microseconds: 20_000), .onceTakenOver,
  ]

  public var description: String {
    switch self {
    case .immediately: "immediately"
    case .after(let microseconds): "after \(microseconds) µs"
    case .onceTakenOver: "once the program has changed SIGINT's disposition"
    }
  }

  /// Starts `executable` with `arguments` in `directory`, with
  /// `environment` added to this process's and no standard input, sends
  /// it SIGINT at this moment, and collects its output. `killed`: it was
  /// ended by the signal's default action (`status` is then the signal's
  /// number).
  ///
  /// The waiting happens on a dispatch queue, not on a thread of the
  /// cooperative pool, which a few seconds' blocking would take from the
  /// tests that run in parallel (there are as many as cores).
  public func run(
    _ executable: URL, _ arguments: [String], in directory: URL,
    environment: [String: String] = [:]
  ) async throws -> (result: ProcessResult, killed: Bool) {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(
          with: Result {
            try runBlocking(executable, arguments, in: directory, environment: environment)
          })
      }
    }
  }

  /// ``run(_:_:in:environment:)``, blocking the calling thread.
  private func runBlocking(
    _ executable: URL, _ arguments: [String], in directory: URL,
    environment: [String: String]
  ) throws -> (result: ProcessResult, killed: Bool) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    interrupt(process)
    let result = finish(process, output: output, errors: errors)
    return (result, process.terminationReason == .uncaughtSignal)
  }

  /// Waits for this moment in `process`, just started, then sends it
  /// SIGINT.
  public func interrupt(_ process: Process) {
    switch self {
    case .immediately: break
    case .after(let microseconds): usleep(microseconds)
    case .onceTakenOver:
      // What a child starts with: an ignored SIGINT stays ignored across
      // exec, a caught one is reset. A change from that is the program's.
      let inherited: Disposition =
        Self.interruptDisposition(of: getpid()) == .ignored ? .ignored : .default
      while let disposition = Self.interruptDisposition(of: process.processIdentifier),
        disposition == inherited
      {}
    }
    kill(process.processIdentifier, SIGINT)
  }

  /// What a process does with SIGINT.
  enum Disposition {
    case `default`, ignored, caught
  }

  /// What SIGINT does in process `pid`, from `/proc/PID/status`; nil once
  /// it is gone.
  static func interruptDisposition(of pid: Int32) -> Disposition? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let ignored = interruptBit("SigIgn", in: status),
      let caught = interruptBit("SigCgt", in: status)
    else { return nil }
    return ignored ? .ignored : caught ? .caught : .default
  }

  /// Whether the `SigIgn` or `SigCgt` mask in `status` has SIGINT's bit;
  /// nil if the line is missing.
  private static func interruptBit(_ name: String, in status: String) -> Bool? {
    guard let row = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
      let mask = UInt64(
        row.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16)
    else { return nil }
    return mask & (1 << UInt64(SIGINT - 1)) != 0
  }
}
