import DocFormats
import DocKit
import DocTestSupport
import Foundation
import Testing

/// `load` replaces a binary document's whole content: the new bytes are
/// kept as they are and the old ones go to the undo step as they were,
/// with no copy of either (a copy of a large file would double its cost).
@Suite("Binary: replacing the whole content copies nothing")
struct BinaryLoadSharingTests {
  static func address(_ data: Data) -> UInt? {
    data.withUnsafeBytes { $0.baseAddress.map { UInt(bitPattern: $0) } }
  }

  @Test("The whole content replaced shares the new bytes; undo gives back the old ones, shared")
  @MainActor
  func wholeReplacementShares() throws {
    let old = Data((0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    let new = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 13) })
    let document = BinaryDocument(contents: old)
    let undoManager = UndoManager()
    try document.replaceBytes(in: 0..<old.count, with: new, undoManager: undoManager)
    undoManager.markEventBoundary()
    #expect(document.contents == new)
    #expect(Self.address(document.contents) == Self.address(new))
    undoManager.undo()
    #expect(document.contents == old)
    #expect(Self.address(document.contents) == Self.address(old))
    undoManager.redo()
    #expect(document.contents == new)
    // A slice is kept with indices from 0.
    let slice = new[5..<105]
    try document.replaceBytes(in: 0..<new.count, with: slice, undoManager: undoManager)
    #expect(document.contents.startIndex == 0)
    #expect(document.contents == Data(slice))
    try document.replaceBytes(in: 0..<2, with: Data([1, 2, 3]), undoManager: undoManager)
    #expect(Array(document.contents.prefix(4)) == [1, 2, 3] + [slice[slice.startIndex + 2]])
  }

  /// The session keeps where the file's bytes are, not the bytes: a
  /// one-byte edit of an opened (or just saved) file changes the
  /// document's bytes where they are, instead of copying the whole file
  /// to leave the session's copy as read.
  @Test("A one-byte edit after open and after a save copies nothing; the file is byte-exact")
  @MainActor
  func editAfterOpenSharesNothingWithTheSession() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary.url.appendingPathComponent("large.data")
    var bytes = [UInt8]((0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try Data(bytes).write(to: url)
    let session = try await DocumentSession<BinaryDocument>.open(
      url, contentType: .data, environment: .init(autosavePolicy: .never))
    for round in 0..<2 {
      let before = Self.address(session.document.contents)
      try session.document.replaceBytes(
        in: 7..<8, with: Data([UInt8(round)]), undoManager: session.undoManager)
      bytes[7] = UInt8(round)
      #expect(Self.address(session.document.contents) == before, "round \(round): copied")
      try await session.save()
      #expect(try [UInt8](Data(contentsOf: url)) == bytes)
    }
  }
}
