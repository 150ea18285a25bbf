public import Foundation
import Glibc

/// One disk state a crash may leave: a tree of files, directories and
/// symbolic links, which can be written into a real folder.
public indirect enum DiskItem: Sendable, Hashable {
  case file(contents: Data, mode: UInt16)
  /// A directory, with the node it is (see ``DirectoryStash``).
  case directory(node: PowerLossFileSystem.Node, mode: UInt16, entries: [[UInt8]: DiskItem])
  case symbolicLink(target: [UInt8])

  /// Writes this directory's entries into the existing empty folder `url`.
  /// A directory whose real inode `stash` keeps is moved into place rather
  /// than made, so that it keeps the inode a journal recorded.
  public func materialize(into url: URL, stash: DirectoryStash?) throws {
    guard case .directory(_, _, let entries) = self else { return }
    for name in entries.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      try entries[name]?.write(at: url.path + "/" + String(decoding: name, as: UTF8.self), stash)
    }
  }

  private func write(at path: String, _ stash: DirectoryStash?) throws {
    func check(_ result: Int32) throws {
      guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
    switch self {
    case .file(let contents, let mode):
      // Not `Data.write(to:)`, which syncs every file.
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
      guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      defer { close(descriptor) }
      var written = 0
      while written < contents.count {
        let count = contents.withUnsafeBytes {
          Glibc.write(descriptor, $0.baseAddress.unsafelyUnwrapped + written, $0.count - written)
        }
        guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        written += count
      }
      try check(fchmod(descriptor, mode_t(mode)))
    case .symbolicLink(let target):
      try check(symlink(String(decoding: target, as: UTF8.self), path))
    case .directory(let node, let mode, _):
      if stash?.take(node, to: path) != true { try check(mkdir(path, 0o700)) }
      try check(chmod(path, 0o700))
      try materialize(into: URL(fileURLWithPath: path), stash: stash)
      try check(chmod(path, mode_t(mode)))
    }
  }
}
