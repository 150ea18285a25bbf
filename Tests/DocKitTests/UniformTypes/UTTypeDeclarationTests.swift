import DocKit
import DocTestSupport
import Foundation
import Testing

/// Each test declares identifiers of its own: the registry is shared by the
/// whole process, and tests run in parallel.
@Suite("UTType: declaring custom types")
struct UTTypeDeclarationTests {
  @Test("A type declared in code is found by identifier, extension and MIME type, and conforms")
  func declareInCode() throws {
    try UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.code-notes", conformsTo: ["com.apple.package"],
        tags: [.filenameExtension: ["codenotes"], .mimeType: ["application/x-code-notes"]],
        description: "Code Notes")
    ])
    let type = try #require(UTType("org.docrepl.test.code-notes"))
    #expect(type.isDeclared)
    #expect(!type.isDynamic)
    #expect(type.conforms(to: .package))
    #expect(type.conforms(to: .directory))
    #expect(!type.conforms(to: .data))
    #expect(type.localizedDescription == "Code Notes")
    #expect(UTType(filenameExtension: "codenotes", conformingTo: .directory) == type)
    #expect(UTType(mimeType: "application/x-code-notes", conformingTo: .item) == type)
    #expect(UTType(exportedAs: "org.docrepl.test.code-notes") == type)
    #expect(UTType(exportedAs: "org.docrepl.test.code-notes").isDeclared)
  }

  @Test("A declaration can build on another declared in the same batch")
  func chainedDeclarations() throws {
    try UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.child", conformsTo: ["org.docrepl.test.parent"]),
      UTTypeDeclaration(identifier: "org.docrepl.test.parent", conformsTo: ["public.json"]),
    ])
    let child = try #require(UTType("org.docrepl.test.child"))
    #expect(child.conforms(to: .text))
    #expect(child.supertypes.contains(try #require(UTType("org.docrepl.test.parent"))))
  }

  @Test("exportedAs and importedAs without a declaration still give a working type")
  func undeclaredExported() {
    let type = UTType(exportedAs: "org.docrepl.test.undeclared", conformingTo: .json)
    #expect(type.identifier == "org.docrepl.test.undeclared")
    #expect(!type.isDeclared)
    #expect(!type.isDynamic)
    #expect(type.conforms(to: .json))
    #expect(type.conforms(to: .text))
    #expect(type.preferredFilenameExtension == nil)
    let imported = UTType(importedAs: "org.docrepl.test.imported")
    #expect(imported.conforms(to: imported))
    #expect(!imported.conforms(to: .data))
  }

  @Test(
    "A type made before its declaration is the declared type once the declaration is registered")
  func declaredLater() throws {
    // An app's `static var recipe = UTType(exportedAs:)` may be made before
    // `--types Info.plist` registers its declaration.
    let early = UTType(exportedAs: "org.docrepl.test.declared-later")
    #expect(!early.isDeclared)
    #expect(early.preferredFilenameExtension == nil)
    #expect(!early.conforms(to: .json))
    try UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.declared-later", conformsTo: ["public.json"],
        tags: [.filenameExtension: ["later"]], description: "Declared later")
    ])
    #expect(early.isDeclared)
    #expect(early.preferredFilenameExtension == "later")
    #expect(early.conforms(to: .json))
    #expect(early.localizedDescription == "Declared later")
    #expect(UTType(filenameExtension: "later") == early)
  }

  @Test("Registering the same declaration twice is harmless; a different one is a conflict")
  func conflicts() throws {
    let declaration = UTTypeDeclaration(
      identifier: "org.docrepl.test.conflict", conformsTo: ["public.data"],
      tags: [.filenameExtension: ["cfl"]])
    try UTType.register([declaration])
    try UTType.register([declaration])
    var changed = declaration
    changed.conformsTo = ["public.text"]
    let error = #expect(throws: UTTypeDeclarationError.self) { try UTType.register([changed]) }
    #expect(error?.code == .conflictingDeclaration)
    #expect(error?.identifier == "org.docrepl.test.conflict")
    #expect(error?.description.contains("conflicts with the declaration from code") == true)
    // An imported declaration defers instead.
    changed.kind = .imported
    try UTType.register([changed])
    #expect(UTType("org.docrepl.test.conflict")?.conforms(to: .text) == false)
  }

  @Test("Redeclaring a system type differently is a conflict")
  func systemConflict() {
    let error = #expect(throws: UTTypeDeclarationError.self) {
      try UTType.register([
        UTTypeDeclaration(identifier: "public.json", conformsTo: ["public.image"])
      ])
    }
    #expect(error?.code == .conflictingDeclaration)
    #expect(error?.message.contains("the system declarations") == true)
    #expect(UTType.json.conforms(to: .text))
  }

  @Test("A failed batch registers nothing")
  func atomicBatch() {
    #expect(throws: UTTypeDeclarationError.self) {
      try UTType.register([
        UTTypeDeclaration(identifier: "org.docrepl.test.batch-good", conformsTo: ["public.data"]),
        UTTypeDeclaration(identifier: "bad identifier!"),
      ])
    }
    #expect(UTType("org.docrepl.test.batch-good") == nil)
  }

  struct Invalid: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var declarations: [UTTypeDeclaration]
    var code: UTTypeDeclarationError.Code
  }

  static let invalid: [Invalid] = [
    Invalid(
      testDescription: "empty identifier", declarations: [UTTypeDeclaration(identifier: "")],
      code: .invalidIdentifier),
    Invalid(
      testDescription: "space in identifier", declarations: [UTTypeDeclaration(identifier: "a b")],
      code: .invalidIdentifier),
    Invalid(
      testDescription: "empty component", declarations: [UTTypeDeclaration(identifier: "a..b")],
      code: .invalidIdentifier),
    Invalid(
      testDescription: "reserved dyn.", declarations: [UTTypeDeclaration(identifier: "dyn.abc")],
      code: .invalidIdentifier),
    Invalid(
      testDescription: "bad parent",
      declarations: [
        UTTypeDeclaration(identifier: "org.docrepl.test.p", conformsTo: ["not valid"])
      ],
      code: .invalidIdentifier),
    Invalid(
      testDescription: "dotted extension",
      declarations: [
        UTTypeDeclaration(identifier: "org.docrepl.test.t1", tags: [.filenameExtension: [".txt"]])
      ],
      code: .invalidTag),
    Invalid(
      testDescription: "bad MIME type",
      declarations: [
        UTTypeDeclaration(identifier: "org.docrepl.test.t2", tags: [.mimeType: ["text"]])
      ], code: .invalidTag),
    Invalid(
      testDescription: "self conformance",
      declarations: [
        UTTypeDeclaration(
          identifier: "org.docrepl.test.loop", conformsTo: ["org.docrepl.test.loop"])
      ],
      code: .circularConformance),
    Invalid(
      testDescription: "two-type cycle",
      declarations: [
        UTTypeDeclaration(
          identifier: "org.docrepl.test.ping", conformsTo: ["org.docrepl.test.pong"]),
        UTTypeDeclaration(
          identifier: "org.docrepl.test.pong", conformsTo: ["org.docrepl.test.ping"]),
      ], code: .circularConformance),
    Invalid(
      testDescription: "same identifier twice in a batch",
      declarations: [
        UTTypeDeclaration(identifier: "org.docrepl.test.twice", conformsTo: ["public.data"]),
        UTTypeDeclaration(identifier: "org.docrepl.test.twice", conformsTo: ["public.text"]),
      ], code: .conflictingDeclaration),
  ]

  @Test("Bad declarations are refused with the right code", arguments: invalid)
  func invalidDeclarations(_ testCase: Invalid) {
    let error = #expect(throws: UTTypeDeclarationError.self) {
      try UTType.register(testCase.declarations)
    }
    #expect(error?.code == testCase.code)
  }

  @Test("A JSON file with Info.plist's keys declares exported and imported types")
  func declarationsFile() throws {
    let temporary = try TemporaryDirectory()
    let file = try temporary.write(
      """
      {
        "UTExportedTypeDeclarations": [{
          "UTTypeIdentifier": "org.docrepl.test.file-notes",
          "UTTypeConformsTo": "com.apple.package",
          "UTTypeDescription": "File Notes",
          "UTTypeReferenceURL": "https://example.org/notes",
          "UTTypeIconFile": "Notes.icns",
          "UTTypeTagSpecification": {
            "public.filename-extension": ["filenotes", "fnotes"],
            "public.mime-type": "application/x-file-notes"
          }
        }],
        "UTImportedTypeDeclarations": [{
          "UTTypeIdentifier": "org.docrepl.test.file-imported",
          "UTTypeConformsTo": ["public.json"],
          "UTTypeTagSpecification": { "public.filename-extension": "fimp" }
        }]
      }
      """, to: "types.json")
    try UTType.registerDeclarations(contentsOf: file)
    let notes = try #require(UTType(filenameExtension: "fnotes", conformingTo: .package))
    #expect(notes.identifier == "org.docrepl.test.file-notes")
    #expect(notes.tags[.filenameExtension] == ["filenotes", "fnotes"])
    #expect(notes.preferredMIMEType == "application/x-file-notes")
    #expect(notes.localizedDescription == "File Notes")
    #expect(UTType(filenameExtension: "fimp")?.conforms(to: .json) == true)
  }

  struct BadFile: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var json: String
    var message: String
  }

  static let badFiles: [BadFile] = [
    BadFile(testDescription: "not JSON", json: "{", message: "not valid JSON"),
    BadFile(
      testDescription: "a string", json: "\"x\"",
      message: "expected an object or an array of declarations"),
    BadFile(
      testDescription: "typo in a key", json: #"{"UTExportedTypeDeclaration": []}"#,
      message: "unknown key 'UTExportedTypeDeclaration'"),
    BadFile(
      testDescription: "no identifier", json: #"[{"UTTypeConformsTo": "public.data"}]"#,
      message: "top-level array[0] has no string UTTypeIdentifier"),
    BadFile(
      testDescription: "number in conforms-to",
      json: #"[{"UTTypeIdentifier": "org.docrepl.test.n", "UTTypeConformsTo": [1]}]"#,
      message: "org.docrepl.test.n: UTTypeConformsTo must hold strings"),
  ]

  @Test(
    "A malformed declarations file is refused with the file's path and the reason",
    arguments: badFiles)
  func malformedFiles(_ testCase: BadFile) throws {
    let temporary = try TemporaryDirectory()
    let file = try temporary.write(testCase.json, to: "types.json")
    let error = #expect(throws: UTTypeDeclarationError.self) {
      try UTType.registerDeclarations(contentsOf: file)
    }
    #expect(error?.code == .malformedFile)
    #expect(error?.description.hasPrefix(file.path + ": ") == true)
    #expect(error?.description.contains(testCase.message) == true)
  }

  @Test("A type declared lazily, as the built-in modules declare theirs, is declared and found")
  func declaredLazily() throws {
    let type = UTType.declaredLazily("org.docrepl.test.lazy-notes") {
      UTTypeDeclaration(
        identifier: "org.docrepl.test.lazy-notes", conformsTo: ["com.apple.package"],
        tags: [.filenameExtension: ["lazynotes"]], description: "Lazy Notes")
    }
    #expect(type.isDeclared)
    #expect(type.conforms(to: .package))
    #expect(type.localizedDescription == "Lazy Notes")
    #expect(UTType(filenameExtension: "lazynotes", conformingTo: .package) == type)
    #expect(UTType("org.docrepl.test.lazy-notes") == type)
  }

  @Test("A declaration the program made first wins over one declared lazily, as with try? register")
  func declaredLazilyDefersToTheProgram() throws {
    try UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.lazy-taken", conformsTo: ["public.json"],
        tags: [.filenameExtension: ["lazytaken"]])
    ])
    let type = UTType.declaredLazily("org.docrepl.test.lazy-taken") {
      UTTypeDeclaration(
        identifier: "org.docrepl.test.lazy-taken", conformsTo: ["com.apple.package"],
        tags: [.filenameExtension: ["lazyother"]])
    }
    #expect(type.isDeclared)
    #expect(type.conforms(to: .json))
    #expect(!type.conforms(to: .package))
    #expect(UTType(filenameExtension: "lazytaken") == type)
    #expect(UTType(filenameExtension: "lazyother")?.isDynamic == true)
  }
}
