public import Foundation
import Glibc

/// The real, emptied directories of a recorded run, kept so that each
/// materialized crash state can use them again: a package journal records
/// the inode of its package directory and applies only to that inode, so
/// the package in a crash state must be the very directory the save wrote.
///
/// Moving a directory (`rename`) keeps its inode; the stash lends each one
/// to a state (``take(_:to:)``) and takes it back after (``putBack(from:)``).
public final class DirectoryStash {
  private let url: URL
  private let recorder: PowerLossFileSystem
  private var kept: Set<PowerLossFileSystem.Node> = []

  /// Empties every directory under `tree` (not `tree` itself) that the
  /// recorder knows, and moves it into `folder`, named by its node.
  public init(_ recorder: PowerLossFileSystem, tree: URL, into folder: URL) throws {
    url = folder
    self.recorder = recorder
    try collect(tree.path, isRoot: true)
  }

  private func collect(_ path: String, isRoot: Bool) throws {
    for name in try FileManager.default.contentsOfDirectory(atPath: path) {
      let child = path + "/" + name
      var status = stat()
      guard lstat(child, &status) == 0 else { continue }
      if status.st_mode & S_IFMT == S_IFDIR { try collect(child, isRoot: false) }
    }
    guard !isRoot else { return }
    if let node = recorder.node(at: path), !kept.contains(node) {
      for name in try FileManager.default.contentsOfDirectory(atPath: path) {
        try FileManager.default.removeItem(atPath: path + "/" + name)
      }
      guard rename(path, url.path + "/\(node)") == 0 else {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      }
      kept.insert(node)
    } else {
      try FileManager.default.removeItem(atPath: path)
    }
  }

  /// Moves the kept directory of `node` to `path`; false if there is none.
  func take(_ node: PowerLossFileSystem.Node, to path: String) -> Bool {
    kept.contains(node) && rename(url.path + "/\(node)", path) == 0
  }

  /// Takes back, emptied, every kept directory found under `root`.
  public func putBack(from root: URL) throws {
    func walk(_ path: String, isRoot: Bool) throws {
      chmod(path, 0o700)
      for name in try FileManager.default.contentsOfDirectory(atPath: path) {
        let child = path + "/" + name
        var status = stat()
        guard lstat(child, &status) == 0 else { continue }
        if status.st_mode & S_IFMT == S_IFDIR { try walk(child, isRoot: false) }
      }
      guard !isRoot, let node = recorder.node(at: path), kept.contains(node),
        !FileManager.default.fileExists(atPath: url.path + "/\(node)")
      else { return }
      for name in try FileManager.default.contentsOfDirectory(atPath: path) {
        try FileManager.default.removeItem(atPath: path + "/" + name)
      }
      _ = rename(path, url.path + "/\(node)")
    }
    try walk(root.path, isRoot: true)
  }
}
