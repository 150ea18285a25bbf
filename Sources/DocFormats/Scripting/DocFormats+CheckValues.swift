public import DocKit
import DocScript

// The values `docrepl check` tries for the built-in types' arguments:
// line numbers, pointers, ids and offsets that exist (and one past the
// end), so that random sequences reach deep states. The checker adds
// invalid values of its own.

extension PlainTextDocument {
  /// `N` and `N[,M]`: the line numbers there are, and one past the last.
  @MainActor public static func scriptCheckValues(
    forArgument argument: String, command: String, session: DocumentSession<PlainTextDocument>
  ) -> [String] {
    let count = session.document.text.count
    switch argument {
    case "N":
      return (1...max(1, count + 1)).map(String.init)
    case "N[,M]":
      let numbers = (1...max(1, count)).map(String.init)
      return numbers + numbers.dropFirst().map { "1,\($0)" }
    case "OLD":
      return ["a", "b", "e", "z", "x y", "é", "\r", "^", "(a)", "."]
    case "NEW":
      return ["", "b", "$1", "\\1", "é", "a\r\nb"]
    default:
      return []
    }
  }
}

extension JSONDocument {
  /// `POINTER`: the pointers there are (to a depth of four, forty at
  /// most), and for `insert` and `set` where a new value goes (an array's
  /// `-`, a key an object does not have: `k`, `k1`…); the root for `set` alone, which is
  /// the only command that takes it. `VALUE`: JSON literals of every
  /// kind, in the spellings an author keeps, and in JSON with comments
  /// some with comments and trailing commas. (The checker adds invalid
  /// pointers of its own.)
  @MainActor public static func scriptCheckValues(
    forArgument argument: String, command: String, session: DocumentSession<JSONDocument>
  ) -> [String] {
    switch argument {
    case "POINTER":
      let document = session.document
      let addsMembers = command == "insert" || command == "set"
      var pointers: [String] = []
      var queue = [(pointer: "", depth: 0)]
      while !queue.isEmpty, pointers.count < 40 {
        let (parent, depth) = queue.removeFirst()
        guard let isArray = document.isArray(at: parent) else { continue }
        let children = document.children(at: parent)
        for child in children {
          let pointer = parent + JSONPointer(tokens: [child.key]).description
          pointers.append(pointer)
          if child.isContainer, depth < 4 { queue.append((pointer, depth + 1)) }
        }
        guard addsMembers else { continue }
        // A key the object does not have yet: `k`, `k1`, `k2`…
        let keys = Set(children.map(\.key))
        let key = (0...keys.count).lazy.map { $0 == 0 ? "k" : "k\($0)" }.first {
          !keys.contains($0)
        }
        pointers.append(parent + (isArray ? "/-" : "/" + (key ?? "k")))
      }
      return pointers + (command == "set" ? [""] : [])
    case "VALUE":
      return [
        "1", "-0", "1.50", "1e3", "12345678901234567890123", "\"s\"", "\"\\u00e9\"", "\"é\"",
        "\"a\\nb\"", "true", "null", "[]", "{}", "[1, \"two\", null]", "{\"k\": [1, 2]}",
        "{\"a\":{\"b\":[]}}",
      ]
        // JSON with comments takes values with comments and trailing
        // commas, kept as typed.
        + (session.document.dialect == .jsonWithComments
          ? ["[1, // one\n 2,]", "{\"k\": /* c */ 1,}", "/* c */ 3"] : [])
    default:
      return []
    }
  }

  /// Whether the value at `pointer` is an array (true) or an object
  /// (false); nil for anything else, or nothing.
  fileprivate func isArray(at pointer: String) -> Bool? {
    guard let pointer = try? JSONPointer(pointer), let ref = try? resolve(pointer).ref,
      ref.isContainer
    else { return nil }
    return ref.kind == .array
  }
}

extension NoteCollectionDocument {
  /// `ID`: the notes' ids and a few that are not there; `VALUE`: a text,
  /// or a position for `move`.
  @MainActor public static func scriptCheckValues(
    forArgument argument: String, command: String, session: DocumentSession<NoteCollectionDocument>
  ) -> [String] {
    let notes = session.document.notes
    switch argument {
    case "ID":
      return notes.map(\.id) + ["n1", "n2", "n3"]
    case "VALUE":
      return (1...notes.count + 1).map(String.init) + ["a", "Lisbon", "é", "line\n", "", "x\ny"]
    default:
      return []
    }
  }
}

extension BinaryDocument {
  /// `OFFSET` and `LENGTH`: offsets within the content and just past it,
  /// in decimal and hex; `HEXBYTES`: a few byte strings.
  @MainActor public static func scriptCheckValues(
    forArgument argument: String, command: String, session: DocumentSession<BinaryDocument>
  ) -> [String] {
    let count = session.document.contents.count
    switch argument {
    case "OFFSET", "LENGTH":
      return [
        "0", "1", "\(count)", "\(count + 1)", "0x\(String(count, radix: 16))", "\(count / 2)",
      ]
    case "HEXBYTES":
      return ["00", "ff", "deadbeef", "0a0d0a", "41"]
    default:
      return []
    }
  }
}

extension PropertyListDocument {
  /// `POINTER`: the pointers there are (to a depth of four, forty at
  /// most), and for `insert` and `set` where a new value goes (an array's
  /// `-`, a key a dictionary does not have); the root for `set` alone.
  /// `VALUE`: JSON literals of every kind a property list holds.
  /// `FORMAT`: the formats, and one that is not.
  @MainActor public static func scriptCheckValues(
    forArgument argument: String, command: String, session: DocumentSession<PropertyListDocument>
  ) -> [String] {
    switch argument {
    case "POINTER":
      let document = session.document
      let addsEntries = command == "insert" || command == "set"
      var pointers: [String] = []
      var queue = [(pointer: "", depth: 0)]
      while !queue.isEmpty, pointers.count < 40 {
        let (parent, depth) = queue.removeFirst()
        let isArray: Bool
        if document.binary != nil {
          guard let binaryIsArray = document.binaryContainerIsArray(at: parent) else { continue }
          isArray = binaryIsArray
        } else {
          guard let parsed = try? JSONPointer(parent),
            let node = try? document.resolve(parsed).node, document.tree[node].isContainer
          else { continue }
          isArray = document.tree[node].kind == .array
        }
        let children = document.children(at: parent)
        for child in children {
          let pointer = parent + JSONPointer(tokens: [child.key]).description
          pointers.append(pointer)
          if child.isContainer, depth < 4 { queue.append((pointer, depth + 1)) }
        }
        guard addsEntries else { continue }
        let keys = Set(children.map(\.key))
        let key = (0...keys.count).lazy.map { $0 == 0 ? "k" : "k\($0)" }.first {
          !keys.contains($0)
        }
        pointers.append(parent + (isArray ? "/-" : "/" + (key ?? "k")))
      }
      return pointers + (command == "set" ? [""] : [])
    case "VALUE":
      return [
        "1", "-7", "18446744073709551615", "1.5", "\"s\"", "\"a & <b>\"", "\"é\"", "\"a\\nb\"",
        "true", "false", "[]", "{}", "[1, \"two\", false]", "{\"k\": [1, 2]}",
      ]
    case "FORMAT":
      return ["xml", "ascii", "strings", "json"]
    case "DATE":
      return ["2026-12-04T10:00:00Z", "1969-07-20T20:17:40Z"]
    case "@FILE|base64:TEXT":
      return ["base64:AAECAw==", "base64:"]
    default:
      return []
    }
  }
}
