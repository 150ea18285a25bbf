import DocKit
import Foundation
import Testing

@Suite("URL's UniformTypeIdentifiers helpers: names made from a partial name and a type")
struct URLContentTypeTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var partialName: String
    var type: UTType
    var expected: String
    var testDescription: String { "\(partialName) conforming to \(type) is \(expected)" }
  }

  static let cases: [Case] = [
    // Apple's documented examples: an extension valid for the type is kept;
    // any other gets the type's preferred extension after it.
    Case(partialName: "puppy.jpg", type: .image, expected: "puppy.jpg"),
    Case(partialName: "puppy.jpg", type: .plainText, expected: "puppy.jpg.txt"),
    Case(partialName: "readme", type: .plainText, expected: "readme.txt"),
    // The type's own extensions, in any case, are valid.
    Case(partialName: "photo.jpeg", type: .jpeg, expected: "photo.jpeg"),
    Case(partialName: "PHOTO.JPG", type: .jpeg, expected: "PHOTO.JPG"),
    Case(partialName: "notes.md", type: .markdown, expected: "notes.md"),
    // A subtype's extension is valid for its supertype.
    Case(partialName: "notes.md", type: .plainText, expected: "notes.md"),
    Case(partialName: "data.json", type: .text, expected: "data.json"),
    // A supertype's extension is not valid for a subtype.
    Case(partialName: "notes.txt", type: .markdown, expected: "notes.txt.md"),
    // An unknown extension, a hidden file's name, a trailing dot.
    Case(partialName: "archive.v2", type: .json, expected: "archive.v2.json"),
    Case(partialName: ".profile", type: .plainText, expected: ".profile.txt"),
    Case(partialName: "draft.", type: .plainText, expected: "draft..txt"),
    // A type with no preferred extension adds none.
    Case(partialName: "blob", type: .data, expected: "blob"),
  ]

  @Test("appendingPathComponent(_:conformingTo:) follows Apple's rule", arguments: cases)
  func appendingComponent(_ testCase: Case) {
    let folder = URL(fileURLWithPath: "/tmp/docs", isDirectory: true)
    let url = folder.appendingPathComponent(testCase.partialName, conformingTo: testCase.type)
    #expect(url.lastPathComponent == testCase.expected)
    #expect(url.deletingLastPathComponent().path == "/tmp/docs")
    var appended = folder
    appended.appendPathComponent(testCase.partialName, conformingTo: testCase.type)
    #expect(appended == url)
  }

  @Test(
    "appendingPathExtension(for:) follows the same rule on the last component", arguments: cases)
  func appendingExtension(_ testCase: Case) {
    let url = URL(fileURLWithPath: "/tmp/docs/" + testCase.partialName)
    let extended = url.appendingPathExtension(for: testCase.type)
    #expect(extended.lastPathComponent == testCase.expected)
    var appended = url
    appended.appendPathExtension(for: testCase.type)
    #expect(appended == extended)
  }

  @Test("A type that conforms to public.directory makes a directory URL")
  func package() {
    let folder = URL(fileURLWithPath: "/tmp/docs", isDirectory: true)
    let url = folder.appendingPathComponent("Letter", conformingTo: .rtfd)
    #expect(url.lastPathComponent == "Letter.rtfd")
    #expect(url.hasDirectoryPath)
    #expect(!folder.appendingPathComponent("Letter", conformingTo: .rtf).hasDirectoryPath)
  }

  @Test("A declared app type's extension counts; a dynamic type's own tag too")
  func declaredAndDynamic() throws {
    let dynamic = try #require(UTType(filenameExtension: "zzqx"))
    #expect(dynamic.isDynamic)
    let folder = URL(fileURLWithPath: "/tmp", isDirectory: true)
    #expect(
      folder.appendingPathComponent("a.zzqx", conformingTo: dynamic).lastPathComponent == "a.zzqx")
    #expect(folder.appendingPathComponent("a", conformingTo: dynamic).lastPathComponent == "a.zzqx")
    // An undeclared extension is not made valid by the dynamic type it gets.
    #expect(
      folder.appendingPathComponent("a.zzqx", conformingTo: .json).lastPathComponent
        == "a.zzqx.json")
  }
}
