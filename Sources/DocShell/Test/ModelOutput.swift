import CDocShellSignals
import DocKit
import Foundation
import Glibc

/// What a document model prints with `print()` (or anything else that
/// writes to C's `stdout`) while `docrepl test` runs a script or `docrepl
/// check` runs its sequences: kept apart from the runner's own output, in
/// a file of its own, for the script (or the check) whose task printed it.
///
/// `stdout` is replaced, once in the process, by a stream that hands each
/// write at once, on the thread that made it, to the capture that is
/// ``current`` in that thread's task: so with several scripts in flight
/// (`--jobs`) each gets what it printed, also from work DocKit does off
/// the main actor for it. A write from no capturing task goes to standard
/// output as before. The runners' own output is written to file
/// descriptor 1 directly, and never passes through here.
///
/// The bytes go to an unlinked temporary file as they are written, so
/// that a model that prints without end costs no memory; past
/// ``spillLimit`` they are only counted. If the process crashes, what the
/// captures in flight hold is written to standard error (see
/// `docshell_crash_handler_install`), so that a model's last words are
/// not lost with it.
final class ModelOutput: Sendable {
  /// The capture of the task running now; nil outside a capture.
  @TaskLocal static var current: ModelOutput?

  /// The most bytes kept in the file; more are counted, not kept.
  static let spillLimit = 64 << 20
  /// The most bytes a report shows: half from the start, half from the
  /// end of what was kept.
  static let shownLimit = 32 << 10

  private struct State {
    var descriptor: Int32
    var byteCount = 0
    var keptCount = 0
    var lineCount = 0
    var endsWithLineFeed = true
  }

  private let state: Locked<State>
  /// The name the crash handler prints, kept for as long as the file is
  /// named to it.
  private nonisolated(unsafe) let crashName: UnsafeMutablePointer<CChar>?

  /// A capture for `name` (a script's path, or `check TYPE`). Nil if no
  /// temporary file can be made: the output then goes where it would
  /// have gone.
  init?(name: String) {
    Self.installOnce()
    var template = Array(
      FileManager.default.temporaryDirectory.appendingPathComponent("docrepl-output-XXXXXX").path
        .utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { return nil }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
    state = Locked(State(descriptor: descriptor))
    crashName = strdup(name)
    docshell_capture_file_add(descriptor, crashName)
  }

  deinit {
    state.withLock { state in
      docshell_capture_file_remove(state.descriptor)
      Glibc.close(state.descriptor)
    }
    free(crashName)
  }

  /// How many bytes were printed, kept or not.
  var byteCount: Int { state.withLock { $0.byteCount } }

  /// How many lines were printed (a last one without a line feed counts).
  var lineCount: Int {
    state.withLock { $0.lineCount + ($0.endsWithLineFeed ? 0 : 1) }
  }

  /// Adds bytes printed.
  func append(_ bytes: UnsafeRawBufferPointer) {
    guard !bytes.isEmpty else { return }
    state.withLock { state in
      state.byteCount += bytes.count
      state.lineCount += bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      state.endsWithLineFeed = bytes.last == 0x0A
      let room = max(0, Self.spillLimit - state.keptCount)
      let kept = UnsafeRawBufferPointer(rebasing: bytes.prefix(room))
      guard let start = kept.baseAddress else { return }
      var offset = 0
      while offset < kept.count {
        let written = pwrite(
          state.descriptor, start + offset, kept.count - offset, off_t(state.keptCount + offset))
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { break }
        offset += written
      }
      state.keptCount += offset
    }
  }

  /// What was printed, for a report: all of it up to ``shownLimit``
  /// bytes, else its start and its end, cut at line breaks, with a line
  /// between them that says how much is not shown. Nil when nothing was
  /// printed.
  func excerpt() -> String? {
    state.withLock { state -> String? in
      guard state.byteCount > 0 else { return nil }
      func read(_ offset: Int, _ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes {
          pread(state.descriptor, $0.baseAddress, count, off_t(offset))
        }
        return Array(bytes.prefix(max(0, got)))
      }
      var text: String
      if state.keptCount <= Self.shownLimit {
        text = String(decoding: read(0, state.keptCount), as: UTF8.self)
      } else {
        let half = Self.shownLimit / 2
        var head = read(0, half)
        if let last = head.lastIndex(of: 0x0A) { head = Array(head[...last]) }
        var tail = read(state.keptCount - half, half)
        if let first = tail.firstIndex(of: 0x0A) { tail = Array(tail[(first + 1)...]) }
        let cut = state.byteCount - head.count - tail.count
        let total = state.lineCount + (state.endsWithLineFeed ? 0 : 1)
        let tailLines = tail.count(of: 0x0A) + (tail.isEmpty || tail.last == 0x0A ? 0 : 1)
        let cutLines = max(0, total - head.count(of: 0x0A) - tailLines)
        text =
          String(decoding: head, as: UTF8.self)
          + "[… \(cut) bytes (\(cutLines) lines) not shown …]\n"
          + String(decoding: tail, as: UTF8.self)
      }
      if !text.hasSuffix("\n") { text += "\n" }
      return text
    }
  }

  /// What a failed script's report shows of this capture; nil when
  /// nothing was printed.
  func report() -> String? {
    guard let text = excerpt() else { return nil }
    let lines = lineCount
    return "--- what the document model printed (\(lines) line\(lines == 1 ? "" : "s")) ---\n"
      + text + "--- end of what it printed ---\n"
  }

  // MARK: - The stream

  private static let installed = Locked(false)

  /// Replaces `stdout` and installs the crash handler, once in the
  /// process; both stay, a write outside any capture going to standard
  /// output as before.
  private static func installOnce() {
    installed.withLock { installed in
      guard !installed else { return }
      installed = docshell_output_capture_install(writer) == 0
      docshell_crash_handler_install()
    }
  }

  /// Where each write to `stdout` goes: the current task's capture, or
  /// file descriptor 1.
  private static let writer: docshell_output_writer = { bytes, size in
    guard let bytes, size > 0 else { return }
    let buffer = UnsafeRawBufferPointer(start: bytes, count: size)
    if let capture = ModelOutput.current {
      capture.append(buffer)
      return
    }
    var offset = 0
    while offset < size {
      let written = Glibc.write(STDOUT_FILENO, bytes + offset, size - offset)
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }
}

extension Array where Element == UInt8 {
  fileprivate func count(of byte: UInt8) -> Int { reduce(0) { $0 + ($1 == byte ? 1 : 0) } }
}
