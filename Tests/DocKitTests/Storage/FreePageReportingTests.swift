import Testing

@testable import DocKit

/// A virtio balloon that reports free pages to its host is read from the
/// device's type and its agreed feature bits, as Linux lists them in
/// `/sys/bus/virtio/devices/*/device` and `features`.
@Suite("Free page reporting: read from a virtio device's type and features")
struct FreePageReportingTests {
  /// A balloon's 128 feature bits as a Firecracker guest lists them:
  /// bits 1, 2, 5 and 7 (statistics, deflate on OOM, reporting, ...) and
  /// 32 (VIRTIO_F_VERSION_1).
  static let reportingBalloon =
    "01100101" + String(repeating: "0", count: 24) + "1" + String(repeating: "0", count: 95)

  @Test(
    "A balloon with bit 5 reports; another device, bit 5 clear, or unreadable text does not",
    arguments: [
      ("0x0005\n", reportingBalloon + "\n", true),
      ("0x0005", reportingBalloon, true),
      ("0x0005\n", "0110000100000000\n", false),
      ("0x0002\n", reportingBalloon + "\n", false),
      ("0x0001\n", "11000101101110110000\n", false),
      ("0x0005\n", "0110\n", false),
      ("0x0005\n", "01100x01\n", false),
      ("5\n", reportingBalloon, false),
      ("", "", false),
    ])
  func decision(device: String, features: String, reports: Bool) {
    #expect(FreePageReporting.reports(device: device, features: features) == reports)
  }
}
