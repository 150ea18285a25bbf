import Testing

@testable import DocKit

/// The in-place index over the system table finds what a plain scan of
/// the parsed declarations finds.
@Suite("UTType: the system table's index")
struct SystemTypeTableTests {
  static let table = UTType.systemTypes
  static let declarations = UTType.systemDeclarations

  @Test("Every identifier is found on its own line, in any case, and nothing else is")
  func identifiers() {
    #expect(Self.table.count == Self.declarations.count)
    for (line, declaration) in Self.declarations.enumerated() {
      #expect(Self.table.line(forIdentifier: declaration.identifier) == line)
      #expect(Self.table.line(forIdentifier: declaration.identifier.uppercased()) == line)
      #expect(Self.table.identifier(at: line) == declaration.identifier)
    }
    #expect(Self.table.line(forIdentifier: "public.jso") == nil)
    #expect(Self.table.line(forIdentifier: "public.json-") == nil)
    #expect(Self.table.line(forIdentifier: "") == nil)
    #expect(Self.table.line(forIdentifier: "zzz.after-everything") == nil)
  }

  @Test("Every tag finds exactly the lines that claim it, in order")
  func tags() {
    var expected: [UTTagClass: [String: [Int]]] = [:]
    for (line, declaration) in Self.declarations.enumerated() {
      for (tagClass, tags) in declaration.tags {
        for tag in tags where expected[tagClass]?[tag]?.last != line {
          expected[tagClass, default: [:]][tag, default: []].append(line)
        }
      }
    }
    #expect(expected[.filenameExtension]?.isEmpty == false)
    #expect(expected[.mimeType]?.isEmpty == false)
    for (tagClass, byTag) in expected {
      for (tag, lines) in byTag {
        #expect(Self.table.lines(forTag: tag, tagClass: tagClass) == lines, "\(tag)")
      }
    }
    #expect(Self.table.lines(forTag: "no-such-tag", tagClass: .filenameExtension).isEmpty)
    #expect(Self.table.lines(forTag: "json", tagClass: .mimeType).isEmpty)
    #expect(Self.table.lines(forTag: "json", tagClass: UTTagClass(rawValue: "x.other")).isEmpty)
  }

  @Test("Tags are stored normalized, so the index can compare them as they are")
  func normalized() {
    for declaration in Self.declarations {
      #expect(declaration.tags == declaration.normalizedTags, "\(declaration.identifier)")
    }
  }
}
