import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocFormats

/// `replace --all` looks for OLD's bytes line by line, changes only the
/// lines that hold them, and keeps only those lines for undo.
@Suite("replace --all by bytes")
struct ReplaceAllByBytesTests {
  static let precomposed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  static func text(_ count: Int) -> TextLines {
    TextLines(
      (0..<count).map { $0 % 1_000 == 7 ? "x foo \($0) foo" : "line \($0)" }
        .joined(separator: "\r\n") + "\r\n")
  }

  @Test("Only the lines that hold the bytes change; the undo batch holds just their old bytes")
  func onlyChangedLines() throws {
    let original = Self.text(50_000)
    let batch = try #require(
      original.replacing(Array("foo".utf8), with: Array("bar".utf8), all: true, actionName: "R"))
    #expect(batch.count == 50)
    #expect(batch.indices == (0..<50).map { $0 * 1_000 + 7 })
    var edited = original
    let inverse = edited.apply(batch)
    // The undo step: the 50 old texts as ranges of the bytes they were
    // read from (one segment, the whole of those bytes), not copies.
    #expect(inverse.ownedByteCount == 0)
    #expect(inverse.segments.count == 1)
    #expect(inverse.count == 50)
    #expect(edited.lines[7] == TextLines.Line("x bar 7 bar", ending: .crlf))
    #expect(edited.lines[8] == original.lines[8])
    #expect(edited.hasValidTree)
    _ = edited.apply(inverse)
    #expect(edited.data == original.data)
  }

  @Test("A precomposed é does not match a decomposed one, either way round")
  func unicodeForms() throws {
    let text = TextLines("\(Self.precomposed)\n\(Self.decomposed)\n")
    for (form, line) in [(Self.precomposed, 0), (Self.decomposed, 1)] {
      let batch = try #require(
        text.replacing(Array(form.utf8), with: Array("X".utf8), all: true, actionName: "R"))
      #expect(batch.indices == [line])
    }
    let first = try #require(
      text.replacing(Array("e".utf8), with: Array("E".utf8), all: false, actionName: "R"))
    #expect(first.indices == [1])
    #expect(Array(first.text(0).utf8) == Array("cafE\u{301}".utf8))
  }

  @Test("A stop asked for midway leaves no batch, so nothing changes")
  func stops() {
    let text = Self.text(20_000)
    var asked = 0
    let batch = text.replacing(
      Array("foo".utf8), with: Array("bar".utf8), all: true, actionName: "R",
      shouldStop: {
        asked += 1
        return asked == 3
      })
    #expect(batch == nil)
    #expect(asked == 3)
  }
}
