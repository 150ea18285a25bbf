public import Foundation
import Glibc

/// A program running on a pseudo-terminal of its own, for tests of the
/// interactive path: the child's standard input, output and error are the
/// terminal, which is its controlling terminal, so Ctrl-C sent as a key
/// raises SIGINT in it as at a real terminal.
///
///     let session = try PseudoTerminal(arguments: [], environment: ["DOCREPL_HISTORY": path])
///     try session.expect("docrepl > ")
///     try session.send("new text notes\r")
///     try session.expect("notes > ")
///     try session.send(control: "d")
///     #expect(try session.waitForExit() == 0)
///
/// Waiting is for patterns, with a timeout that only bounds how long a
/// failing test takes: nothing sleeps for a fixed time.
public final class PseudoTerminal {
  /// Why a session failed.
  public struct Failure: Error, CustomStringConvertible {
    /// What happened, with the output so far.
    public var description: String
  }

  /// The child's process id.
  public let processID: pid_t
  private let master: Int32
  private var bytes: [UInt8] = []
  /// Where the next ``expect(_:timeout:)`` starts looking.
  private var searchStart = 0
  private var exitStatus: Int32?

  /// The environment every session starts from: a dumb terminal (so that
  /// readline sends few escape sequences), no `~/.inputrc`, history off,
  /// and no pager (an empty `PAGER`), so that long output reaches the
  /// test as it would scroll. `environment` adds to it and overrides it.
  public static let baseEnvironment = [
    "PATH": "/usr/bin:/bin", "TERM": "dumb", "INPUTRC": "/dev/null", "LANG": "C.UTF-8",
    "DOCREPL_HISTORY": "", "PAGER": "",
  ]

  /// The sanitizer settings of this process, passed on: under
  /// `scripts/sanitize` the binary is built with a sanitizer too, and
  /// without `ASAN_OPTIONS=detect_leaks=0` it would end by reporting the
  /// Swift runtime's allocations as leaks, and exit non-zero.
  static var sanitizerOptions: [String: String] {
    ProcessInfo.processInfo.environment.filter {
      ["ASAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS"].contains($0.key)
    }
  }

  /// Starts `executable` (the built `docrepl` by default) with
  /// `arguments` on a new `columns`×`rows` terminal, in `directory` (the
  /// package root by default), with ``baseEnvironment`` and
  /// `environment`.
  public init(
    _ executable: URL = docreplExecutable, arguments: [String] = [],
    environment: [String: String] = [:], in directory: URL? = nil,
    columns: UInt16 = 80, rows: UInt16 = 24
  ) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else {
      throw Failure(description: "openpty failed: \(String(cString: strerror(errno)))")
    }
    let slavePath = String(cString: ttyname(slave))
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Open the terminal as standard input: a session leader opening a
    // terminal makes it its controlling one.
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    // POSIX_SPAWN_SETSID (0x80), which Glibc's Swift overlay leaves out:
    // a new session, with no controlling terminal until it opens one.
    let newSession: Int32 = 0x80
    posix_spawnattr_setflags(
      &attributes, Int16(newSession | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    // env(1) changes to `directory` (posix_spawn_file_actions_addchdir_np
    // is not imported either) and then runs the program in its place.
    let launcher = "/usr/bin/env"
    let argv = [launcher, "-C", (directory ?? packageRoot).path, executable.path] + arguments
    let env = Self.baseEnvironment.merging(Self.sanitizerOptions) { $1 }
      .merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
    var child: pid_t = 0
    let result = withCStrings(argv) { argvPointers in
      withCStrings(env) { envPointers in
        posix_spawn(&child, launcher, &actions, &attributes, argvPointers, envPointers)
      }
    }
    close(slave)
    guard result == 0 else {
      close(master)
      throw Failure(description: "posix_spawn failed: \(String(cString: strerror(result)))")
    }
    self.master = master
    processID = child
  }

  deinit {
    if exitStatus == nil {
      kill(processID, SIGKILL)
      var status: Int32 = 0
      _ = waitpid(processID, &status, 0)
    }
    close(master)
  }

  /// Everything the program wrote so far, byte for byte: carriage
  /// returns and escape sequences included, for tests of where the
  /// cursor goes.
  public var rawTranscript: [UInt8] { bytes }

  /// Everything the program wrote so far, with the terminal's `\r\n`
  /// turned back into `\n` and other carriage returns dropped.
  public var transcript: String {
    String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\r", with: "")
  }

  /// Types `text` (a line ends with `"\r"`, as Enter sends).
  public func send(_ text: String) throws {
    var remaining = Array(text.utf8)[...]
    while !remaining.isEmpty {
      let count = remaining.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      if count < 0 && (errno == EINTR || errno == EAGAIN) {
        try pump(until: .now + .milliseconds(10))
        continue
      }
      guard count > 0 else {
        throw Failure(
          description: "cannot write to the terminal: \(String(cString: strerror(errno)))")
      }
      remaining = remaining.dropFirst(count)
    }
  }

  /// Types Ctrl and `key`: `"c"` for Ctrl-C, `"d"` for Ctrl-D.
  public func send(control key: Character) throws {
    guard let ascii = key.uppercased().first?.asciiValue, ascii >= 64, ascii < 96 else {
      throw Failure(description: "no control key for '\(key)'")
    }
    try send(String(UnicodeScalar(ascii - 64)))
  }

  /// Waits until `pattern` appears in the output after the previous
  /// match, and returns the output up to the end of this one. A `\n` in
  /// `pattern` matches the `\r\n` the terminal turns it into.
  @discardableResult
  public func expect(_ pattern: String, timeout: Duration = .seconds(60)) throws -> String {
    let needle = Array(pattern.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    let deadline = ContinuousClock.now + timeout
    while true {
      if let found = Self.find(needle, in: bytes, from: searchStart) {
        let text = String(decoding: bytes[searchStart..<found.upperBound], as: UTF8.self)
        searchStart = found.upperBound
        return text.replacingOccurrences(of: "\r\n", with: "\n")
      }
      guard ContinuousClock.now < deadline, exitStatus == nil else {
        throw Failure(
          description: "'\(pattern)' did not appear; the output after the last match was:\n"
            + String(decoding: bytes[searchStart...], as: UTF8.self))
      }
      try pump(until: deadline)
    }
  }

  /// Waits for the program to exit and returns its exit status (128 + the
  /// signal's number if a signal ended it), reading what it still writes.
  @discardableResult
  public func waitForExit(timeout: Duration = .seconds(60)) throws -> Int32 {
    let deadline = ContinuousClock.now + timeout
    while exitStatus == nil {
      guard ContinuousClock.now < deadline else {
        throw Failure(description: "the program did not exit; its output:\n\(transcript)")
      }
      try pump(until: min(deadline, .now + .milliseconds(50)))
    }
    return exitStatus ?? -1
  }

  /// Reads what is there, waiting until `deadline` for something; notes
  /// the program's exit.
  private func pump(until deadline: ContinuousClock.Instant) throws {
    let remaining = ContinuousClock.now.duration(to: deadline)
    let milliseconds = max(0, min(Int32(remaining.components.seconds * 1000) + 1, 50))
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    _ = poll(&descriptor, 1, milliseconds)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += buffer[..<count]
        continue
      }
      break  // EAGAIN: nothing more now; EIO: the program closed the terminal.
    }
    if exitStatus == nil {
      var status: Int32 = 0
      if waitpid(processID, &status, WNOHANG) == processID {
        // Collect the last output, then record the status.
        while true {
          let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
          guard count > 0 else { break }
          bytes += buffer[..<count]
        }
        let signal = status & 0x7f
        exitStatus = signal == 0 ? (status >> 8) & 0xff : 128 + signal
      }
    }
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Range<Int>?
  {
    guard !needle.isEmpty, haystack.count - start >= needle.count else { return nil }
    var index = start
    while index + needle.count <= haystack.count {
      if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle)
      {
        return index..<index + needle.count
      }
      index += 1
    }
    return nil
  }
}

/// Calls `body` with `strings` as a NULL-terminated array of C strings.
private func withCStrings<Result>(
  _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
) -> Result {
  let pointers = strings.map { strdup($0) } + [nil]
  defer { for pointer in pointers { free(pointer) } }
  return body(pointers)
}
