import Foundation

/// Whether this machine is a virtual machine whose memory balloon reports
/// free memory to its host (virtio's `VIRTIO_BALLOON_F_REPORTING`), which
/// then takes that memory back: the guest's first use of such a page
/// waits for the host to give it memory again.
///
/// Linux lists each virtio device in `/sys/bus/virtio/devices/`, with its
/// device type (`device`, "0x0005" for a balloon) and the features the
/// guest and host agreed on (`features`, one "0" or "1" a feature bit,
/// bit 0 first; free page reporting is bit 5).
enum FreePageReporting {
  /// The balloon's device type.
  static let balloonDevice = 5
  /// `VIRTIO_BALLOON_F_REPORTING`.
  static let reportingBit = 5

  /// Whether a virtio device of type `device` (the text of its `device`
  /// file) with `features` (the text of its `features` file) is a balloon
  /// that reports free pages.
  static func reports(device: String, features: String) -> Bool {
    let type = device.trimmingCharacters(in: .whitespacesAndNewlines)
    guard type.hasPrefix("0x"), Int(type.dropFirst(2), radix: 16) == balloonDevice else {
      return false
    }
    let bits = Array(features.trimmingCharacters(in: .whitespacesAndNewlines))
    guard bits.count > reportingBit, bits.allSatisfy({ $0 == "0" || $0 == "1" }) else {
      return false
    }
    return bits[reportingBit] == "1"
  }
}
