/// Whether a file system's status-change times (`st_ctime`) tell every
/// change apart, so that a file's identity and change time alone show
/// another program's rewrite.
///
/// Since Linux 6.13 some file systems keep multigrain timestamps: once a
/// file's times have been read (by `stat`), its next change takes a
/// fine-grained time, later than the one read. A rewrite after the
/// session's last look at the file then always shows in `st_ctime`, even at
/// the same size within the same clock tick. Elsewhere, times advance once
/// a tick, and a small file's bytes are compared as well (see
/// `FileChangeStamp`).
///
/// The decision is the kernel's release and the mount's file system type,
/// by name: ext4, xfs, btrfs and tmpfs set `FS_MGTIME`. ext2 and ext3
/// mounts report ext4's magic number to `statfs` but not the flag, so the
/// type comes from `/proc/self/mountinfo`, not `statfs`.
enum ChangeTimeGranularity {
  /// The file system types whose Linux drivers keep multigrain timestamps
  /// from 6.13 on.
  static let multigrainTypes: Set<String> = ["ext4", "xfs", "btrfs", "tmpfs"]

  /// Whether the kernel release `release` (as `uname -r` prints it:
  /// "6.13.0-rc1", "6.18.44-generic") is 6.13 or later. A release that does
  /// not start with two numbers is not.
  static func kernelHasMultigrainTimes(release: String) -> Bool {
    let numbers = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap {
      Int($0)
    }
    guard numbers.count == 2, release.first?.isNumber == true else { return false }
    return (numbers[0], numbers[1]) >= (6, 13)
  }

  /// The major and minor numbers of a Linux `dev_t` (glibc's `major()` and
  /// `minor()`).
  static func deviceNumbers(_ device: UInt64) -> (major: UInt64, minor: UInt64) {
    let major = ((device & 0x0000_0000_000f_ff00) >> 8) | ((device & 0xffff_f000_0000_0000) >> 32)
    let minor = (device & 0x0000_0000_0000_00ff) | ((device & 0x0000_0fff_fff0_0000) >> 12)
    return (major, minor)
  }

  /// The file system type of the first mount of `device` in `mountInfo`,
  /// the text of `/proc/self/mountinfo` (proc(5): the third field is
  /// "major:minor", and the type follows the " - " that ends the optional
  /// fields); nil if no line names the device.
  static func fileSystemType(ofDevice device: UInt64, inMountInfo mountInfo: String) -> String? {
    let (major, minor) = deviceNumbers(device)
    let wanted = "\(major):\(minor)"
    for line in mountInfo.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: false)
      // The mount point (the fifth field) is escaped, so no field but the
      // separator is "-".
      guard fields.count > 6, fields[2] == wanted,
        let separator = fields[6...].firstIndex(of: "-"), separator + 1 < fields.count
      else { continue }
      return String(fields[separator + 1])
    }
    return nil
  }

  /// Whether a file on `device` gets a fine-grained change time at every
  /// change once its times were read, given the kernel release and the
  /// text of `/proc/self/mountinfo`. A device without a major number (an
  /// anonymous device: tmpfs, a btrfs subvolume, overlayfs, NFS) is not
  /// trusted: its number is reused by whatever is mounted next.
  static func isFineGrained(
    device: UInt64, kernelRelease: String, mountInfo: () -> String?
  )
    -> Bool
  {
    guard kernelHasMultigrainTimes(release: kernelRelease), deviceNumbers(device).major != 0,
      let text = mountInfo(), let type = fileSystemType(ofDevice: device, inMountInfo: text)
    else { return false }
    return multigrainTypes.contains(type)
  }
}
