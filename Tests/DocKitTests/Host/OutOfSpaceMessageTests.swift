import DocTestSupport
import Foundation
import Glibc
import Testing

@testable import DocKit

/// How a save that met a full disk tells the user what it needed.
@Suite("Full-disk messages")
struct OutOfSpaceMessageTests {
  @Test(
    "Byte counts are a person's: powers of 1000, one decimal where it says something",
    arguments: [
      (0, "0 bytes"), (1, "1 byte"), (999, "999 bytes"), (1_000, "1 KB"), (1_049, "1 KB"),
      (1_050, "1.1 KB"), (300_300, "300.3 KB"), (999_949, "999.9 KB"), (999_950, "1 MB"),
      (188_400_000, "188.4 MB"), (5_000_000_000_000_000, "5 PB"),
    ] as [(Int64, String)])
  func byteCounts(_ bytes: Int64, _ text: String) {
    #expect(WritePlan.byteCount(bytes) == text)
  }

  @Test("The bytes needed count files in memory, and files on disk only where they are copied")
  func neededBytes() throws {
    let folder = try TemporaryDirectory("out-of-space")
    let onDisk = folder("kept.txt").path
    try Data(repeating: 0x61, count: 2_500).write(to: folder("kept.txt"))
    let package = FileWrapper(directoryWithFileWrappers: [
      "new.txt": FileWrapper(regularFileWithContents: Data(repeating: 0x62, count: 1_200)),
      "kept.txt": try FileWrapper(url: URL(fileURLWithPath: onDisk)),
    ])
    let error = FileWrapperError(
      .ioFailure, path: "/x/.Trip.notes.journal/0", message: "write failed", systemCall: "write",
      errno: ENOSPC)
    let linked = WritePlan.outOfSpace(
      error, writing: package, to: URL(fileURLWithPath: folder("Trip.notes").path),
      linkingUnchanged: true)
    #expect(linked.path == folder("Trip.notes").path)
    #expect(linked.message.hasPrefix("the disk is full: the save writes about 1.2 KB, and "))
    #expect(linked.message.hasSuffix(" are free; the file is as it was (write failed)"))
    #expect(linked.errno == ENOSPC)
    let copied = WritePlan.outOfSpace(
      error, writing: package, to: URL(fileURLWithPath: folder("Trip.notes").path),
      linkingUnchanged: false)
    #expect(copied.message.hasPrefix("the disk is full: the save writes about 3.7 KB, and "))
  }
}
