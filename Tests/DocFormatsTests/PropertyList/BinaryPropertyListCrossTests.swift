import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Testing

/// Binary property lists against two independent implementations:
/// Python's `plistlib` writes random values that ``BinaryPropertyList``
/// must read as plistlib reads them, and reads what it writes back as the
/// value written; `plistutil` (libplist) must read what it writes too.
/// Every random case prints its seed when it fails.
@Suite("Binary property lists against plistlib and plistutil")
struct BinaryPropertyListCrossTests {
  @Test(
    "What plistlib writes as binary reads as plistlib reads it", arguments: [1, 2, 3] as [UInt64])
  func readsPlistlib(seed: UInt64) throws {
    let folder = try TemporaryDirectory("bplist")
    let count = 60
    let expected = try BinaryPlistBridge.values(
      fromJSON: BinaryPlistBridge.run("generate", [String(seed), String(count), folder.url.path]))
    #expect(expected.count == count)
    for (index, value) in expected.enumerated() {
      let file = folder("\(index).bplist")
      let bytes = Array(try Data(contentsOf: file))
      do {
        let read = try BinaryPropertyList.read(bytes)
        #expect(read == value, "python seed \(seed), value \(index)")
      } catch {
        Issue.record("python seed \(seed), value \(index): \(error)")
      }
    }
  }

  @Test(
    "What we write, plistlib reads back as the value written (and plistutil, where installed)",
    arguments: [11, 12, 13] as [UInt64])
  func plistlibReadsOurs(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let values = (0..<60).map { _ in BinaryPlistBridge.randomValue(&random) }
    let folder = try TemporaryDirectory("bplist")
    for (index, value) in values.enumerated() {
      try Data(BinaryPropertyList.write(value)).write(to: folder("\(index).bplist"))
    }
    // With plistutil installed, the program also checks that it reads
    // each file as plistlib does, and fails naming the file if not.
    let read = try BinaryPlistBridge.values(
      fromJSON: BinaryPlistBridge.run("read", [folder.url.path, String(values.count)]))
    #expect(read.count == values.count)
    for (index, (ours, theirs)) in zip(values, read).enumerated() {
      #expect(ours == theirs, "swift seed \(seed), value \(index)")
    }
  }

  @Test(
    "plistutil reads what we write as plistlib does, as binary exactly and as XML to its precision",
    .enabled(if: BinaryPlistBridge.hasPlistutil, "plistutil (libplist-utils) is not installed"))
  func plistutilReadsOurs() throws {
    var random = SplitMix64(seed: 21)
    let values = (0..<40).map { _ in BinaryPlistBridge.randomValue(&random, forXML: true) }
    let folder = try TemporaryDirectory("bplist")
    for (index, value) in values.enumerated() {
      try Data(BinaryPropertyList.write(value)).write(to: folder("\(index).bplist"))
    }
    let read = try BinaryPlistBridge.values(
      fromJSON: BinaryPlistBridge.run("read", [folder.url.path, String(values.count), "xml"]))
    #expect(read == values, "swift seed 21")
  }

  /// Values whose layout plistlib and CoreFoundation agree on.
  static let referenceValues: [PropertyListValue] = [
    .dictionary([
      PropertyListEntry(key: "CFBundleIdentifier", value: .string("com.example.app")),
      PropertyListEntry(key: "CFBundleVersion", value: .string("1.0")),
      PropertyListEntry(key: "LSRequiresIPhoneOS", value: .boolean(true)),
      PropertyListEntry(key: "UIRequiredDeviceCapabilities", value: .array([.string("armv7")])),
      PropertyListEntry(key: "Count", value: .integer(-42)),
      PropertyListEntry(key: "Ratio", value: .real(0.75)),
      PropertyListEntry(key: "Created", value: .date(-1_000_000_000)),
      PropertyListEntry(key: "Icon", value: .data([0x89, 0x50, 0x4E, 0x47])),
      PropertyListEntry(key: "名前", value: .string("日本語 \u{1F600}")),
    ]),
    .array((0..<300).map { .string("item \($0)") }),
    .array([.data([UInt8](repeating: 9, count: 70_000)), .string("past 64 KiB"), .boolean(false)]),
    .dictionary([
      PropertyListEntry(key: "$archiver", value: .string("NSKeyedArchiver")),
      PropertyListEntry(
        key: "$objects", value: .array([.string("$null"), .uid(0), .uid(300), .uid(70_000)])),
      PropertyListEntry(key: "big", value: .unsignedInteger(.max)),
      PropertyListEntry(key: "min", value: .integer(.min)),
      PropertyListEntry(
        key: "shared", value: .array([.string("big"), .string("min"), .integer(7)])),
    ]),
  ]

  @Test("Our bytes equal plistlib's, where plistlib lays the file out as CoreFoundation does")
  func sameBytesAsPlistlib() throws {
    var random = SplitMix64(seed: 31)
    let values =
      Self.referenceValues
      + (0..<20).map { _ in BinaryPlistBridge.randomValue(&random, forBytes: true) }
    let output = try BinaryPlistBridge.run(
      "dump", [], input: BinaryPlistBridge.json(values))
    let lines = output.split(separator: "\n")
    try #require(lines.count == values.count)
    for (index, (value, line)) in zip(values, lines).enumerated() {
      let ours = BinaryPropertyList.write(value).map { String(format: "%02x", $0) }.joined()
      #expect(ours == String(line), "value \(index) (random ones from swift seed 31)")
    }
  }
}
