import DocKit
import Foundation
import Testing

@Suite("SwiftUI's collection helpers: remove(atOffsets:) and move(fromOffsets:toOffset:)")
struct CollectionOffsetsTests {
  static func lowercaseOffsets(_ letters: [Character]) -> IndexSet {
    IndexSet(letters.indices.filter { letters[$0].isLowercase })
  }

  @Test("move(fromOffsets:toOffset:) gives Apple's documented results")
  func appleExamples() {
    var letters = Array("ABcDefgHIJKlmNO")
    let lowercase = Self.lowercaseOffsets(letters)
    letters.move(fromOffsets: lowercase, toOffset: 2)
    #expect(String(letters) == "ABcefglmDHIJKNO")
    letters = Array("ABcDefgHIJKlmNO")
    letters.move(fromOffsets: lowercase, toOffset: 15)
    #expect(String(letters) == "ABDHIJKNOcefglm")
  }

  struct Move: Sendable, CustomTestStringConvertible {
    var source: [Int]
    var destination: Int
    var expected: String
    var testDescription: String { "\(source) to \(destination) in ABCDE is \(expected)" }
  }

  static let moves: [Move] = [
    // One element down, as a list's drag does: the destination counts the
    // element itself, so moving B after C is offset 3.
    Move(source: [1], destination: 3, expected: "ACBDE"),
    Move(source: [3], destination: 1, expected: "ADBCE"),
    // To the same place, before or after itself: nothing changes.
    Move(source: [2], destination: 2, expected: "ABCDE"),
    Move(source: [2], destination: 3, expected: "ABCDE"),
    // To the start and to the end.
    Move(source: [4], destination: 0, expected: "EABCD"),
    Move(source: [0], destination: 5, expected: "BCDEA"),
    // Non-contiguous offsets keep their relative order.
    Move(source: [0, 2, 4], destination: 5, expected: "BDACE"),
    Move(source: [0, 2, 4], destination: 0, expected: "ACEBD"),
    Move(source: [1, 3], destination: 3, expected: "ACBDE"),
    Move(source: [0, 4], destination: 2, expected: "BAECD"),
    // All of them, or none.
    Move(source: [0, 1, 2, 3, 4], destination: 2, expected: "ABCDE"),
    Move(source: [], destination: 4, expected: "ABCDE"),
  ]

  @Test(
    "move(fromOffsets:toOffset:) takes the destination in the original collection", arguments: moves
  )
  func move(_ move: Move) {
    var letters = Array("ABCDE")
    letters.move(fromOffsets: IndexSet(move.source), toOffset: move.destination)
    #expect(String(letters) == move.expected)
  }

  @Test("move works on any MutableCollection, such as an ArraySlice, by offset not index")
  func slice() {
    var slice = Array("xxABCDE")[2...]
    slice.move(fromOffsets: [0], toOffset: 5)
    #expect(String(slice) == "BCDEA")
    #expect(slice.startIndex == 2)
  }

  @Test("remove(atOffsets:) removes exactly those elements, keeping the order of the rest")
  func remove() {
    var names = ["Ada", "Grace", "Alan", "Edsger", "Barbara"]
    names.remove(atOffsets: [1, 3])
    #expect(names == ["Ada", "Alan", "Barbara"])
    names.remove(atOffsets: [])
    #expect(names == ["Ada", "Alan", "Barbara"])
    names.remove(atOffsets: IndexSet(0..<3))
    #expect(names.isEmpty)
    var slice = Array(0..<10)[3...]
    slice.remove(atOffsets: [0, 6])
    #expect(Array(slice) == [4, 5, 6, 7, 8])
  }
}
