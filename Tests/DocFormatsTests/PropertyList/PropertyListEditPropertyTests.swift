import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocFormats

/// Random edits and random damage, from a fixed seed: every edit leaves a
/// property list that reads again to the value the edits describe, undoing
/// them all gives back the exact bytes, and damaged input is refused with
/// an error, never a crash.
@Suite("Property lists: random edits and hostile bytes")
struct PropertyListEditPropertyTests {
  /// SplitMix64, so that a failure replays.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static func randomValue(
    _ rng: inout Generator, ascii: Bool, depth: Int = 0
  ) -> PropertyListValue {
    let strings = ["a", "Tom & Jerry", "<x>", "é🎉", "", "two words", "-ObjC", "$(X)", "a\"b"]
    switch Int.random(in: 0..<(depth > 1 ? 6 : 8), using: &rng) {
    case 0, 1: return .string(strings[Int.random(in: 0..<strings.count, using: &rng)])
    case 2: return ascii ? .string("7") : .integer(Int64.random(in: -1000...1000, using: &rng))
    case 3: return ascii ? .string("x") : .boolean(Bool.random(using: &rng))
    case 4:
      return ascii
        ? .data([1, 2]) : .date(Double(Int.random(in: -1_000_000...1_000_000, using: &rng)))
    case 5:
      return .data(
        (0..<Int.random(in: 0..<70, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng)
        })
    case 6:
      return .array(
        (0..<Int.random(in: 0..<3, using: &rng)).map { _ in
          randomValue(&rng, ascii: ascii, depth: depth + 1)
        })
    default:
      return .dictionary(
        (0..<Int.random(in: 0..<3, using: &rng)).map {
          PropertyListEntry(key: "k\($0)", value: randomValue(&rng, ascii: ascii, depth: depth + 1))
        })
    }
  }

  /// Every pointer in `value`, containers included.
  static func pointers(in value: PropertyListValue, at prefix: [String] = []) -> [[String]] {
    var result = [prefix]
    switch value {
    case .array(let items):
      for (index, item) in items.enumerated() {
        result += pointers(in: item, at: prefix + [String(index)])
      }
    case .dictionary(let entries):
      var seen: Set<String> = []
      for entry in entries where seen.insert(entry.key).inserted {
        result += pointers(in: entry.value, at: prefix + [entry.key])
      }
    default: break
    }
    return result
  }

  @Test(
    "Random set, insert and remove: the bytes read again to the value, and undo restores them",
    arguments: [
      (PropertyListFixtures.infoPlist, 1), (PropertyListFixtures.entitlements, 2),
      (PropertyListFixtures.crlf, 3), (PropertyListFixtures.pbxproj, 4),
      (PropertyListFixtures.infoPlist, 5), (PropertyListFixtures.pbxproj, 6),
    ] as [(String, UInt64)])
  func randomEdits(fixture: String, seed: UInt64) throws {
    var rng = Generator(state: seed)
    let original = Array(fixture.utf8)
    var document = try PropertyListDocument(bytes: original)
    let ascii = document.format == .ascii
    var undos: [DocumentEdit<PropertyListDocument>] = []
    for step in 0..<60 {
      let all = Self.pointers(in: document.value)
      let tokens = all[Int.random(in: 0..<all.count, using: &rng)]
      let pointer = JSONPointer(tokens: tokens).description
      let value = Self.randomValue(&rng, ascii: ascii)
      let target = try document.value(at: pointer)
      do {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0 where !tokens.isEmpty:
          undos.append(try document.remove(at: pointer))
        case 1 where target.isContainer:
          let key: String
          if case .array(let items) = target {
            key =
              Bool.random(using: &rng) ? "-" : String(Int.random(in: 0...items.count, using: &rng))
          } else {
            key = "n\(step)"
          }
          undos.append(
            try document.insert(value, at: pointer + JSONPointer(tokens: [key]).description))
        default:
          undos.append(try document.set(value, at: pointer))
        }
      } catch {
        Issue.record("step \(step): \(error) at \(pointer)")
        continue
      }
      // The bytes read again, to the same value.
      let reread = try PropertyListDocument(bytes: document.bytes)
      #expect(reread.value == document.value, "step \(step)")
      // The tree read again only where the edit was is the tree of the
      // whole file, offset for offset.
      #expect(Self.layout(of: reread) == Self.layout(of: document), "step \(step)")
    }
    if !ascii {
      // plistlib reads the result to what the document says it holds.
      let python = try PropertyListFixtures.plistlibJSON(document.bytes)
      let expected = try PropertyListFixtures.plistlibJSON(
        try PropertyListXMLWriter.document(document.value))
      #expect(python == expected)
    }
    for undo in undos.reversed() {
      _ = undo.apply(to: &document)
      let reread = try PropertyListDocument(bytes: document.bytes)
      #expect(Self.layout(of: reread) == Self.layout(of: document))
    }
    #expect(document.bytes == original)
  }

  /// Every offset a tree holds, in order, with its kinds, keys and
  /// scalars.
  static func layout(of document: PropertyListDocument) -> [String] {
    document.tree.nodes.indices.map { index in
      let node = document.tree[index]
      let scalar = node.isContainer ? "" : "\(document.value(of: index))"
      return
        "\(node.kind) \(node.range) \(index == 0 ? node.range : document.entryRange(of: index)) \(node.entryStart) \(node.hasKey ? "\(node.keyEnd) \(document.key(of: index))" : "-") \(node.size) \(scalar)"
    }
  }

  static let plistutil = URL(fileURLWithPath: "/usr/bin/plistutil")

  @Test(
    "libplist (plistutil) reads edited XML to the value plistlib reads",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/plistutil"),
      "plistutil (libplist-utils) is not installed"),
    arguments: [
      PropertyListFixtures.infoPlist, PropertyListFixtures.entitlements, PropertyListFixtures.crlf,
    ])
  func plistutilReadsEdits(fixture: String) throws {
    var rng = Generator(state: 99)
    var document = try PropertyListDocument(bytes: Array(fixture.utf8))
    for step in 0..<20 {
      let pointer = JSONPointer(
        tokens: Self.pointers(in: document.value).randomElement(using: &rng) ?? [])
      let target = try document.value(at: pointer.description)
      let value = Self.randomValue(&rng, ascii: false)
      if target.isContainer, case .dictionary = target {
        try document.set(value, at: pointer.description + "/n\(step)")
      } else {
        try document.set(value, at: pointer.description)
      }
    }
    let folder = try TemporaryDirectory("plistutil")
    // libplist refuses a byte-order mark, which Apple's parser and
    // plistlib accept: it is left out of what plistutil is given.
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    let bytes =
      document.bytes.starts(with: mark) ? Array(document.bytes.dropFirst(3)) : document.bytes
    try Data(bytes).write(to: folder("edited.plist"))
    let result = try runProgram(
      Self.plistutil,
      ["-i", folder("edited.plist").path, "-f", "bin", "-o", folder("edited.bin").path])
    #expect(result.status == 0, "\(result.errors)")
    let binary = try [UInt8](Data(contentsOf: folder("edited.bin")))
    #expect(
      try PropertyListFixtures.plistlibJSON(binary)
        == PropertyListFixtures.plistlibJSON(document.bytes))
  }

  @Test(
    "Damaged bytes are refused with an error or read, never crash",
    arguments: [
      PropertyListFixtures.infoPlist, PropertyListFixtures.entitlements,
      PropertyListFixtures.crlf, PropertyListFixtures.pbxproj,
    ])
  func damagedInput(fixture: String) {
    var rng = Generator(state: UInt64(fixture.utf8.count))
    let bytes = Array(fixture.utf8)
    let alphabet = Array("<>/&;=\"'(){},![]-?x0 \n\r\\*".utf8) + [0, 0xFF, 0xC3]
    for _ in 0..<3000 {
      var damaged = bytes
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        let position = Int.random(in: 0..<damaged.count, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: damaged[position] = alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
        case 1: damaged.remove(at: position)
        default: damaged = Array(damaged[..<position])
        }
        if damaged.isEmpty { break }
      }
      do {
        let document = try PropertyListDocument(bytes: damaged)
        #expect(document.bytes == damaged)
      } catch {
        #expect(error.line != nil || error.code == .unsupportedContentType)
      }
    }
  }
}

extension PropertyListValue {
  var isContainer: Bool {
    switch self {
    case .array, .dictionary: true
    default: false
    }
  }
}
