import DocKit
import DocTestSupport
import Foundation
import Testing

/// An app's Info.plist as Xcode writes it: an exported package type, an
/// imported type, the same identifier both exported and imported with
/// different parents (as one real app has), and document types.
private let infoPlist = """
  <?xml version="1.0" encoding="UTF-8"?>
  <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
  <plist version="1.0">
  <dict>
  \t<key>CFBundleDevelopmentRegion</key>
  \t<string>$(DEVELOPMENT_LANGUAGE)</string>
  \t<key>CFBundleDocumentTypes</key>
  \t<array>
  \t\t<dict>
  \t\t\t<key>CFBundleTypeName</key>
  \t\t\t<string>Recipe Box</string>
  \t\t\t<key>CFBundleTypeRole</key>
  \t\t\t<string>Editor</string>
  \t\t\t<key>LSHandlerRank</key>
  \t\t\t<string>Owner</string>
  \t\t\t<key>LSItemContentTypes</key>
  \t\t\t<array>
  \t\t\t\t<string>org.docrepl.test.plist-recipes</string>
  \t\t\t</array>
  \t\t\t<key>LSTypeIsPackage</key>
  \t\t\t<true/>
  \t\t\t<key>NSDocumentClass</key>
  \t\t\t<string>$(PRODUCT_MODULE_NAME).RecipeDocument</string>
  \t\t</dict>
  \t\t<dict>
  \t\t\t<key>CFBundleTypeName</key>
  \t\t\t<string>Legacy Card</string>
  \t\t\t<key>CFBundleTypeRole</key>
  \t\t\t<string>Viewer</string>
  \t\t\t<key>LSHandlerRank</key>
  \t\t\t<string>Alternate</string>
  \t\t\t<key>LSItemContentTypes</key>
  \t\t\t<array>
  \t\t\t\t<string>org.docrepl.test.plist-undeclared-card</string>
  \t\t\t\t<string>public.plain-text</string>
  \t\t\t</array>
  \t\t</dict>
  \t</array>
  \t<key>CFBundleExecutable</key>
  \t<string>$(EXECUTABLE_NAME)</string>
  \t<key>LSRequiresIPhoneOS</key>
  \t<true/>
  \t<key>UIApplicationSceneManifest</key>
  \t<dict>
  \t\t<key>UIApplicationSupportsMultipleScenes</key>
  \t\t<true/>
  \t</dict>
  \t<key>UISupportsDocumentBrowser</key>
  \t<true/>
  \t<key>UTExportedTypeDeclarations</key>
  \t<array>
  \t\t<dict>
  \t\t\t<key>UTTypeConformsTo</key>
  \t\t\t<array>
  \t\t\t\t<string>com.apple.package</string>
  \t\t\t</array>
  \t\t\t<key>UTTypeDescription</key>
  \t\t\t<string>Recipe Box</string>
  \t\t\t<key>UTTypeIcons</key>
  \t\t\t<dict/>
  \t\t\t<key>UTTypeIdentifier</key>
  \t\t\t<string>org.docrepl.test.plist-recipes</string>
  \t\t\t<key>UTTypeTagSpecification</key>
  \t\t\t<dict>
  \t\t\t\t<key>public.filename-extension</key>
  \t\t\t\t<array>
  \t\t\t\t\t<string>plistrecipes</string>
  \t\t\t\t</array>
  \t\t\t\t<key>public.mime-type</key>
  \t\t\t\t<array>
  \t\t\t\t\t<string>application/x-plist-recipes</string>
  \t\t\t\t</array>
  \t\t\t</dict>
  \t\t</dict>
  \t\t<dict>
  \t\t\t<key>UTTypeConformsTo</key>
  \t\t\t<array>
  \t\t\t\t<string>public.json</string>
  \t\t\t</array>
  \t\t\t<key>UTTypeDescription</key>
  \t\t\t<string>Shared Card</string>
  \t\t\t<key>UTTypeIdentifier</key>
  \t\t\t<string>org.docrepl.test.plist-card</string>
  \t\t\t<key>UTTypeTagSpecification</key>
  \t\t\t<dict>
  \t\t\t\t<key>public.filename-extension</key>
  \t\t\t\t<array>
  \t\t\t\t\t<string>plistcard</string>
  \t\t\t\t</array>
  \t\t\t</dict>
  \t\t</dict>
  \t</array>
  \t<key>UTImportedTypeDeclarations</key>
  \t<array>
  \t\t<dict>
  \t\t\t<key>UTTypeConformsTo</key>
  \t\t\t<array>
  \t\t\t\t<string>public.data</string>
  \t\t\t</array>
  \t\t\t<key>UTTypeDescription</key>
  \t\t\t<string>Shared Card</string>
  \t\t\t<key>UTTypeIdentifier</key>
  \t\t\t<string>org.docrepl.test.plist-card</string>
  \t\t\t<key>UTTypeTagSpecification</key>
  \t\t\t<dict>
  \t\t\t\t<key>public.filename-extension</key>
  \t\t\t\t<array>
  \t\t\t\t\t<string>plistcard</string>
  \t\t\t\t</array>
  \t\t\t</dict>
  \t\t</dict>
  \t\t<dict>
  \t\t\t<key>UTTypeConformsTo</key>
  \t\t\t<string>public.plain-text</string>
  \t\t\t<key>UTTypeIdentifier</key>
  \t\t\t<string>org.docrepl.test.plist-imported-log</string>
  \t\t\t<key>UTTypeTagSpecification</key>
  \t\t\t<dict>
  \t\t\t\t<key>public.filename-extension</key>
  \t\t\t\t<string>plistlog</string>
  \t\t\t</dict>
  \t\t</dict>
  \t</array>
  </dict>
  </plist>
  """

@Suite("UTType declarations from an app's Info.plist", .serialized)
struct InfoPlistDeclarationTests {
  func check(_ notes: [UTTypeDeclarationNote], file: URL) throws {
    let recipes = try #require(UTType(filenameExtension: "plistrecipes", conformingTo: .package))
    #expect(recipes.identifier == "org.docrepl.test.plist-recipes")
    #expect(recipes.preferredMIMEType == "application/x-plist-recipes")
    #expect(recipes.localizedDescription == "Recipe Box")
    // Exported and imported: the exported declaration wins.
    let card = try #require(UTType("org.docrepl.test.plist-card"))
    #expect(card.conforms(to: .json))
    #expect(UTType(filenameExtension: "plistlog")?.conforms(to: .plainText) == true)
    #expect(
      notes.map(\.description) == [
        file.path + ": org.docrepl.test.plist-card: UTImportedTypeDeclarations[0] is ignored: "
          + "the file also exports this identifier, and the exported declaration wins "
          + "(the imported one conforms to [\"public.data\"], the exported one to [\"public.json\"])",
        file.path + ": org.docrepl.test.plist-undeclared-card: CFBundleDocumentTypes[1] "
          + "('Legacy Card') opens this type, which nothing declares: add it to "
          + "UTExportedTypeDeclarations or UTImportedTypeDeclarations",
      ])
  }

  @Test(
    "An XML Info.plist as Xcode writes it registers its types, with notes for what is set aside")
  func xml() throws {
    let temporary = try TemporaryDirectory()
    let file = try temporary.write(infoPlist, to: "Info.plist")
    let notes = try UTType.registerDeclarations(contentsOf: file)
    try check(notes, file: file)
  }

  @Test("The same Info.plist as a binary property list registers the same way")
  func binary() throws {
    let temporary = try TemporaryDirectory()
    let object = try PropertyListSerialization.propertyList(
      from: Data(infoPlist.utf8), format: nil)
    let data = try PropertyListSerialization.data(
      fromPropertyList: object, format: .binary, options: 0)
    #expect(data.starts(with: Array("bplist".utf8)))
    let file = temporary("Info.plist")
    try data.write(to: file)
    let notes = try UTType.registerDeclarations(contentsOf: file)
    try check(notes, file: file)
  }

  struct BadPlist: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var body: String
    var message: String
  }

  static func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    \(body)
    </plist>
    """
  }

  static let badPlists: [BadPlist] = [
    BadPlist(
      testDescription: "unclosed tags", body: "<dict><key>UTExportedTypeDeclarations</key><array>",
      message: "not a valid XML property list"),
    BadPlist(
      testDescription: "a string at the top", body: "<string>types</string>",
      message: "expected an object or an array of declarations"),
    BadPlist(
      testDescription: "declarations as a dictionary",
      body: "<dict><key>UTExportedTypeDeclarations</key><dict/></dict>",
      message: "UTExportedTypeDeclarations must be an array"),
    BadPlist(
      testDescription: "a declaration as a string",
      body: "<dict><key>UTImportedTypeDeclarations</key><array><string>x</string></array></dict>",
      message: "UTImportedTypeDeclarations[0] must be a dictionary"),
    BadPlist(
      testDescription: "an identifier as a number",
      body:
        "<dict><key>UTExportedTypeDeclarations</key><array><dict><key>UTTypeIdentifier</key><integer>7</integer></dict></array></dict>",
      message: "UTExportedTypeDeclarations[0] has no string UTTypeIdentifier"),
    BadPlist(
      testDescription: "a parent as a date",
      body: """
        <dict><key>UTExportedTypeDeclarations</key><array><dict>
        <key>UTTypeIdentifier</key><string>org.docrepl.test.bad-date</string>
        <key>UTTypeConformsTo</key><array><date>2020-01-01T00:00:00Z</date></array>
        </dict></array></dict>
        """,
      message:
        "org.docrepl.test.bad-date: UTTypeConformsTo must hold strings (in UTExportedTypeDeclarations[0])"
    ),
    BadPlist(
      testDescription: "tags as data",
      body: """
        <dict><key>UTExportedTypeDeclarations</key><array><dict>
        <key>UTTypeIdentifier</key><string>org.docrepl.test.bad-tags</string>
        <key>UTTypeTagSpecification</key><data>AAAA</data>
        </dict></array></dict>
        """,
      message: "UTTypeTagSpecification must be a dictionary (in UTExportedTypeDeclarations[0])"),
    BadPlist(
      testDescription: "a description as a boolean",
      body: """
        <dict><key>UTExportedTypeDeclarations</key><array><dict>
        <key>UTTypeIdentifier</key><string>org.docrepl.test.bad-description</string>
        <key>UTTypeDescription</key><true/>
        </dict></array></dict>
        """,
      message: "UTTypeDescription must be a string (in UTExportedTypeDeclarations[0])"),
    BadPlist(
      testDescription: "document types' content types as a string",
      body:
        "<dict><key>CFBundleDocumentTypes</key><array><dict><key>LSItemContentTypes</key><string>public.data</string></dict></array></dict>",
      message: "CFBundleDocumentTypes[0]: LSItemContentTypes must be an array of strings"),
    BadPlist(
      testDescription: "a typo in a key",
      body: "<dict><key>UTExportedTypeDeclaration</key><array/></dict>",
      message: "unknown key 'UTExportedTypeDeclaration'"),
    BadPlist(
      testDescription: "no types at all",
      body: "<dict><key>CFBundleName</key><string>App</string></dict>",
      message: "declares no types"),
  ]

  @Test(
    "A malformed or hostile property list is refused with the file, the place and the reason",
    arguments: badPlists)
  func malformed(_ testCase: BadPlist) throws {
    let temporary = try TemporaryDirectory()
    let file = try temporary.write(Self.plist(testCase.body), to: "Info.plist")
    let error = #expect(throws: UTTypeDeclarationError.self) {
      try UTType.registerDeclarations(contentsOf: file)
    }
    #expect(error?.code == .malformedFile)
    #expect(error?.description.hasPrefix(file.path + ": ") == true)
    #expect(error?.description.contains(testCase.message) == true, "\(error?.description ?? "")")
  }

  @Test("A truncated binary property list is refused as one")
  func truncatedBinary() throws {
    let temporary = try TemporaryDirectory()
    let object = try PropertyListSerialization.propertyList(
      from: Data(infoPlist.utf8), format: nil)
    let data = try PropertyListSerialization.data(
      fromPropertyList: object, format: .binary, options: 0)
    let file = temporary("Info.plist")
    try data.prefix(data.count / 2).write(to: file)
    let error = #expect(throws: UTTypeDeclarationError.self) {
      try UTType.registerDeclarations(contentsOf: file)
    }
    #expect(error?.description.contains("not a valid binary property list") == true)
  }

  @Test(
    "JSON with an Info.plist's other keys still reads; the same identifier exported and imported gets a note"
  )
  func json() throws {
    let temporary = try TemporaryDirectory()
    let file = try temporary.write(
      """
      {
        "CFBundleName": "Cards",
        "UTExportedTypeDeclarations": [
          {"UTTypeIdentifier": "org.docrepl.test.json-both", "UTTypeConformsTo": "public.json"}],
        "UTImportedTypeDeclarations": [
          {"UTTypeIdentifier": "org.docrepl.test.json-both", "UTTypeConformsTo": "public.json"}]
      }
      """, to: "types.json")
    let notes = try UTType.registerDeclarations(contentsOf: file)
    #expect(
      notes.map(\.message) == [
        "UTImportedTypeDeclarations[0] is ignored: the file also exports this identifier, "
          + "and the exported declaration wins"
      ])
    #expect(UTType("org.docrepl.test.json-both")?.conforms(to: .json) == true)
  }
}
