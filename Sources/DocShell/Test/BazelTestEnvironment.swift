import DocKit
import Foundation
import Glibc

/// The variables of Bazel's test protocol that `docrepl test` follows,
/// so that a suite runs as a well-behaved Bazel test (an `sh_test` that
/// calls `docrepl test`; see docs/ci.md):
///
/// - `TEST_TOTAL_SHARDS` and `TEST_SHARD_INDEX` (0-based) select a shard,
///   as `--shard INDEX+1/TOTAL` does; the file `TEST_SHARD_STATUS_FILE`
///   names is touched, to say that the test shards;
/// - `XML_OUTPUT_FILE` receives the JUnit report, as `--junit` does;
/// - `TEST_TMPDIR` holds the scripts' temporary folders;
/// - `TEST_UNDECLARED_OUTPUTS_DIR` receives a failing script's report and
///   files (``FailureArtifacts``).
///
/// Unset or empty variables are not used.
struct BazelTestEnvironment: Equatable {
  /// The shard the two sharding variables select.
  var shard: Shard?
  /// `TEST_SHARD_STATUS_FILE`.
  var shardStatusFile: String?
  /// `XML_OUTPUT_FILE`.
  var xmlOutputFile: String?
  /// `TEST_TMPDIR`.
  var temporaryFolder: String?
  /// `TEST_UNDECLARED_OUTPUTS_DIR`.
  var undeclaredOutputs: String?

  /// Why the variables cannot be followed.
  struct Problem: Error, Equatable {
    var message: String
  }

  /// Reads the variables from `environment`.
  ///
  /// - Throws: A problem when only one of the sharding variables is set,
  ///   or either is not a number in range.
  init(_ environment: [String: String]) throws(Problem) {
    func value(_ name: String) -> String? {
      guard let value = environment[name], !value.isEmpty else { return nil }
      return value
    }
    shardStatusFile = value("TEST_SHARD_STATUS_FILE")
    xmlOutputFile = value("XML_OUTPUT_FILE")
    temporaryFolder = value("TEST_TMPDIR")
    undeclaredOutputs = value("TEST_UNDECLARED_OUTPUTS_DIR")
    switch (value("TEST_TOTAL_SHARDS"), value("TEST_SHARD_INDEX")) {
    case (nil, nil):
      shard = nil
    case (let total?, nil):
      throw Problem(message: "TEST_TOTAL_SHARDS=\(total) is set without TEST_SHARD_INDEX")
    case (nil, let index?):
      throw Problem(message: "TEST_SHARD_INDEX=\(index) is set without TEST_TOTAL_SHARDS")
    case (let total?, let index?):
      guard let count = Int(total), count >= 1, total.allSatisfy(\.isNumber) else {
        throw Problem(message: "TEST_TOTAL_SHARDS=\(total) is not a number of shards, 1 or more")
      }
      guard let first = Int(index), index.allSatisfy(\.isNumber), (0..<count).contains(first)
      else {
        throw Problem(
          message:
            "TEST_SHARD_INDEX=\(index) is not from 0 to \(count - 1) (Bazel counts shards from 0; TEST_TOTAL_SHARDS=\(total))"
        )
      }
      shard = Shard(index: first + 1, count: count)
    }
  }

  /// The shard to run: `--shard`'s, Bazel's, or nil for all; the two
  /// must agree when both are given.
  func shard(given option: Shard?) throws(Problem) -> Shard? {
    guard let shard else { return option }
    guard let option, option != shard else { return shard }
    throw Problem(
      message:
        "'--shard \(option.index)/\(option.count)' conflicts with Bazel's sharding (TEST_SHARD_INDEX=\(shard.index - 1), TEST_TOTAL_SHARDS=\(shard.count): shard \(shard.index)/\(shard.count)); give one or the other"
    )
  }

  /// Creates the shard status file if it does not exist, and sets its
  /// time to now, as `touch` does; the file is never written into.
  func touchShardStatusFile(relativeTo folder: URL) throws(Problem) {
    guard let shardStatusFile else { return }
    let url = URL(fileURLWithPath: shardStatusFile, relativeTo: folder).standardizedFileURL
    if !FileManager.default.fileExists(atPath: url.path) {
      do {
        try AtomicFile.write([UInt8](), to: url, as: .report)
      } catch {
        throw Problem(
          message: "cannot make TEST_SHARD_STATUS_FILE '\(shardStatusFile)': \(error.message)")
      }
    }
    guard utimensat(AT_FDCWD, url.path, nil, 0) == 0 else {
      throw Problem(
        message:
          "cannot touch TEST_SHARD_STATUS_FILE '\(shardStatusFile)': \(String(cString: strerror(errno)))"
      )
    }
  }
}
