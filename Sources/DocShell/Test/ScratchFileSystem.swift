import DocKit
import Glibc

/// The file system a script of `docrepl test` saves through: the live
/// one, except that `fsync` and `syncfs` of a file or folder inside the
/// script's ``ScratchFolder`` do nothing and succeed.
///
/// That folder is removed when the script ends, so making its files
/// durable buys nothing, and waiting for the disk was most of a test's
/// time (`eatmydata`, and database test suites with `fsync=off`, do the
/// same). Every other call is made as usual, in the same order, so saves
/// take the same steps and fail the same ways; a save outside the folder
/// (to `$SCRIPT_DIR`, say) is synced as always.
struct ScratchFileSystem: FileSystem {
  /// The folder's path, resolved, without a trailing slash.
  let folder: String
  /// Where `fsync` and `syncfs` outside the folder go.
  var base: any FileSystem = POSIXFileSystem()

  func fsync(_ descriptor: Int32) -> Int32 {
    isInsideFolder(descriptor) ? 0 : base.fsync(descriptor)
  }

  func syncfs(_ descriptor: Int32) -> Int32 {
    isInsideFolder(descriptor) ? 0 : base.syncfs(descriptor)
  }

  /// Whether `descriptor` is open on the folder or something in it, from
  /// `/proc/self/fd`. When that cannot be read, false: the call is made.
  private func isInsideFolder(_ descriptor: Int32) -> Bool {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
    guard count > 0 else { return false }
    let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return path == folder || path.hasPrefix(folder + "/")
  }
}
