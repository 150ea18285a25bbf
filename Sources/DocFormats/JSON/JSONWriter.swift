/// Writes JSON in one stable form: members in their order, two-space
/// indentation, `"key": value`, `[]` and `{}` for empty containers, and a
/// final newline. Iterative, so nesting depth never touches the stack.
enum JSONWriter {
  private enum Step {
    case value(JSONValue, indent: Int)
    case text(String)
  }

  /// The stable form of `root`. A number whose text is not a JSON number
  /// (`.number("abc")`) is written as it is, unless `quotingBadNumbers`,
  /// which writes it as a string, so that the result is JSON.
  static func text(of root: JSONValue, quotingBadNumbers: Bool = false) -> String {
    var output = ""
    var steps: [Step] = [.text("\n"), .value(root, indent: 0)]
    while let step = steps.popLast() {
      switch step {
      case .text(let text):
        output += text
      case .value(let value, let indent):
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let literal):
          output += quotingBadNumbers && !isNumber(literal) ? quoted(literal) : literal
        case .string(let string): output += quoted(string)
        case .array(let items) where items.isEmpty: output += "[]"
        case .object(let members) where members.isEmpty: output += "{}"
        case .array(let items):
          output += "[\n"
          let inner = String(repeating: "  ", count: indent + 1)
          steps.append(.text("\n" + String(repeating: "  ", count: indent) + "]"))
          for (index, item) in items.enumerated().reversed() {
            if index < items.count - 1 { steps.append(.text(",\n")) }
            steps.append(.value(item, indent: indent + 1))
            steps.append(.text(inner))
          }
        case .object(let members):
          output += "{\n"
          let inner = String(repeating: "  ", count: indent + 1)
          steps.append(.text("\n" + String(repeating: "  ", count: indent) + "}"))
          for (index, member) in members.enumerated().reversed() {
            if index < members.count - 1 { steps.append(.text(",\n")) }
            steps.append(.value(member.value, indent: indent + 1))
            steps.append(.text(inner + quoted(member.key) + ": "))
          }
        }
      }
    }
    return output
  }

  /// A JSON string literal: `"` and `\` escaped, control characters as
  /// `\n`, `\t` and friends or `\u00XX`, everything else as UTF-8.
  static func quoted(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16, uppercase: false)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Whether `text` is a JSON number (RFC 8259's grammar).
  static func isNumber(_ text: String) -> Bool {
    guard let tree = try? JSONSyntaxTree.parse(Array(text.utf8), maximumDepth: 1) else {
      return false
    }
    return tree.nodes.count == 1 && tree.nodes[0].kind == .number
      && tree.span(0) == 0..<tree.bytes.count
  }
}
