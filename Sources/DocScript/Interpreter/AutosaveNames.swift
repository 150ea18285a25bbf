import DocKit
import Glibc

/// Names for untitled documents' autosaves, unique to the process and the
/// document: `Untitled-<n>-<pid>-<token>`, where `n` counts this process's
/// untitled autosaves (every interpreter in it shares the count), `pid` is
/// the process's id and `token` eight hexadecimal digits drawn at random
/// once per process.
///
/// Two docrepl processes that autosave into one folder never share a
/// name: two that run at once have different pids, and a later one that
/// the system gave the pid of one that left autosaves behind has another
/// token (and DocKit skips a name something is already at). A script's
/// own autosaves show only in the warning about an unsaved document when
/// input ends, never in what it prints: `recover` lists the autosaves no
/// open document writes, which other processes left.
enum AutosaveNames {
  /// The process's random part.
  static let processToken: String = {
    let value = UInt32.random(in: 0...UInt32.max)
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }()

  private static let count = Locked(0)

  /// `Untitled-1-<pid>-<token>`, `Untitled-2-<pid>-<token>` and onward.
  static func next() -> String {
    let number = count.withLock {
      $0 += 1
      return $0
    }
    return "Untitled-\(number)-\(getpid())-\(processToken)"
  }
}
