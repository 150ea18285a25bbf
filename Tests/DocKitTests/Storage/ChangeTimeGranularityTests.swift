import DocTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

@testable import DocKit

/// The live file system, answering `changeTimesAreFineGrained` as told,
/// counting the `openat`s of one name, and, for `wholeSeconds`, giving
/// every time `fstatat` and `fstat` report to the whole second: a clock
/// that advances once a second, coarser than any kernel's.
private final class GranularityFileSystem: FileSystem {
  let fineGrained: Bool
  let wholeSeconds: Bool
  let name: String
  private let base = POSIXFileSystem()
  private let opens = Mutex(0)

  init(fineGrained: Bool, wholeSeconds: Bool = false, counting name: String) {
    self.fineGrained = fineGrained
    self.wholeSeconds = wholeSeconds
    self.name = name
  }

  var opensOfName: Int { opens.withLock { $0 } }

  func changeTimesAreFineGrained(device: UInt64) -> Bool { fineGrained }

  func openat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t
  ) -> Int32 {
    if String(cString: path).hasSuffix("/" + name) || String(cString: path) == name {
      opens.withLock { $0 += 1 }
    }
    return base.openat(directory, path, flags, mode)
  }

  func fstatat(
    _ directory: Int32, _ path: UnsafePointer<CChar>, _ status: inout stat, _ flags: Int32
  ) -> Int32 {
    let result = base.fstatat(directory, path, &status, flags)
    if wholeSeconds { Self.truncate(&status) }
    return result
  }

  func fstat(_ descriptor: Int32, _ status: inout stat) -> Int32 {
    let result = base.fstat(descriptor, &status)
    if wholeSeconds { Self.truncate(&status) }
    return result
  }

  private static func truncate(_ status: inout stat) {
    status.st_mtim.tv_nsec = 0
    status.st_ctim.tv_nsec = 0
    status.st_atim.tv_nsec = 0
  }
}

/// glibc's `makedev` (`sys/sysmacros.h`, which Swift does not import).
private func makeDevice(_ major: UInt32, _ minor: UInt32) -> UInt64 {
  let major = UInt64(major)
  let minor = UInt64(minor)
  return ((major & 0xfff) << 8) | ((major & ~0xfff) << 32) | (minor & 0xff)
    | ((minor & ~0xff) << 12)
}

/// A session tells another program's change from the file's identity and
/// status-change time alone where the file system gives every change a
/// fine-grained time once the last was read (Linux 6.13's multigrain
/// timestamps: ext4, xfs, btrfs, tmpfs), and compares a small file's bytes
/// too everywhere else.
@MainActor
@Suite("Change times: fine-grained ones spare the conflict check its read")
struct ChangeTimeGranularityTests {
  @Test(
    "Kernel releases from 6.13 on keep multigrain timestamps",
    arguments: [
      ("6.13.0", true), ("6.13.0-rc1", true), ("6.18.44-fc-v1272", true), ("7.0.1", true),
      ("10.2.0", true), ("6.12.74-generic", false), ("5.15.0-100-generic", false),
      ("6.1", false), ("6", false), ("", false), ("linux", false), ("v6.14", false),
    ])
  func kernelRelease(release: String, multigrain: Bool) {
    #expect(ChangeTimeGranularity.kernelHasMultigrainTimes(release: release) == multigrain)
  }

  @Test(
    "A dev_t splits into glibc's major and minor",
    arguments: [(8, 1), (254, 0), (0, 35), (259, 3), (4095, 255), (4096, 1_048_575), (1, 256)])
  func deviceNumbers(major: UInt32, minor: UInt32) {
    let split = ChangeTimeGranularity.deviceNumbers(makeDevice(major, minor))
    #expect(split.major == UInt64(major))
    #expect(split.minor == UInt64(minor))
  }

  @Test("The root folder's device is the one mountinfo lists for its mount")
  func liveDevice() throws {
    var root = stat()
    try #require(lstat("/", &root) == 0)
    let text = try String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8)
    let (major, minor) = ChangeTimeGranularity.deviceNumbers(UInt64(root.st_dev))
    let rootLines = text.split(separator: "\n").filter { $0.split(separator: " ")[4] == "/" }
    #expect(rootLines.contains { $0.split(separator: " ")[2] == "\(major):\(minor)" })
    #expect(
      ChangeTimeGranularity.fileSystemType(ofDevice: UInt64(root.st_dev), inMountInfo: text)
        != nil)
  }

  /// proc(5)'s example line, and the kinds of line a machine has: optional
  /// fields or none, a mount point with an escaped blank, a type with a
  /// dot, ext3 (ext4's driver, ext4's magic number, coarse times).
  static let mountInfo = """
    22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw,discard
    36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue
    40 22 8:17 / /media/My\\040Disk rw,relatime shared:7 master:2 - xfs /dev/sdb1 rw
    41 22 0:35 / /dev/shm rw,nosuid,nodev shared:3 - tmpfs tmpfs rw
    42 22 8:33 / /backup rw,relatime - btrfs /dev/sdc1 rw,space_cache=v2
    43 22 0:52 / /home/me/remote rw,nosuid - fuse.sshfs me@host: rw
    44 22 8:49 / /old rw - ext2 /dev/sdd1 rw
    45 22 8:65 / /- rw - vfat /dev/sde1 rw
    """

  @Test(
    "The type of a device's mount, from mountinfo",
    arguments: [
      (254, 0, "ext4"), (98, 0, "ext3"), (8, 17, "xfs"), (0, 35, "tmpfs"), (8, 33, "btrfs"),
      (0, 52, "fuse.sshfs"), (8, 49, "ext2"), (8, 65, "vfat"), (8, 81, nil),
    ] as [(UInt32, UInt32, String?)])
  func mountType(major: UInt32, minor: UInt32, type: String?) {
    let device = makeDevice(major, minor)
    #expect(
      ChangeTimeGranularity.fileSystemType(ofDevice: device, inMountInfo: Self.mountInfo)
        == type)
  }

  @Test(
    "Fine-grained: ext4, xfs and btrfs on 6.13 and later; never ext3, ext2, anonymous devices or older kernels",
    arguments: [
      (254, 0, "6.13.0", true), (8, 17, "6.18.1", true), (8, 33, "6.13.2", true),
      (254, 0, "6.12.9", false), (98, 0, "6.18.1", false), (8, 49, "6.18.1", false),
      (0, 35, "6.18.1", false), (0, 52, "6.18.1", false), (8, 65, "6.18.1", false),
      (8, 81, "6.18.1", false),
    ] as [(UInt32, UInt32, String, Bool)])
  func decision(major: UInt32, minor: UInt32, release: String, fineGrained: Bool) {
    let device = makeDevice(major, minor)
    #expect(
      ChangeTimeGranularity.isFineGrained(
        device: device, kernelRelease: release, mountInfo: { Self.mountInfo }) == fineGrained)
    #expect(
      !ChangeTimeGranularity.isFineGrained(
        device: device, kernelRelease: release, mountInfo: { nil }))
  }

  @Test(
    "The conflict check opens a small file only where change times are coarse",
    arguments: [true, false])
  func conflictCheckReads(fineGrained: Bool) async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("draft\n", to: "a.txt")
    let system = GranularityFileSystem(fineGrained: fineGrained, counting: "a.txt")
    try await FileSystemContext.$current.withValue(system) {
      let session = try await DocumentSession<TextMemo>.open(
        url, environment: testEnvironment(temporary))
      let before = system.opensOfName
      #expect(!session.hasConflict)
      #expect(system.opensOfName - before == (fineGrained ? 0 : 1))
      try session.perform { try $0.insert(["mine"], at: 1) }
      try await session.save()
      #expect(try Data(contentsOf: url) == Data("draft\nmine\n".utf8))
    }
  }

  @Test("Where times advance once a second, the bytes catch a same-size rewrite in that second")
  func coarseTimesCompareBytes() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("0000\n", to: "a.txt")
    let system = GranularityFileSystem(fineGrained: false, wholeSeconds: true, counting: "a.txt")
    var missed = 0
    var sameSecond = 0
    try await FileSystemContext.$current.withValue(system) {
      let session = try await DocumentSession<TextMemo>.open(
        url, environment: testEnvironment(temporary))
      for round in 0..<20 {
        try session.perform { try $0.insert(["\(round % 10)"], at: 0) }
        try await session.save(force: true)
        var saved = stat()
        _ = system.fstatat(AT_FDCWD, url.path, &saved, AT_SYMLINK_NOFOLLOW)
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "x"), count: Int(saved.st_size)))
        try handle.close()
        var rewritten = stat()
        _ = system.fstatat(AT_FDCWD, url.path, &rewritten, AT_SYMLINK_NOFOLLOW)
        if rewritten.st_ctim.tv_sec == saved.st_ctim.tv_sec { sameSecond += 1 }
        if !session.hasConflict { missed += 1 }
      }
    }
    #expect(missed == 0)
    // The rounds exercise the case: most rewrites fall in their save's second.
    #expect(sameSecond > 10)
  }
}
