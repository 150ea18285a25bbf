public import Foundation
import Glibc

/// Everything under a folder, as `lstat` and the bytes say: each path's
/// kind, mode, owner, and its bytes (a file) or target (a link); not its
/// link count, which a save that replaces another name of a file changes. Links are never followed. Two snapshots compare as the disk
/// does, byte for byte, so a test can say what a command changed.
public struct DiskSnapshot: Sendable, Equatable {
  /// One item.
  public struct Entry: Sendable, Equatable {
    public var mode: UInt32
    public var owner: UInt32
    /// A regular file's bytes, or a link's target.
    public var contents: Data?
  }

  /// Every item by its path relative to the folder ("" for the folder).
  public var entries: [String: Entry] = [:]

  /// Reads everything under `root`.
  public init(of root: URL) throws {
    var pending = [""]
    while let relative = pending.popLast() {
      let path = relative.isEmpty ? root.path : root.path + "/" + relative
      var raw = stat()
      guard lstat(path, &raw) == 0 else { continue }
      var contents: Data?
      switch raw.st_mode & S_IFMT {
      case S_IFREG:
        contents = FileManager.default.contents(atPath: path)
      case S_IFLNK:
        contents = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map {
          Data($0.utf8)
        }
      case S_IFDIR:
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
          pending.append(relative.isEmpty ? name : relative + "/" + name)
        }
      default:
        break
      }
      entries[relative] = Entry(
        mode: raw.st_mode, owner: raw.st_uid, contents: contents)
    }
  }

  /// The paths that differ between the two snapshots (added, removed or
  /// changed), sorted. A folder is listed only for its own mode or owner,
  /// not for its items.
  public func differences(from other: DiskSnapshot) -> [String] {
    Set(entries.keys).union(other.entries.keys).filter { path in
      guard let mine = entries[path], let theirs = other.entries[path] else { return true }
      if mine.mode & S_IFMT == S_IFDIR, theirs.mode & S_IFMT == S_IFDIR {
        return mine.mode != theirs.mode || mine.owner != theirs.owner
      }
      return mine != theirs
    }.sorted()
  }
}
