import DocKit
import Foundation
import Testing

@Suite("FileWrapper: creating and inspecting wrappers")
struct FileWrapperCreationTests {
  @Test("A regular-file wrapper holds its contents and Apple's default attributes")
  func regularFile() throws {
    let wrapper = FileWrapper(regularFileWithContents: Data("hello".utf8))
    #expect(wrapper.isRegularFile)
    #expect(!wrapper.isDirectory)
    #expect(!wrapper.isSymbolicLink)
    #expect(wrapper.regularFileContents == Data("hello".utf8))
    #expect(wrapper.fileWrappers == nil)
    #expect(wrapper.symbolicLinkDestinationURL == nil)
    #expect(wrapper.filename == nil)
    #expect(wrapper.preferredFilename == nil)
    let attributes = wrapper.fileAttributes
    #expect(attributes[FileAttributeKey.type.rawValue] as? FileAttributeType == .typeRegular)
    #expect(
      (attributes[FileAttributeKey.posixPermissions.rawValue] as? NSNumber)?.intValue == 0o666)
    #expect((attributes[FileAttributeKey.size.rawValue] as? NSNumber)?.intValue == 5)
    let date = try #require(attributes[FileAttributeKey.modificationDate.rawValue] as? Date)
    #expect(abs(date.timeIntervalSinceNow) < 60)
  }

  @Test("A directory wrapper keys children by preferred name, taking the key when there is none")
  func directory() {
    let named = FileWrapper(regularFileWithContents: Data())
    named.preferredFilename = "real.txt"
    let unnamed = FileWrapper(regularFileWithContents: Data())
    let directory = FileWrapper(directoryWithFileWrappers: ["key.txt": named, "other.txt": unnamed])
    #expect(directory.isDirectory)
    #expect(directory.regularFileContents == nil)
    #expect(Set(directory.fileWrappers?.keys ?? [:].keys) == ["real.txt", "other.txt"])
    #expect(unnamed.preferredFilename == "other.txt")
    #expect(
      directory.fileAttributes[FileAttributeKey.type.rawValue] as? FileAttributeType
        == .typeDirectory)
    #expect(
      (directory.fileAttributes[FileAttributeKey.posixPermissions.rawValue] as? NSNumber)?.intValue
        == 0o777)
  }

  @Test("A symbolic-link wrapper keeps the destination's relative path")
  func symbolicLink() throws {
    let link = FileWrapper(
      symbolicLinkWithDestinationURL: try #require(URL(string: "../notes/a.json")))
    #expect(link.isSymbolicLink)
    #expect(link.symbolicLinkDestinationURL?.relativePath == "../notes/a.json")
    #expect(link.regularFileContents == nil)
    #expect(link.fileWrappers == nil)
    #expect(
      link.fileAttributes[FileAttributeKey.type.rawValue] as? FileAttributeType == .typeSymbolicLink
    )
  }

  @Test("Setting fileAttributes changes permissions and the date, and keeps missing keys")
  func settingAttributes() {
    let wrapper = FileWrapper(regularFileWithContents: Data("x".utf8))
    let date = Date(timeIntervalSince1970: 1_000_000_000)
    wrapper.fileAttributes = [
      FileAttributeKey.posixPermissions.rawValue: NSNumber(value: 0o640),
      FileAttributeKey.modificationDate.rawValue: date,
    ]
    #expect(
      (wrapper.fileAttributes[FileAttributeKey.posixPermissions.rawValue] as? NSNumber)?.intValue
        == 0o640)
    #expect(wrapper.fileAttributes[FileAttributeKey.modificationDate.rawValue] as? Date == date)
    #expect(
      wrapper.fileAttributes[FileAttributeKey.type.rawValue] as? FileAttributeType == .typeRegular)
    wrapper.fileAttributes = [FileAttributeKey.posixPermissions.rawValue: 0o600]
    #expect(
      (wrapper.fileAttributes[FileAttributeKey.posixPermissions.rawValue] as? NSNumber)?.intValue
        == 0o600)
    #expect(wrapper.fileAttributes[FileAttributeKey.modificationDate.rawValue] as? Date == date)
  }

  struct NameCase: Sendable, CustomTestStringConvertible {
    var name: String
    var valid: Bool
    var testDescription: String {
      "\(name.debugDescription.prefix(24)) is \(valid ? "valid" : "invalid")"
    }
  }

  static let nameCases: [NameCase] = [
    NameCase(name: "", valid: false),
    NameCase(name: ".", valid: false),
    NameCase(name: "..", valid: false),
    NameCase(name: "a/b", valid: false),
    NameCase(name: "/", valid: false),
    NameCase(name: "a\u{0}b", valid: false),
    NameCase(name: String(repeating: "x", count: 256), valid: false),
    NameCase(name: String(repeating: "é", count: 128), valid: false),  // 256 bytes
    NameCase(name: String(repeating: "x", count: 255), valid: true),
    NameCase(name: "...", valid: true),
    NameCase(name: ".hidden", valid: true),
    NameCase(name: "naïve résumé.json", valid: true),
    NameCase(name: "1__#$!@%!#__a.txt", valid: true),
  ]

  @Test(
    "validateFilename accepts exactly one path component of at most 255 bytes", arguments: nameCases
  )
  func filenameValidation(_ testCase: NameCase) {
    if testCase.valid {
      #expect(throws: Never.self) { try FileWrapper.validateFilename(testCase.name) }
    } else {
      let error = #expect(throws: FileWrapperError.self) {
        try FileWrapper.validateFilename(testCase.name)
      }
      #expect(error?.code == .invalidFilename)
    }
  }

  @Test("Adding a child with an invalid name traps, as Apple's raises")
  func invalidNameTraps() async {
    await #expect(processExitsWith: .failure) {
      let directory = FileWrapper(directoryWithFileWrappers: [:])
      directory.addRegularFile(withContents: Data(), preferredFilename: "a/b")
    }
    await #expect(processExitsWith: .failure) {
      FileWrapper(regularFileWithContents: Data()).preferredFilename = ".."
    }
  }

  @Test("Adding a child to a non-directory traps, as Apple's raises")
  func addToFileTraps() async {
    await #expect(processExitsWith: .failure) {
      FileWrapper(regularFileWithContents: Data()).addRegularFile(
        withContents: Data(), preferredFilename: "a")
    }
  }
}
