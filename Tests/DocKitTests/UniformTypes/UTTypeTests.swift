import DocKit
import Foundation
import Testing

@Suite("UTType: identifiers, tags and conformance")
struct UTTypeTests {
  struct Conformance: Sendable, CustomTestStringConvertible {
    var type: UTType
    var supertype: UTType
    var conforms: Bool
    var testDescription: String {
      "\(type) \(conforms ? "conforms" : "does not conform") to \(supertype)"
    }
  }

  static let conformances: [Conformance] = [
    Conformance(type: .markdown, supertype: .utf8PlainText, conforms: true),
    Conformance(type: .markdown, supertype: .plainText, conforms: true),
    Conformance(type: .markdown, supertype: .text, conforms: true),
    // Through public.text's second parent:
    Conformance(type: .markdown, supertype: .content, conforms: true),
    Conformance(type: .markdown, supertype: .data, conforms: true),
    Conformance(type: .markdown, supertype: .item, conforms: true),
    Conformance(type: .json, supertype: .text, conforms: true),
    Conformance(type: .json, supertype: .plainText, conforms: false),
    Conformance(type: .javaScript, supertype: .executable, conforms: true),
    Conformance(type: .json, supertype: .javaScript, conforms: false),
    Conformance(type: .pdf, supertype: .compositeContent, conforms: true),
    Conformance(type: .pdf, supertype: .data, conforms: true),
    Conformance(type: .pdf, supertype: .text, conforms: false),
    Conformance(type: .rtfd, supertype: .package, conforms: true),
    Conformance(type: .rtfd, supertype: .directory, conforms: true),
    Conformance(type: .rtfd, supertype: .data, conforms: false),
    Conformance(type: .package, supertype: .directory, conforms: true),
    Conformance(type: .folder, supertype: .package, conforms: false),
    Conformance(type: .zip, supertype: .archive, conforms: true),
    Conformance(type: .zip, supertype: .data, conforms: true),
    Conformance(type: .commaSeparatedText, supertype: .delimitedText, conforms: true),
    Conformance(type: .commaSeparatedText, supertype: .plainText, conforms: true),
    Conformance(type: .png, supertype: .image, conforms: true),
    Conformance(type: .jpeg, supertype: .content, conforms: true),
    Conformance(type: .heic, supertype: .image, conforms: true),
    Conformance(type: .svg, supertype: .xml, conforms: true),
    Conformance(type: .symbolicLink, supertype: .resolvable, conforms: true),
    Conformance(type: .symbolicLink, supertype: .data, conforms: false),
    Conformance(type: .mpeg4Movie, supertype: .audiovisualContent, conforms: true),
    Conformance(type: .data, supertype: .data, conforms: true),
    Conformance(type: .item, supertype: .data, conforms: false),
  ]

  @Test("conforms(to:) is reflexive and transitive across several parents", arguments: conformances)
  func conformance(_ testCase: Conformance) {
    #expect(testCase.type.conforms(to: testCase.supertype) == testCase.conforms)
  }

  @Test("isSubtype(of:) and isSupertype(of:) are strict")
  func strictRelations() {
    #expect(UTType.json.isSubtype(of: .text))
    #expect(UTType.text.isSupertype(of: .json))
    #expect(!UTType.json.isSubtype(of: .json))
    #expect(!UTType.json.isSupertype(of: .json))
    #expect(!UTType.text.isSubtype(of: .json))
  }

  @Test("supertypes is the transitive closure, without the type itself")
  func supertypes() {
    #expect(
      UTType.markdown.supertypes == [.utf8PlainText, .plainText, .text, .data, .item, .content])
    #expect(UTType.item.supertypes.isEmpty)
    #expect(UTType.rtfd.supertypes == [.package, .directory, .item, .compositeContent, .content])
  }

  struct Lookup: Sendable, CustomTestStringConvertible {
    var tag: String
    var tagClass: UTTagClass
    var expected: UTType
    var testDescription: String { "\(tag) is \(expected)" }
  }

  static let lookups: [Lookup] = [
    Lookup(tag: "json", tagClass: .filenameExtension, expected: .json),
    Lookup(tag: "JSON", tagClass: .filenameExtension, expected: .json),
    Lookup(tag: "md", tagClass: .filenameExtension, expected: .markdown),
    Lookup(tag: "markdown", tagClass: .filenameExtension, expected: .markdown),
    Lookup(tag: "txt", tagClass: .filenameExtension, expected: .plainText),
    Lookup(tag: "csv", tagClass: .filenameExtension, expected: .commaSeparatedText),
    Lookup(tag: "pdf", tagClass: .filenameExtension, expected: .pdf),
    Lookup(tag: "png", tagClass: .filenameExtension, expected: .png),
    Lookup(tag: "jpg", tagClass: .filenameExtension, expected: .jpeg),
    Lookup(tag: "jpeg", tagClass: .filenameExtension, expected: .jpeg),
    Lookup(tag: "zip", tagClass: .filenameExtension, expected: .zip),
    Lookup(tag: "mp4", tagClass: .filenameExtension, expected: .mpeg4Movie),
    Lookup(tag: "plist", tagClass: .filenameExtension, expected: .propertyList),
    Lookup(tag: "application/json", tagClass: .mimeType, expected: .json),
    Lookup(tag: "text/plain", tagClass: .mimeType, expected: .plainText),
    Lookup(tag: "Text/Markdown", tagClass: .mimeType, expected: .markdown),
    Lookup(tag: "application/pdf", tagClass: .mimeType, expected: .pdf),
    Lookup(tag: "text/plain;charset=utf-8", tagClass: .mimeType, expected: .utf8PlainText),
    Lookup(tag: "application/octet-stream", tagClass: .mimeType, expected: .data),
  ]

  @Test("Tag lookups find the declared type, case-insensitively", arguments: lookups)
  func lookup(_ testCase: Lookup) {
    let type = UTType(tag: testCase.tag, tagClass: testCase.tagClass, conformingTo: nil)
    #expect(type == testCase.expected)
    #expect(type?.isDeclared == true)
  }

  @Test("Tags, preferred tags, descriptions and flags of system types")
  func properties() {
    #expect(UTType.json.identifier == "public.json")
    #expect(UTType.json.preferredFilenameExtension == "json")
    #expect(UTType.json.preferredMIMEType == "application/json")
    #expect(UTType.jpeg.tags[.filenameExtension] == ["jpeg", "jpg", "jpe"])
    #expect(UTType.plainText.tags[.mimeType] == ["text/plain"])
    #expect(UTType.pdf.localizedDescription == "PDF document")
    #expect(UTType.plainText.localizedDescription == "plain text")
    #expect(UTType.json.isPublic)
    #expect(!UTType.pdf.isPublic)
    #expect(UTType.pdf.isDeclared)
    #expect(!UTType.pdf.isDynamic)
    #expect(UTType.folder.preferredFilenameExtension == nil)
    #expect(UTType.json.description == "public.json")
  }

  @Test("init?(_:) finds declared types, case-insensitively, and nothing else")
  func identifierLookup() {
    #expect(UTType("public.json") == .json)
    #expect(UTType("PUBLIC.JSON") == .json)
    #expect(UTType("com.example.never-declared") == nil)
    #expect(UTType("") == nil)
    #expect(UTType("dyn.garbage") == nil)
  }

  @Test("A valid tag nobody declares gives a dynamic type that round-trips through its identifier")
  func dynamicTypes() throws {
    let type = try #require(UTType(filenameExtension: "xyzzy"))
    #expect(type.isDynamic)
    #expect(!type.isDeclared)
    #expect(!type.isPublic)
    #expect(type.identifier.hasPrefix("dyn.a"))
    #expect(type.preferredFilenameExtension == "xyzzy")
    #expect(type.conforms(to: .data))
    #expect(type.conforms(to: .item))
    #expect(!type.conforms(to: .text))
    #expect(type.localizedDescription == nil)
    let again = try #require(UTType(type.identifier))
    #expect(again == type)
    #expect(again.preferredFilenameExtension == "xyzzy")
    #expect(again.conforms(to: .data))
    #expect(UTType(filenameExtension: "XYZZY") == type)

    let mime = try #require(UTType(mimeType: "application/x-docrepl-test", conformingTo: .text))
    #expect(mime.isDynamic)
    #expect(mime.preferredMIMEType == "application/x-docrepl-test")
    #expect(mime.conforms(to: .text))
    #expect(mime != type)
  }

  @Test("A declared tag that does not conform to the requested supertype gives a dynamic type")
  func conformingToFilters() throws {
    let type = try #require(UTType(filenameExtension: "json", conformingTo: .image))
    #expect(type.isDynamic)
    #expect(type.conforms(to: .image))
    #expect(UTType(filenameExtension: "json", conformingTo: .text) == .json)
    #expect(
      UTType.types(tag: "mp4", tagClass: .filenameExtension, conformingTo: nil) == [
        .mpeg4Movie, .mpeg4Audio,
      ])
    #expect(
      UTType.types(tag: "mp4", tagClass: .filenameExtension, conformingTo: .audio) == [.mpeg4Audio])
  }

  @Test("Invalid tags give nil", arguments: ["", ".txt", "a/b", " "])
  func invalidExtensions(_ tag: String) {
    #expect(UTType(filenameExtension: tag) == nil)
    #expect(UTType.types(tag: tag, tagClass: .filenameExtension, conformingTo: nil).isEmpty)
  }

  @Test(
    "Invalid MIME types give nil",
    arguments: ["", "text", "text/", "/plain", "text/pl ain", "a/b/c"])
  func invalidMIMETypes(_ tag: String) {
    #expect(UTType(mimeType: tag) == nil)
  }

  @Test("Equality and hashing go by identifier")
  func equality() throws {
    let exported = UTType(exportedAs: "public.json")
    #expect(exported == .json)
    #expect(Set([UTType.json, exported, .pdf]).count == 2)
  }
}
