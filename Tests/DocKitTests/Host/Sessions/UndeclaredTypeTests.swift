import DocKit
import DocTestSupport
import Foundation
import Testing

/// Why a ``SketchDocument`` could not read a file.
enum SketchReadError: Error, Equatable {
  case notASketch, notJSON
}

/// A document whose own type is used but never declared, as a new user
/// writes it from Apple's documentation without an Info.plist: it reads
/// and writes that type, and reads JSON too.
struct SketchDocument: FileDocument {
  static let sketch = UTType(exportedAs: "org.docrepl.test.undeclared-sketch", conformingTo: .data)
  static var readableContentTypes: [UTType] { [sketch, .json] }

  var strokes: String

  init(strokes: String) {
    self.strokes = strokes
  }

  init(configuration: ReadConfiguration) throws {
    let text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
    if configuration.contentType == Self.sketch {
      guard text.hasPrefix("SKETCH\n") else { throw SketchReadError.notASketch }
      strokes = String(text.dropFirst("SKETCH\n".count))
    } else {
      guard text.hasPrefix("{") else { throw SketchReadError.notJSON }
      strokes = text
    }
  }

  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    let text =
      configuration.contentType == Self.sketch
      ? "SKETCH\n" + strokes : strokes.hasPrefix("{") ? strokes : "{\"strokes\": \"\(strokes)\"}"
    return FileWrapper(regularFileWithContents: Data(text.utf8))
  }
}

/// A document whose type is declared only after the type value was made.
struct LateDeclaredDocument: FileDocument {
  static let type = UTType(exportedAs: "org.docrepl.test.late-declared", conformingTo: .data)
  static var readableContentTypes: [UTType] { [type] }

  var text = ""

  init() {}
  init(configuration: ReadConfiguration) throws {
    text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
  }

  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: Data(text.utf8))
  }
}

/// A package document whose package type is never declared.
struct UndeclaredPackageDocument: FileDocument {
  static let type = UTType(
    exportedAs: "org.docrepl.test.undeclared-package", conformingTo: .package)
  static var readableContentTypes: [UTType] { [type] }

  var names: [String]

  init(configuration: ReadConfiguration) throws {
    guard let children = configuration.file.fileWrappers else { throw SketchReadError.notASketch }
    names = children.keys.sorted()
  }

  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(directoryWithFileWrappers: [:])
  }
}

@MainActor
@Suite("Types that are used but never declared")
struct UndeclaredTypeTests {
  @Test("Saving as a type with no declaration is refused, saying how to declare it")
  func saveRefused() async throws {
    let temporary = try TemporaryDirectory()
    let session = DocumentSession(
      new: SketchDocument(strokes: "line"), environment: testEnvironment(temporary))
    #expect(session.contentType == SketchDocument.sketch)
    let saveAs = await #expect(throws: CocoaError.self) {
      try await session.save(as: temporary("Drawing.sketch"))
    }
    #expect(saveAs?.documentSessionError?.code == .undeclaredContentType)
    let message = try #require(saveAs?.documentSessionError?.message)
    #expect(message.contains("org.docrepl.test.undeclared-sketch is not declared"))
    #expect(message.contains("UTType.register([UTTypeDeclaration(identifier:"))
    #expect(message.contains("UTType.registerDeclarations(contentsOf:)"))
    let saveTo = await #expect(throws: CocoaError.self) {
      try await session.save(to: temporary("Copy.sketch"))
    }
    #expect(saveTo?.documentSessionError?.code == .undeclaredContentType)
    #expect(try temporary.names().isEmpty)
    #expect(session.fileURL == nil)
    #expect(session.isDirty == false)

    // The same document as a declared type saves, and reopens.
    try await session.save(as: temporary("Drawing.json"), contentType: .json)
    let reopened = try await DocumentSession<SketchDocument>.open(
      temporary("Drawing.json"), environment: testEnvironment(temporary))
    #expect(reopened.contentType == .json)
  }

  @Test("Exporting as a type with no declaration fails before the presenter is asked")
  func exportRefused() async throws {
    let temporary = try TemporaryDirectory()
    let undeclaredText = UTType(
      exportedAs: "org.docrepl.test.undeclared-text", conformingTo: .plainText)
    let session = DocumentSession(
      new: SketchDocument(strokes: "line"), environment: testEnvironment(temporary))
    let exporter = FileExporter()
    let presenter = RecordingPresenter(.init(url: temporary("out")))
    var codes: [DocumentSessionError.Code] = []
    await exporter.export(document: session, presenter: presenter) {
      if case .failure(let error as CocoaError) = $0, let code = error.documentSessionError?.code {
        codes.append(code)
      }
    }
    // A Document-family document exported without a session.
    await exporter.export(
      document: TextPage(text: "x"), contentType: undeclaredText, presenter: presenter
    ) {
      if case .failure(let error as CocoaError) = $0, let code = error.documentSessionError?.code {
        codes.append(code)
      }
    }
    // A plain-text session saving a copy as a subtype of plain text that
    // has no declaration.
    let text = DocumentSession(
      new: TextMemo(text: "x\n"), environment: testEnvironment(temporary))
    let copy = await #expect(throws: CocoaError.self) {
      try await text.save(to: temporary("out.txt"), contentType: undeclaredText)
    }
    #expect(codes == [.undeclaredContentType, .undeclaredContentType])
    #expect(copy?.documentSessionError?.code == .undeclaredContentType)
    #expect(presenter.asked.isEmpty)
    #expect(!exporter.isPresented)
    #expect(try temporary.names().isEmpty)
  }

  @Test("A type declared after its value was made counts: the save goes through and reopens")
  func declaredLater() async throws {
    let temporary = try TemporaryDirectory()
    #expect(!LateDeclaredDocument.type.isDeclared)
    let session = DocumentSession(
      new: LateDeclaredDocument(), environment: testEnvironment(temporary))
    await #expect(throws: CocoaError.self) {
      try await session.save(as: temporary("a.latedeclared"))
    }
    try UTType.register([
      UTTypeDeclaration(
        identifier: "org.docrepl.test.late-declared", conformsTo: ["public.data"],
        tags: [.filenameExtension: ["latedeclared"]])
    ])
    try await session.save(as: temporary("a.latedeclared"))
    #expect(session.contentType.isDeclared)
    let reopened = try await DocumentSession<LateDeclaredDocument>.open(
      temporary("a.latedeclared"), environment: testEnvironment(temporary))
    #expect(reopened.contentType.identifier == "org.docrepl.test.late-declared")
  }

  @Test("A dynamic type carries its extension: saving as one is allowed and the file reopens")
  func dynamicTypeAllowed() async throws {
    let temporary = try TemporaryDirectory()
    let dynamic = try #require(UTType(filenameExtension: "zzdoc"))
    #expect(dynamic.isDynamic)
    let session = DocumentSession(
      new: ByteBuffer(contents: Data([1, 2])), environment: testEnvironment(temporary))
    try await session.save(as: temporary("a.zzdoc"), contentType: dynamic)
    let reopened = try await DocumentSession<ByteBuffer>.open(
      temporary("a.zzdoc"), environment: testEnvironment(temporary))
    #expect(reopened.contentType == dynamic)
    #expect(reopened.document.contents == Data([1, 2]))
  }

  @Test(
    "A file whose name says nothing opens as the document's readable types, in order",
    arguments: ["Drawing.sketch", "Drawing"])
  func openByReadableTypes(name: String) async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("SKETCH\nline", to: name)
    let session = try await DocumentSession<SketchDocument>.open(
      url, environment: testEnvironment(temporary))
    #expect(session.contentType == SketchDocument.sketch)
    #expect(session.document.strokes == "line")
    // Saved in place as its own type, and opened again.
    session.setDocument(SketchDocument(strokes: "line 2"))
    try await session.save()
    let reopened = try await DocumentSession<SketchDocument>.open(
      url, environment: testEnvironment(temporary))
    #expect(reopened.document.strokes == "line 2")

    // The first type fails to read it, the second reads it.
    let json = try temporary.write("{\"a\": 1}", to: "data")
    let second = try await DocumentSession<SketchDocument>.open(
      json, environment: testEnvironment(temporary))
    #expect(second.contentType == .json)
  }

  @Test("When no readable type reads the file, the first one's error is thrown")
  func openFailsWithFirstError() async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("neither", to: "junk")
    let error = await #expect(throws: SketchReadError.self) {
      try await DocumentSession<SketchDocument>.open(url, environment: testEnvironment(temporary))
    }
    #expect(error == .notASketch)
  }

  @Test(
    "An extension that names another declared type, or the wrong kind of item, is still refused")
  func openStillChecks() async throws {
    let temporary = try TemporaryDirectory()
    let pdf = try temporary.write("SKETCH\nline", to: "drawing.pdf")
    let named = await #expect(throws: CocoaError.self) {
      try await DocumentSession<SketchDocument>.open(pdf, environment: testEnvironment(temporary))
    }
    #expect(named?.documentSessionError?.code == .unsupportedContentType)
    try temporary.write("x", to: "folder/a.txt")
    let folder = await #expect(throws: CocoaError.self) {
      try await DocumentSession<SketchDocument>.open(
        temporary("folder"), environment: testEnvironment(temporary))
    }
    #expect(folder?.documentSessionError?.code == .unsupportedContentType)
    // A package whose type has no declaration opens as it, a file does not.
    try temporary.write("x", to: "Box.undeclaredpkg/a.txt")
    let package = try await DocumentSession<UndeclaredPackageDocument>.open(
      temporary("Box.undeclaredpkg"), environment: testEnvironment(temporary))
    #expect(package.contentType == UndeclaredPackageDocument.type)
    #expect(package.document.names == ["a.txt"])
    let file = try temporary.write("x", to: "file.undeclaredpkg")
    await #expect(throws: CocoaError.self) {
      try await DocumentSession<UndeclaredPackageDocument>.open(
        file, environment: testEnvironment(temporary))
    }
  }

  @Test("An untitled document of an undeclared type autosaves, and its autosave is recovered")
  func autosaveRecovered() async throws {
    let temporary = try TemporaryDirectory()
    let environment: DocumentSession<SketchDocument>.Environment = testEnvironment(
      temporary, policy: AutosavePolicy(changes: 1, interval: nil))
    let session = DocumentSession(new: SketchDocument(strokes: ""), environment: environment)
    session.setDocument(SketchDocument(strokes: "unsaved"))
    #expect(try await session.endEvent())
    let autosave = try #require(session.autosaveURL)
    #expect(autosave.pathExtension.isEmpty)
    let recovered = try await DocumentSession<SketchDocument>.recover(
      autosaveAt: autosave, kind: .fileDocument, environment: environment)
    #expect(recovered.document.strokes == "unsaved")
    #expect(recovered.contentType == SketchDocument.sketch)
    #expect(recovered.isDirty)
  }
}
