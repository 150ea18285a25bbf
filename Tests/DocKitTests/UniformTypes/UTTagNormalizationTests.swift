import DocKit
import Foundation
import Testing

/// Tags are stored trimmed of `CharacterSet.whitespaces`, lower-cased, and
/// (MIME types) with `"; "` written `";"`, without Foundation's string
/// methods: declared with blanks around them, they are found without.
@Suite("Tag normalization")
struct UTTagNormalizationTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var declared: String
    var tagClass: UTTagClass
    var lookup: String
    var testDescription: String { "\(declared.debugDescription) found as \(lookup)" }
  }

  static let cases: [Case] = [
    Case(declared: " Tagn1 ", tagClass: .filenameExtension, lookup: "tagn1"),
    Case(declared: "\ttagn2\t", tagClass: .filenameExtension, lookup: "TAGN2"),
    Case(declared: "\u{00A0}tagn3\u{2003}", tagClass: .filenameExtension, lookup: "tagn3"),
    Case(declared: "tag n4", tagClass: .filenameExtension, lookup: "tag n4"),
    Case(
      declared: " Application/X-Tagn5; Charset=UTF-8 ", tagClass: .mimeType,
      lookup: "application/x-tagn5;charset=utf-8"),
    Case(
      declared: "application/x-tagn6; a=b; c=d", tagClass: .mimeType,
      lookup: "application/x-tagn6;a=b;c=d"),
  ]

  @Test("A tag declared with blanks and capitals is found in its stored form", arguments: cases)
  func stored(_ testCase: Case) throws {
    let identifier = "org.docrepl.test.normalized.\(abs(testCase.declared.hashValue))"
    try UTType.register([
      UTTypeDeclaration(
        identifier: identifier, conformsTo: ["public.data"],
        tags: [testCase.tagClass: [testCase.declared]], description: "test")
    ])
    let found = UTType(tag: testCase.lookup, tagClass: testCase.tagClass, conformingTo: nil)
    #expect(found?.identifier == identifier)
  }
}
