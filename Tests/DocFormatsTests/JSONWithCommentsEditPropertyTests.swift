import DocKit
import Foundation
import Testing

@testable import DocFormats

/// Every removal and insertion at every place of JSON with comments in
/// many styles: the result still reads as JSON with comments, holds the
/// value expected, keeps every comment not on the removed member's lines,
/// and its undo gives the bytes back.
@Suite("JSON with comments: every edit at every place")
struct JSONWithCommentsEditPropertyTests {
  static let inputs =
    JSONWithCommentsTests.inputs + [
      "{\n  // a\n  \"a\": 1, // one\n  /* b */ \"b\": {\"c\": [1, 2 /* two */,], // c\n  },\n  \"d\": [\n    // nothing\n  ],\n}\n",
      "[\r\n\t1, // one\r\n\r\n\t// two\r\n\t2\r\n]\r\n",
      "{ \"a\": 1 /* x */ , \"b\" : 2 , } // end",
    ]

  /// The pointers of every value below the root, in document order.
  static func pointers(_ value: JSONValue, _ prefix: [String] = []) -> [[String]] {
    switch value {
    case .array(let items):
      return items.indices.flatMap {
        [prefix + [String($0)]] + pointers(items[$0], prefix + [String($0)])
      }
    case .object(let members):
      return members.flatMap { [prefix + [$0.key]] + pointers($0.value, prefix + [$0.key]) }
    default:
      return []
    }
  }

  /// `value` with `change` made at `tokens`.
  static func changing(
    _ value: JSONValue, at tokens: ArraySlice<String>,
    _ change: (inout [JSONValue], inout [JSONMember], String) -> Void
  ) -> JSONValue {
    guard let token = tokens.first else { return value }
    switch value {
    case .array(var items):
      var members: [JSONMember] = []
      if tokens.count == 1 {
        change(&items, &members, token)
      } else if let index = Int(token) {
        items[index] = changing(items[index], at: tokens.dropFirst(), change)
      }
      return .array(items)
    case .object(var members):
      var items: [JSONValue] = []
      if tokens.count == 1 {
        change(&items, &members, token)
      } else if let index = members.firstIndex(where: { $0.key == token }) {
        members[index].value = changing(members[index].value, at: tokens.dropFirst(), change)
      }
      return .object(members)
    default:
      return value
    }
  }

  static func read(_ text: String) throws -> JSONDocument {
    try JSONDocument(text: text, dialect: .jsonWithComments)
  }

  @Test("Every removal", arguments: inputs)
  func removals(_ text: String) throws {
    let original = try Self.read(text)
    for tokens in Self.pointers(original.root) {
      var document = original
      let pointer = JSONPointer(tokens: tokens).description
      let undo = try document.remove(at: pointer)
      let reread = try Self.read(document.text)
      let expected = Self.changing(original.root, at: tokens[...]) { items, members, token in
        if let index = Int(token), members.isEmpty, index < items.count { items.remove(at: index) }
        members.removeAll { $0.key == token }
      }
      #expect(reread.root == expected, "remove \(pointer) of \(text.debugDescription)")
      _ = undo.apply(to: &document)
      #expect(document.data == original.data, "undo of remove \(pointer)")
    }
  }

  @Test("Every insertion", arguments: inputs)
  func insertions(_ text: String) throws {
    let original = try Self.read(text)
    let containers = ([[]] + Self.pointers(original.root)).filter { tokens in
      switch try? original.value(at: JSONPointer(tokens: tokens).description) {
      case .array?, .object?: true
      default: false
      }
    }
    for tokens in containers {
      guard let container = try? original.value(at: JSONPointer(tokens: tokens).description)
      else { continue }
      var places: [String] = ["-"]
      if case .array(let items) = container { places += items.indices.map(String.init) }
      if case .object = container { places = ["new"] }
      for place in places {
        var document = original
        let pointer = JSONPointer(tokens: tokens + [place]).description
        let undo = try document.insert(.array([.number("7")]), at: pointer)
        let reread = try Self.read(document.text)
        let expected = Self.changing(
          original.root, at: (tokens + [place])[...]
        ) { items, members, token in
          if case .object = container {
            members.append(JSONMember(token, .array([.number("7")])))
          } else {
            items.insert(.array([.number("7")]), at: Int(token) ?? items.count)
          }
        }
        #expect(
          reread.root == expected,
          "insert \(pointer) of \(text.debugDescription):\n\(document.text)")
        // Every comment is still there.
        #expect(
          JSONTrivia.comments(in: document.bytes[...]).count
            == JSONTrivia.comments(in: original.bytes[...]).count, "\(document.text)")
        _ = undo.apply(to: &document)
        #expect(document.data == original.data, "undo of insert \(pointer)")
      }
    }
  }
}
