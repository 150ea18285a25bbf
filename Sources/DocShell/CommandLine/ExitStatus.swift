/// The exit statuses of `docrepl`, following `sysexits.h`.
public struct ExitStatus: RawRepresentable, Hashable, Sendable {
  public let rawValue: Int32

  /// Creates a status from its number.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// Everything worked.
  public static let success = ExitStatus(rawValue: 0)
  /// A failure not covered below, such as a permission or I/O error.
  public static let failure = ExitStatus(rawValue: 1)
  /// The command line was wrong (`EX_USAGE`).
  public static let usage = ExitStatus(rawValue: 64)
  /// The input was malformed or unsafe (`EX_DATAERR`).
  public static let dataError = ExitStatus(rawValue: 65)
  /// An input file did not exist (`EX_NOINPUT`).
  public static let noInput = ExitStatus(rawValue: 66)
  /// Interrupted by Ctrl-C (`SIGINT`): 128 + 2, as shells report it.
  /// Also what `SIGTERM` and `SIGHUP` end the prompt and scripts with,
  /// once they have stopped at a safe point and cleaned up, as `docrepl
  /// test` and `docrepl check` do for `SIGTERM`.
  public static let interrupted = ExitStatus(rawValue: 130)
}
