import DocFormats
import DocScript
import Foundation

/// The interpreter, running a command sequence made from the input against
/// one of the built-in types. The oracle: nothing traps, and undoing
/// everything the sequence did gives back the document it started from,
/// byte for byte (`diff` against a snapshot of the start prints nothing).
///
/// The input drives a small generator: the first byte picks the type,
/// each later group of bytes one command from that type's commands and
/// the undo, redo, group, snapshot, restore and checking commands, with
/// arguments from fixed lists and from the input's own bytes. Commands
/// that touch files are left out: the interpreter's file paths are
/// covered by the command tests, and the fuzzer must not fill the disk.
@MainActor
final class InterpreterFuzzing {
  static let shared = InterpreterFuzzing()

  /// The end marker printed before the final `diff`.
  static let marker = "@@fuzz-end@@"
  private let directory: URL

  private init() {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "docrepl-fuzz-\(getpid())", isDirectory: true)
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func check(_ bytes: [UInt8]) async {
    let script = Self.script(for: bytes)
    let output = CapturedOutput()
    let interpreter = Interpreter(
      registry: DocFormats.makeRegistry(),
      options: Interpreter.Options(
        workingDirectory: directory, environment: ["SOURCE_DATE_EPOCH": "0"],
        autosaveDirectory: directory.appendingPathComponent("autosave")),
      output: output)
    let result = await interpreter.run(ScriptSource(name: "fuzz.docscript", text: script))
    precondition(!result.isMalformed, "the generated script does not parse:\n\(script)")
    guard let end = output.text.range(of: Self.marker + "\n") else {
      preconditionFailure("the script did not reach its end:\n\(script)\n\(output.text)")
    }
    let difference = output.text[end.upperBound...]
    precondition(
      difference.isEmpty,
      "undoing everything did not give back the start:\n\(script)\n\(difference)")
  }

  // MARK: - The generator

  /// A reader of the input, giving choices; zeros once it runs out.
  struct Choices {
    var bytes: ArraySlice<UInt8>

    var isEmpty: Bool { bytes.isEmpty }

    mutating func next() -> Int {
      Int(bytes.popFirst() ?? 0)
    }

    mutating func pick<T>(_ options: [T]) -> T {
      options[next() % options.count]
    }

    /// A word of up to 12 of the input's bytes, quoted literally (a quote
    /// or a newline inside becomes `_`, so the word stays one word).
    mutating func literal() -> String {
      let count = next() % 13
      var scalars = String.UnicodeScalarView()
      for _ in 0..<count {
        let byte = UInt8(next())
        switch byte {
        case UInt8(ascii: "'"), 0x0A, 0x0D, 0: scalars.append("_")
        case 0x80...: scalars.append(Unicode.Scalar(0xE0 + UInt32(byte % 32)) ?? "_")
        default: scalars.append(Unicode.Scalar(byte))
        }
      }
      return "'" + String(scalars) + "'"
    }
  }

  private static let types = ["text", "markdown", "json", "notes", "binary"]
  private static let numbers = ["0", "1", "2", "3", "4", "7", "-1", "99999999999999999999"]
  private static let words = ["a", "line", "''", "'two words'", "'é'", "x\\ y", "'$x'", "--all"]
  private static let pointers = [
    "''", "/", "/a", "/a/0", "/a/-", "/b", "/b/c", "/a~1b", "/~0", "/0", "/-",
  ]
  private static let values = [
    "1", "-0", "1e400", "9007199254740993", "null", "true", "'\"x\"'", "'[1,2]'",
    "'{\"a\":[],\"b\":{\"c\":1}}'", "'\"\\u00e9\"'", "'[[[]]]'", "'{'",
  ]
  private static let ids = ["a", "b", "c", "note-1", "x_y", "metadata", "''", "../a"]
  private static let hexes = ["00", "ff", "deadbeef", "0", "zz", "00ff00ff00ff"]

  static func script(for bytes: [UInt8]) -> String {
    var choices = Choices(bytes: bytes[...])
    let type = choices.pick(types)
    var lines = ["new \(type) d", "snapshot start"]
    var commands = 0
    while !choices.isEmpty && commands < 64 {
      lines.append(command(for: type, &choices, depth: 0))
      commands += 1
    }
    // Every step the sequence made can be undone, one at a time; more
    // undos than steps fail harmlessly ("nothing to undo").
    lines += Array(repeating: "undo", count: commands * 2 + 2)
    lines.append("print \(marker)")
    lines.append("diff start")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func command(for type: String, _ choices: inout Choices, depth: Int) -> String {
    switch choices.next() % 16 {
    case 0: return "undo"
    case 1: return "redo"
    case 2: return "snapshot s\(choices.next() % 3)"
    case 3: return "restore s\(choices.next() % 3)"
    case 4 where depth < 2:
      let count = 1 + choices.next() % 3
      let inner = (0..<count).map { _ in command(for: type, &choices, depth: depth + 1) }
      return "group g { " + inner.joined(separator: "; ") + " }"
    case 5 where depth < 2:
      return "expect-error '' " + command(for: type, &choices, depth: depth + 1)
    case 6: return choices.pick(["show", "history", "status", "diff s0", "undo 2", "redo 2"])
    default: return edit(for: type, &choices)
    }
  }

  private static func edit(for type: String, _ choices: inout Choices) -> String {
    func word() -> String {
      choices.next() % 2 == 0 ? choices.pick(words) : choices.literal()
    }
    switch type {
    case "text", "markdown":
      switch choices.next() % 7 {
      case 0: return "set-text \(word())"
      case 1: return "append \(word())"
      case 2: return "insert \(choices.pick(numbers)) \(word())"
      case 3: return "set-line \(choices.pick(numbers)) \(word())"
      case 4: return "delete \(choices.pick(numbers))"
      case 5: return "delete \(choices.pick(numbers)),\(choices.pick(numbers))"
      default:
        return "replace \(word()) \(word())"
          + choices.pick(["", " --all", " --regex", " --all --regex"])
      }
    case "json":
      switch choices.next() % 4 {
      case 0: return "set \(choices.pick(pointers)) \(choices.pick(values))"
      case 1: return "insert \(choices.pick(pointers)) \(choices.pick(values))"
      case 2: return "remove \(choices.pick(pointers))"
      default: return "get \(choices.pick(pointers))"
      }
    case "notes":
      switch choices.next() % 6 {
      case 0: return "note add \(choices.pick(ids)) \(word())" + choices.pick(["", " --title t"])
      case 1: return "note edit \(choices.pick(ids)) \(word())"
      case 2: return "note title \(choices.pick(ids)) \(word())"
      case 3: return "note remove \(choices.pick(ids))"
      case 4: return "note move \(choices.pick(ids)) \(choices.pick(numbers))"
      default: return "title \(word())"
      }
    default:
      switch choices.next() % 3 {
      case 0: return "patch \(choices.pick(numbers)) \(choices.pick(hexes))"
      case 1: return "truncate \(choices.pick(["0", "1", "5", "64", "-1"]))"
      default: return "hex \(choices.pick(numbers)) \(choices.pick(numbers))"
      }
    }
  }
}
