import DocTestSupport
import Foundation
import Testing

/// The table of the public types a host uses, in docs/architecture.md, is
/// the whole public API of DocScript and DocShell: a type that is public
/// there and missing from the table is one a host was not meant to need
/// (make it `package`), and a type in the table that is not public is a
/// stale row. For DocKit and DocFormats, whose public API is Apple's and
/// the built-in types, the table names only a selection: each must be
/// public.
@Suite("The public types a host uses, in docs/architecture.md")
struct PublicSurfaceTests {
  /// The modules whose every public type the table lists.
  static let listedWhole = ["DocScript", "DocShell"]

  /// The table's rows: the types each module's rows name.
  static func tableTypes() throws -> [String: Set<String>] {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let heading = try #require(
      lines.firstIndex { $0 == "### The public types a host uses" },
      "docs/architecture.md has no section 'The public types a host uses'")
    var types: [String: Set<String>] = [:]
    for line in lines[(heading + 1)...] {
      if line.hasPrefix("#") { break }
      guard line.hasPrefix("| `") else { continue }
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 2 else { continue }
      // Only the top-level names: "`Document` (`ReadableDocument`, …)"
      // lists the family in parentheses, and those count too.
      let names = cells[0].matches(of: #/`([A-Za-z_][A-Za-z0-9_]*)`/#).map { String($0.output.1) }
      types[cells[1], default: []].formUnion(names)
    }
    return types
  }

  /// The top-level types `module` declares `public` or `open`.
  static func publicTypes(of module: String) throws -> Set<String> {
    let base = packageRoot.appendingPathComponent("Sources/\(module)")
    let enumerator = try #require(FileManager.default.enumerator(atPath: base.path))
    let declaration =
      #/^(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:(?:final|indirect)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)/#
    var types: Set<String> = []
    for case let file as String in enumerator where file.hasSuffix(".swift") {
      let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        if let match = line.firstMatch(of: declaration) { types.insert(String(match.output.1)) }
      }
    }
    return types
  }

  @Test(
    "Every public type of the module is in the table, and every type there is public",
    arguments: listedWhole)
  func tableIsTheWholeSurface(module: String) throws {
    let listed = try Self.tableTypes()[module] ?? []
    let declared = try Self.publicTypes(of: module)
    #expect(!declared.isEmpty)
    let unlisted = declared.subtracting(listed).sorted()
    let stale = listed.subtracting(declared).sorted()
    #expect(
      unlisted.isEmpty,
      "public in \(module) but not in docs/architecture.md's table: \(unlisted.joined(separator: ", ")) (a host does not need it: make it package; or add a row)"
    )
    #expect(
      stale.isEmpty,
      "in docs/architecture.md's table but not a public type of \(module): \(stale.joined(separator: ", "))"
    )
  }

  @Test(
    "The types the table names in DocKit and DocFormats are public",
    arguments: ["DocKit", "DocFormats"])
  func selectedTypesArePublic(module: String) throws {
    let listed = try #require(Self.tableTypes()[module])
    let declared = try Self.publicTypes(of: module)
    #expect(
      listed.subtracting(declared).isEmpty,
      "not public in \(module): \(listed.subtracting(declared).sorted())")
  }

  @Test("The scan finds the public types it must, and no package one")
  func scanSeesAccess() throws {
    let docScript = try Self.publicTypes(of: "DocScript")
    #expect(docScript.isSuperset(of: ["Interpreter", "ScriptableDocument", "DocumentCommand"]))
    #expect(docScript.isDisjoint(with: ["Parser", "UnifiedDiff", "Variables", "Transcript"]))
  }
}
