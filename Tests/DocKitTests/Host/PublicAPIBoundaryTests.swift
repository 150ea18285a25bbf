import Foundation
import Testing

/// The built-in types (DocFormats), the language (DocScript), the package
/// document in LargePackageSaveTests and the host in ThirdPartyHostTests
/// use DocKit's public API only: what a third party's document type, or a
/// third party's host, can use. They live in the same Swift package as
/// DocKit, so the compiler would let them use its `package` declarations;
/// this scan does not.
///
/// It collects every declaration DocKit marks `package`, and fails when a
/// scanned file names one. A member of a type that is itself `package`
/// is reached only through the type, so the type's name stands for it;
/// a member whose name DocKit also declares `public` (an overload) cannot
/// be told apart by name and is left to review.
@Suite("Built-in types and the language use only DocKit's public API")
struct PublicAPIBoundaryTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func swiftFiles(under folder: String) throws -> [URL] {
    let base = root.appendingPathComponent(folder)
    let enumerator = try #require(FileManager.default.enumerator(atPath: base.path))
    return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
      .map { base.appendingPathComponent($0) }
  }

  static var declaration: Regex<(Substring, Substring, Substring, Substring, Substring?)> {
    #/^(\s*)(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:static|final|mutating|consuming|nonisolated|override|internal\(set\)|private\(set\))\s+)*(package|public|open)\s+(?:(?:static|final|mutating|consuming|nonisolated|override|internal\(set\)|private\(set\))\s+)*(func|var|let|class|struct|enum|actor|protocol|typealias|init|subscript)\s*`?([A-Za-z_][A-Za-z0-9_]*)?/#
  }

  /// DocKit's `package` names that a file outside it must not use.
  static func packageOnlyNames() throws -> Set<String> {
    var packageNames: Set<String> = []
    var publicNames: Set<String> = []
    var packageTypes: Set<String> = []
    var members: [(name: String, enclosing: String?)] = []
    for file in try swiftFiles(under: "Sources/DocKit") {
      var enclosing: String?
      for line in try String(contentsOf: file, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false)
      {
        if line.hasPrefix("//") { continue }
        if !line.hasPrefix(" "),
          let header = line.firstMatch(
            of:
              #/^(?:\S.*\s)?(?:extension|class|struct|enum|actor|protocol)\s+([A-Za-z_][A-Za-z0-9_.]*)/#
          )
        {
          enclosing = String(header.1).split(separator: ".").last.map(String.init)
        }
        guard let match = line.firstMatch(of: declaration) else { continue }
        let access = String(match.output.2)
        let kind = String(match.output.3)
        guard let name = match.output.4.map(String.init) else { continue }
        let isTopLevel = match.output.1.isEmpty
        if access == "package" {
          if ["class", "struct", "enum", "actor", "protocol", "typealias"].contains(kind)
            && isTopLevel
          {
            packageTypes.insert(name)
            packageNames.insert(name)
          } else {
            members.append((name, isTopLevel ? nil : enclosing))
          }
        } else {
          publicNames.insert(name)
        }
      }
    }
    for member in members
    where !publicNames.contains(member.name)
      && !(member.enclosing.map(packageTypes.contains) ?? false)
    {
      packageNames.insert(member.name)
    }
    return packageNames
  }

  @Test("The scan finds the package declarations it must")
  func scanFindsKnownNames() throws {
    let names = try Self.packageOnlyNames()
    // A package type, and a package member of a public type.
    #expect(names.contains("UncheckedSendable"))
    #expect(names.contains("BinaryPropertyListReader"))
    #expect(names.contains("hasQueuedWork"))
    // Public now, for every package document, and for every host.
    #expect(!names.contains("contentVersion"))
    #expect(!names.contains("declaredLazily"))
    #expect(!names.contains("savedChangeCount"))
    #expect(!names.contains("rollBack"))
  }

  /// The uses of DocKit's `package` names in `files`, as `file:line: name`.
  static func packageUses(in files: [URL]) throws -> [String] {
    let names = try packageOnlyNames()
    var uses: [String] = []
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      #expect(!text.contains("@testable"), "\(file.lastPathComponent) uses @testable")
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let code =
          line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)
          .first ?? ""
        for word in code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        where names.contains(String(word)) {
          uses.append("\(file.lastPathComponent):\(number + 1): \(word)")
        }
      }
    }
    return uses
  }

  @Test("DocFormats and the example type and host name no package declaration of DocKit")
  func noPackageAccess() throws {
    var files = try Self.swiftFiles(under: "Sources/DocFormats")
    for test in ["LargePackageSaveTests", "ThirdPartyHostTests"] {
      files.append(Self.root.appendingPathComponent("Tests/DocKitTests/Host/\(test).swift"))
    }
    #expect(try Self.packageUses(in: files) == [])
  }

  /// DocScript's interpreter is a host like any other: its all-or-nothing
  /// commands, saves, `recover` and `check` go through `DocumentHosting`
  /// and DocKit's other public API, so a third party's host can do all
  /// it does.
  @Test("DocScript names no package declaration of DocKit")
  func languageUsesPublicAPI() throws {
    #expect(try Self.packageUses(in: Self.swiftFiles(under: "Sources/DocScript")) == [])
  }
}
