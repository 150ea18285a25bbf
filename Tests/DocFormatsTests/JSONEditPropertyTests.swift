import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocFormats

/// Random edits of random documents in random formatting styles. After
/// each edit the bytes read back as the value the same edit makes of the
/// parsed value, and every byte outside the edited value (the container,
/// for an insertion or removal) is what it was. Undoing everything gives
/// back the original bytes.
@Suite("JSON edits, property-tested: the value changes as asked, nothing else does")
struct JSONEditPropertyTests {
  /// A formatting style, written by this test's own writer.
  struct Style {
    var unit: String
    var lineEnding: String
    var colon: String
    var comma: String
    /// Out of 4: how often a container is written on one line.
    var oneLine: Int
    var finalNewline: Bool
  }

  static let keys = ["a", "b", "c", "name", "x/y", "m~n", "é", ""]
  static let numbers = ["0", "-0", "1.50", "1e3", "9223372036854775807", "-12", "0.1E-2"]
  static let strings = ["", "text", "é", "quote \" and \\", "tab\t", "🎉"]

  static func randomValue(_ random: inout SplitMix64, depth: Int) -> JSONValue {
    switch random.below(depth > 3 ? 6 : 9) {
    case 0: return .null
    case 1: return .bool(random.below(2) == 0)
    case 2, 3: return .number(numbers[random.below(numbers.count)])
    case 4, 5: return .string(strings[random.below(strings.count)])
    case 6:
      return .array((0..<random.below(4)).map { _ in randomValue(&random, depth: depth + 1) })
    default:
      return .object(
        (0..<random.below(4)).map { _ in
          JSONMember(keys[random.below(keys.count)], randomValue(&random, depth: depth + 1))
        })
    }
  }

  /// A string literal, escaping some characters one of the ways JSON
  /// allows.
  static func literal(_ string: String, _ random: inout SplitMix64) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\t": text += random.below(2) == 0 ? "\\t" : "\\u0009"
      case "é": text += random.below(2) == 0 ? "é" : "\\u00e9"
      case "🎉": text += random.below(2) == 0 ? "🎉" : "\\ud83c\\udf89"
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }

  static func write(
    _ value: JSONValue, _ style: Style, indent: String, _ random: inout SplitMix64
  ) -> String {
    let open: String
    let close: String
    var items: [(key: String?, value: JSONValue)]
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let text): return text
    case .string(let string): return literal(string, &random)
    case .array(let elements):
      (open, close, items) = ("[", "]", elements.map { (nil, $0) })
    case .object(let members):
      (open, close, items) = ("{", "}", members.map { ($0.key, $0.value) })
    }
    guard !items.isEmpty else { return random.below(4) == 0 ? open + " " + close : open + close }
    let oneLine = random.below(4) < style.oneLine
    let inner = oneLine ? indent : indent + style.unit
    var parts: [String] = []
    for item in items {
      var part = item.key.map { literal($0, &random) + style.colon } ?? ""
      part += write(item.value, style, indent: inner, &random)
      parts.append(oneLine ? part : inner + part)
    }
    if oneLine { return open + parts.joined(separator: style.comma) + close }
    return open + style.lineEnding + parts.joined(separator: "," + style.lineEnding)
      + style.lineEnding + indent + close
  }

  // MARK: - The model

  enum Edit {
    case set(JSONPointer, JSONValue)
    case insert(JSONPointer, JSONValue)
    case remove(JSONPointer)
  }

  /// Every value's pointer, and whether a duplicated key makes it
  /// ambiguous.
  static func paths(
    _ value: JSONValue, _ tokens: [String] = [], ambiguous: Bool = false
  ) -> [(tokens: [String], value: JSONValue, ambiguous: Bool)] {
    var result = [(tokens, value, ambiguous)]
    switch value {
    case .array(let items):
      for (index, item) in items.enumerated() {
        result += paths(item, tokens + [String(index)], ambiguous: ambiguous)
      }
    case .object(let members):
      for member in members {
        let duplicated = members.count { $0.key == member.key } > 1
        result += paths(member.value, tokens + [member.key], ambiguous: ambiguous || duplicated)
      }
    default: break
    }
    return result
  }

  /// `edit` made to the model.
  static func apply(_ edit: Edit, to value: inout JSONValue) {
    switch edit {
    case .set(let pointer, let new): modify(&value, pointer.tokens[...], .set(pointer, new))
    case .insert(let pointer, _), .remove(let pointer):
      modify(&value, pointer.tokens[...], edit)
    }
  }

  static func modify(_ value: inout JSONValue, _ tokens: ArraySlice<String>, _ edit: Edit) {
    guard let token = tokens.first else {
      if case .set(_, let new) = edit { value = new }
      return
    }
    let last = tokens.count == 1
    switch value {
    case .array(var items):
      let index = token == "-" ? items.count : Int(token) ?? 0
      if last {
        switch edit {
        case .set(_, let new) where index < items.count: items[index] = new
        case .set(_, let new), .insert(_, let new): items.insert(new, at: index)
        case .remove: items.remove(at: index)
        }
      } else {
        modify(&items[index], tokens.dropFirst(), edit)
      }
      value = .array(items)
    case .object(var members):
      let index = members.firstIndex { $0.key == token }
      if last {
        switch edit {
        case .set(_, let new), .insert(_, let new):
          if let index {
            members[index].value = new
          } else {
            members.append(JSONMember(token, new))
          }
        case .remove: if let index { members.remove(at: index) }
        }
      } else if let index {
        modify(&members[index].value, tokens.dropFirst(), edit)
      }
      value = .object(members)
    default: break
    }
  }

  static func randomEdit(
    _ model: JSONValue, _ random: inout SplitMix64
  ) -> (edit: Edit, ambiguous: Bool, spanPointer: String) {
    let all = paths(model)
    let new = randomValue(&random, depth: 2)
    let (tokens, value, ambiguous) = all[random.below(all.count)]
    let pointer = JSONPointer(tokens: tokens)
    let containers = all.filter {
      if case .object = $0.value { return true }
      if case .array = $0.value { return true }
      return false
    }
    switch random.below(4) {
    case 0 where !tokens.isEmpty:
      return (.remove(pointer), ambiguous, JSONPointer(tokens: tokens.dropLast()).description)
    case 1 where !containers.isEmpty:
      let (parent, container, parentAmbiguous) = containers[random.below(containers.count)]
      let token: String
      var duplicate = false
      if case .array(let items) = container {
        let index = random.below(items.count + 2)
        token = index > items.count ? "-" : String(index)
      } else {
        token = keys[random.below(keys.count)]
        if case .object(let members) = container {
          duplicate = members.count { $0.key == token } > 1
        }
      }
      let target = JSONPointer(tokens: parent + [token])
      if case .object(let members) = container, members.contains(where: { $0.key == token }) {
        // An existing member: `set` replaces it.
        return (.set(target, new), parentAmbiguous || duplicate, target.description)
      }
      return (
        random.below(2) == 0 ? .insert(target, new) : .set(target, new), parentAmbiguous,
        JSONPointer(tokens: parent).description
      )
    default:
      _ = value
      return (.set(pointer, new), ambiguous, pointer.description)
    }
  }

  // MARK: - The property

  @Test("Random edits of random documents", arguments: 0..<40)
  func randomEdits(_ seed: Int) throws {
    var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 17)
    let style = Style(
      unit: ["  ", "    ", "\t", " "][random.below(4)],
      lineEnding: random.below(3) == 0 ? "\r\n" : "\n",
      colon: [": ", ":", " : "][random.below(3)], comma: [", ", ","][random.below(2)],
      oneLine: random.below(5), finalNewline: random.below(2) == 0)
    var model = JSONValue.object(
      (0..<(1 + random.below(5))).map { _ in
        JSONMember(Self.keys[random.below(Self.keys.count)], Self.randomValue(&random, depth: 0))
      })
    let text =
      Self.write(model, style, indent: "", &random) + (style.finalNewline ? style.lineEnding : "")
    var document = try JSONDocument(text: text)
    let original = document.data
    #expect(original == Data(text.utf8))
    #expect(document.root == model)
    var undos: [DocumentEdit<JSONDocument>] = []
    for _ in 0..<25 {
      let (edit, ambiguous, spanPointer) = Self.randomEdit(model, &random)
      let before = document.data
      let span = try? document.span(at: spanPointer)
      let literal = try JSONDocument.literal(
        Self.write(
          {
            switch edit {
            case .set(_, let value), .insert(_, let value): value
            case .remove: .null
            }
          }(), style, indent: "", &random))
      let attempt: () throws -> DocumentEdit<JSONDocument> = {
        switch edit {
        case .set(let pointer, _): try document.set(literal, at: pointer.description)
        case .insert(let pointer, _): try document.insert(literal, at: pointer.description)
        case .remove(let pointer): try document.remove(at: pointer.description)
        }
      }
      if ambiguous {
        let error = #expect(throws: FormatError.self) { try attempt() }
        #expect(error?.message.contains("is ambiguous") == true)
        #expect(document.data == before)
        continue
      }
      undos.append(try attempt())
      Self.apply(edit, to: &model)
      let after = document.data
      #expect(try JSONDocument.parse(Array(after)) == model, "\(edit)")
      let unchanged = try #require(span, "the span of \(spanPointer)")
      let suffix = before.count - unchanged.upperBound
      #expect(after.prefix(unchanged.lowerBound) == before.prefix(unchanged.lowerBound), "\(edit)")
      #expect(after.suffix(suffix) == before.suffix(suffix), "\(edit)")
    }
    for undo in undos.reversed() { undo.apply(to: &document) }
    #expect(document.data == original)
  }
}
