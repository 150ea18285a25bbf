import DocTestSupport
import Foundation
import Testing

/// The module table in docs/architecture.md is the rule for what each
/// target may import: it must list every target of Package.swift, agree
/// with Package.swift's dependencies, and allow every `import` in the
/// target's Swift files.
@Suite("The module table in docs/architecture.md")
struct ArchitectureTests {
  /// What every Swift target may import besides its row: the toolchain's
  /// basics, as the paragraph above the table says.
  static let toolchainBasics: Set<String> = ["Foundation", "Dispatch", "Glibc", "Synchronization"]

  /// One target as Package.swift declares it.
  struct DeclaredTarget: Equatable {
    var name: String
    var dependencies: [String]
    /// Its folder, relative to the package root.
    var path: String
  }

  /// One row of the table.
  struct Row: Equatable {
    var target: String
    var dependsOn: [String]
    var alsoImports: [String]
  }

  /// One `import` in a Swift file.
  struct Import: Equatable, CustomStringConvertible {
    var module: String
    var file: String
    var line: Int
    var description: String { "\(file):\(line): import \(module)" }
  }

  @Test("The table lists every target of Package.swift, and nothing else")
  func everyTargetIsListed() throws {
    let targets = try Self.declaredTargets().map(\.name)
    let rows = try Self.tableRows().map(\.target)
    #expect(!targets.isEmpty)
    #expect(Set(rows).count == rows.count, "a target listed twice: \(rows)")
    for target in targets where !rows.contains(target) {
      Issue.record("docs/architecture.md: the module table has no row for '\(target)'")
    }
    for row in rows where !targets.contains(row) {
      Issue.record("docs/architecture.md: '\(row)' is in the table but not in Package.swift")
    }
  }

  @Test("Each row's 'depends on' is exactly its target's dependencies in Package.swift")
  func tableAgreesWithPackage() throws {
    let rows = Dictionary(try Self.tableRows().map { ($0.target, $0) }) { first, _ in first }
    for target in try Self.declaredTargets() {
      guard let row = rows[target.name] else { continue }  // reported above
      #expect(
        Set(row.dependsOn) == Set(target.dependencies),
        "\(target.name): the table says \(row.dependsOn), Package.swift \(target.dependencies)")
    }
  }

  @Test("Every import in a target's Swift files is one its row allows")
  func importsFollowTheTable() throws {
    let rows = Dictionary(try Self.tableRows().map { ($0.target, $0) }) { first, _ in first }
    var checked = 0
    for target in try Self.declaredTargets() {
      guard let row = rows[target.name] else { continue }
      let allowed = Self.toolchainBasics.union(row.dependsOn).union(row.alsoImports)
      for found in try Self.imports(under: target.path) {
        checked += 1
        if !allowed.contains(found.module) {
          Issue.record(
            "\(found): '\(target.name)' may not import '\(found.module)' (docs/architecture.md allows \(allowed.sorted().joined(separator: ", ")))"
          )
        }
      }
    }
    // The scan found the imports there are.
    #expect(checked > 100)
  }

  /// Where DocKit may name a file-system call outside `FileSystem`'s own
  /// file, and why.
  static let fileSystemCallExceptions: [String: String] = [
    // HOME or the user database: nothing on disk is looked at or changed.
    "Sources/DocKit/Host/DocumentHost.swift": "FileManager.default.homeDirectoryForCurrentUser"
  ]

  @Test("DocKit makes no file-system call but through FileSystem")
  func everySystemCallThroughFileSystem() throws {
    // A C call by its bare name (not a method: no `.` or letter before
    // it), the C library by name, or Foundation's file APIs.
    let call =
      /(?:^|[^.\w])(?:realpath|lstat|readlink|getcwd|fopen|opendir|unlink|rmdir|mkdir|chmod|fsync|fstat|access|dup)\(|Glibc\.|FileManager|Data\(contentsOf|String\(contentsOf|contentsOfFile/
    let files = try Self.swiftFiles(under: "Sources/DocKit")
    #expect(files.count > 100)
    for file in files where file != "Sources/DocKit/Storage/FileSystem.swift" {
      let text = try String(
        contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let code = String(line).trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//"), code.contains(call) else { continue }
        if let allowed = Self.fileSystemCallExceptions[file], code.contains(allowed) { continue }
        Issue.record(
          "\(file):\(index + 1): a file-system call outside FileSystem, which fault injection and the power-loss model cannot see: \(code)"
        )
      }
    }
  }

  @Test("The shells' completion scripts and readline's Tab completion share nothing")
  func completionsAreSeparate() throws {
    for found in try Self.imports(under: "Sources/DocShell/ShellCompletion")
    where ["CReadline", "CLibedit"].contains(found.module) {
      Issue.record("\(found): the completion scripts do not need readline")
    }
    let pairs = [
      ("Sources/DocShell/ShellCompletion", ["ReadlineCompletion", "docrepl_readline", "rl_"]),
      ("Sources/DocShell/Prompt", ["CompletionScript", "CompletionCommand"]),
    ]
    for (folder, names) in pairs {
      for file in try Self.swiftFiles(under: folder) {
        let lines = try String(
          contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8
        )
        .split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
          for name in names where line.contains(name) {
            Issue.record("\(file):\(index + 1): refers to '\(name)' across the two completions")
          }
        }
      }
    }
  }

  @Test("The scanner reads imports of every form, and stops where the code starts")
  func scanner() {
    let text = """
      // A header comment: import NotThis
      #if canImport(Glibc)
        import Glibc
      #endif
      @testable import DocShell
      @preconcurrency public import Dispatch
      package import struct DocKit.FileWrapper
      internal import DocScript

      /// A type.
      struct S {
        let text = \"""
          import json
          \"""
      }
      import Late
      """
    let imports = Self.imports(in: text, file: "S.swift").map(\.description)
    #expect(
      imports == [
        "S.swift:3: import Glibc", "S.swift:5: import DocShell", "S.swift:6: import Dispatch",
        "S.swift:7: import DocKit", "S.swift:8: import DocScript",
      ])
  }

  // MARK: - Reading Package.swift, the table and the sources

  /// The targets in Package.swift, with their dependencies and folders.
  static func declaredTargets() throws -> [DeclaredTarget] {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    // Comments may hold parentheses; the manifest's strings hold no "//".
    let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.firstRange(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
    }.joined(separator: "\n")
    var targets: [DeclaredTarget] = []
    for match in code.matches(of: /\.(target|executableTarget|testTarget|systemLibrary)\(/) {
      let call = balanced(code[match.range.upperBound...])
      guard let name = call.firstMatch(of: /name:\s*"([^"]+)"/)?.1 else { continue }
      var dependencies: [String] = []
      if let start = call.firstMatch(of: /dependencies:\s*\[/)?.range.upperBound {
        // A dependency a trait chooses (`.target(name: "X", condition:
        // .when(traits: [...]))`) counts; the traits' names do not.
        let list = balanced(call[start...], open: "[", close: "]")
          .replacing(/condition:\s*\.when\(traits:\s*\[[^\]]*\]\)/, with: "")
        dependencies = list.matches(of: /"([^"]+)"/).map { String($0.1) }
      }
      let folder = match.1 == "testTarget" ? "Tests" : "Sources"
      let path = call.firstMatch(of: /path:\s*"([^"]+)"/).map { String($0.1) }
      targets.append(
        DeclaredTarget(
          name: String(name), dependencies: dependencies, path: path ?? "\(folder)/\(name)"))
    }
    return targets
  }

  /// The text of a call's arguments, up to its closing parenthesis (or of
  /// a list, up to its closing bracket).
  static func balanced(
    _ text: Substring, open: Character = "(", close: Character = ")"
  ) -> Substring {
    var depth = 1
    var inString = false
    for index in text.indices {
      switch text[index] {
      case "\"": inString.toggle()
      case open where !inString: depth += 1
      case close where !inString:
        depth -= 1
        if depth == 0 { return text[..<index] }
      default: break
      }
    }
    return text
  }

  /// The rows of the module table.
  static func tableRows() throws -> [Row] {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let header = "| target | kind | holds | depends on | may also import |"
    let start = try #require(lines.firstIndex { $0 == header }, "no module table")
    var rows: [Row] = []
    for line in lines[(start + 2)...] {
      guard line.hasPrefix("|") else { break }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      try #require(cells.count == 7, "a row with \(cells.count - 2) cells: \(line)")
      func names(_ cell: String) -> [String] { cell.matches(of: /`([^`]+)`/).map { String($0.1) } }
      let target = try #require(names(cells[1]).first, "a row without a target: \(line)")
      rows.append(Row(target: target, dependsOn: names(cells[4]), alsoImports: names(cells[5])))
    }
    return rows
  }

  /// The Swift files under `folder` (relative to the package root), as
  /// paths relative to the root, sorted.
  static func swiftFiles(under folder: String) throws -> [String] {
    let root = packageRoot.appendingPathComponent(folder)
    guard FileManager.default.fileExists(atPath: root.path) else { return [] }
    let paths = try FileManager.default.subpathsOfDirectory(atPath: root.path)
    return paths.filter { $0.hasSuffix(".swift") }.sorted().map { folder + "/" + $0 }
  }

  /// Every import in the Swift files under `folder`.
  static func imports(under folder: String) throws -> [Import] {
    try swiftFiles(under: folder).flatMap { file in
      imports(
        in: try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8),
        file: file)
    }
  }

  /// The imports at the top of a Swift file: the lines before its first
  /// declaration, which may be blank, comments, `#if` lines or imports of
  /// any form (`@testable`, `package import`, `import struct M.T`). An
  /// `import` further down would be in a string or after code, where
  /// swift-format never leaves one.
  static func imports(in text: String, file: String) -> [Import] {
    var imports: [Import] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("//") || trimmed.hasPrefix("#") { continue }
      let declaration =
        /(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)/
      guard let match = trimmed.prefixMatch(of: declaration) else { break }
      imports.append(Import(module: String(match.1), file: file, line: index + 1))
    }
    return imports
  }
}
