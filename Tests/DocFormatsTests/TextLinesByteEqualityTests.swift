import DocFormats
import Foundation
import Testing

/// Texts and lines are equal when their bytes are, never by Unicode
/// canonical equivalence.
@Suite("Text compared by its bytes")
struct TextLinesByteEqualityTests {
  static let precomposed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  @Test(
    "Precomposed and decomposed lines differ, and hash apart in a set",
    arguments: [(precomposed, decomposed), (decomposed, precomposed)])
  func lines(_ one: String, _ other: String) {
    #expect(TextLines.Line(one) != TextLines.Line(other))
    #expect(Set([TextLines.Line(one), TextLines.Line(other)]).count == 2)
    #expect(TextLines("x\n\(one)\n") != TextLines("x\n\(other)\n"))
    #expect(Set([TextLines("\(one)\n"), TextLines("\(other)\n")]).count == 2)
    #expect(PlainTextDocument(text: one) != PlainTextDocument(text: other))
    #expect(TextLines("x\n\(one)\n") == TextLines("x\n\(one)\n"))
  }

  @Test("A copy edited back to the same bytes is equal again; to the other form it is not")
  func snapshotEquality() throws {
    let lines = (0..<5_000).map { "line \($0) " + Self.precomposed }
    let original = TextLines(lines.joined(separator: "\n") + "\n")
    var copy = original
    #expect(copy == original)
    try copy.replace(lineAt: 2_500, with: "line 2500 " + Self.decomposed)
    #expect(copy != original)
    try copy.replace(lineAt: 2_500, with: "line 2500 " + Self.precomposed)
    #expect(copy == original)
    #expect(copy.hashValue == original.hashValue)
  }
}
