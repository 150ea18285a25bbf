import DocTestSupport
import Foundation
import Testing

@testable import DocKit

/// DocKit's system declarations against Apple's own: the declarations of
/// macOS 12.7.6's CoreTypes.bundle, copied into
/// `Tests/DocKitTests/Fixtures/coretypes-macos12.tsv`. Every type DocKit
/// declares must agree with its row on direct parents, filename extensions
/// and MIME types (in order, preferred first) and, where Apple gives one,
/// description, or be one of the few exceptions below.
@Suite("UTType: the system declarations agree with Apple's macOS 12 declarations")
struct SystemDeclarationFixtureTests {
  /// One declaration of the fixture.
  struct Row: Sendable, CustomTestStringConvertible {
    var identifier: String
    var parents: [String]
    var extensions: [String]
    var mimeTypes: [String]
    var description: String?
    var testDescription: String { identifier }
  }

  /// The fixture's rows, in its order.
  static let rows: [Row] = {
    let url = packageRoot.appendingPathComponent(
      "Tests/DocKitTests/Fixtures/coretypes-macos12.tsv")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    func list(_ field: Substring) -> [String] { field.split(separator: ",").map(String.init) }
    return text.split(separator: "\n").drop { $0.hasPrefix("#") }.dropFirst().map {
      let fields = $0.split(separator: "\t", omittingEmptySubsequences: false)
      return Row(
        identifier: String(fields[0]), parents: list(fields[2]), extensions: list(fields[3]),
        mimeTypes: list(fields[4]), description: fields[5].isEmpty ? nil : String(fields[5]))
    }
  }()

  /// Types whose parents Apple changed after macOS 12; DocKit follows
  /// Apple's current documentation for them (see docs/differences.md).
  /// Their tags and descriptions must still agree.
  static let parentsChangedSinceMacOS12: Set<String> = [
    "public.tar-archive",  // public.data, public.archive (UTType.tarArchive, macOS 15)
    "public.executable",  // public.item
    "public.mpeg-4-audio",  // public.mpeg, public.audio
  ]

  /// Types Apple declared after macOS 12, so the fixture has no row for
  /// them; they follow Apple's current documentation. Markdown's tags are
  /// DocKit's: Apple documents none (see docs/differences.md).
  static let declaredSinceMacOS12: Set<String> = [
    "net.daringfireball.markdown",  // UTType.markdown, new in 27
    "com.adobe.raw-image",  // UTType.dng
    "public.jpeg-xl",  // UTType.jpegxl
    "public.geojson",  // UTType.geoJSON
    "com.apple.linkpresentation.metadata",  // UTType.linkPresentationMetadata
  ]

  @Test("The fixture holds Apple's 873 declarations")
  func fixture() {
    #expect(Self.rows.count == 873)
    #expect(Set(Self.rows.map(\.identifier)).count == Self.rows.count)
  }

  @Test("Every type DocKit declares is in the fixture, or is one Apple added since")
  func everyDeclarationIsChecked() {
    let fixture = Set(Self.rows.map(\.identifier))
    let declared = UTType.systemDeclarations.map(\.identifier)
    #expect(Set(declared).count == declared.count)
    #expect(Set(declared).subtracting(fixture) == Self.declaredSinceMacOS12)
    #expect(Self.declaredSinceMacOS12.isDisjoint(with: fixture))
  }

  @Test(
    "Each of Apple's declarations is declared, with Apple's parents, tags and description",
    arguments: rows)
  func agrees(_ row: Row) throws {
    let type = try #require(UTType(row.identifier))
    #expect(type.identifier == row.identifier)
    #expect(type.isDeclared)
    let declaration = try #require(UTTypeRegistry.shared.declaration(for: row.identifier))
    if !Self.parentsChangedSinceMacOS12.contains(row.identifier) {
      #expect(declaration.conformsTo == row.parents)
    }
    // Tags are compared in DocKit's stored form: lowercased, as lookups are.
    #expect(
      type.tags[.filenameExtension] ?? []
        == row.extensions.compactMap(UTTagClass.filenameExtension.normalized))
    #expect(type.tags[.mimeType] ?? [] == row.mimeTypes.compactMap(UTTagClass.mimeType.normalized))
    #expect(type.preferredFilenameExtension == row.extensions.first?.lowercased())
    // Apple's Info.plist leaves the description of some types to its
    // localized strings, which the fixture does not have; DocKit keeps its
    // own for the few of those it always declared.
    if let description = row.description {
      #expect(type.localizedDescription == description)
    }
  }

  @Test("The parents Apple changed after macOS 12 are its current documentation's")
  func changedParents() throws {
    #expect(UTType.tarArchive.supertypes.isSuperset(of: [.data, .archive]))
    #expect(
      UTTypeRegistry.shared.declaration(for: "public.tar-archive")?.conformsTo == [
        "public.data", "public.archive",
      ])
    #expect(
      UTTypeRegistry.shared.declaration(for: "public.executable")?.conformsTo == ["public.item"])
    #expect(UTType.executable.conforms(to: .item))
    #expect(UTType.unixExecutable.conforms(to: .item))
    #expect(UTType.mpeg4Audio.conforms(to: .audio))
    #expect(UTType.jpegxl.conforms(to: .image))
    #expect(UTType.dng.conforms(to: .image))
    #expect(UTType(filenameExtension: "dng") == .dng)
    #expect(UTType.linkPresentationMetadata.conforms(to: .data))
    #expect(UTType.markdown.conforms(to: .utf8PlainText))
  }

  @Test("The five differences the first check found are fixed")
  func fiveDifferences() throws {
    let aifc = try #require(UTType("public.aifc-audio"))
    #expect(aifc.tags[.mimeType] == nil)
    #expect(UTType(mimeType: "audio/x-aifc")?.isDynamic == true)
    #expect(
      UTType.utf8PlainText.tags[.mimeType] == [
        "text/plain;charset=utf-8", #"text/plain;charset="utf-8""#,
      ])
    #expect(UTType(mimeType: #"text/plain;charset="utf-8""#) == .utf8PlainText)
    #expect(UTType(mimeType: #"text/plain; charset="utf-16""#) == .utf16PlainText)
    #expect(UTType.compositeContent.localizedDescription == "content")
    #expect(UTType("public.heif-standard")?.localizedDescription == "HEIF Image")
  }

  /// Tags several of Apple's declarations claim. Apple does not document
  /// which wins; DocKit's rule (docs/differences.md) is: the types DocKit
  /// always declared first, then Apple's constants, then other exported
  /// declarations, then imported ones, each group by identifier.
  static let sharedTags: [UTTypeTests.Lookup] = [
    .init(tag: "mp4", tagClass: .filenameExtension, expected: .mpeg4Movie),
    .init(tag: "plist", tagClass: .filenameExtension, expected: .propertyList),
    .init(tag: "xml", tagClass: .filenameExtension, expected: .xml),
    .init(tag: "smf", tagClass: .filenameExtension, expected: .midi),
    .init(tag: "app", tagClass: .filenameExtension, expected: .applicationBundle),
    .init(
      tag: "otf", tagClass: .filenameExtension, expected: UTType(importedAs: "public.opentype-font")
    ),
    .init(
      tag: "pkg", tagClass: .filenameExtension,
      expected: UTType(importedAs: "com.apple.installer-package")),
    .init(tag: "audio/mp4a-latm", tagClass: .mimeType, expected: .mpeg4Audio),
    .init(tag: "application/x-msdownload", tagClass: .mimeType, expected: .exe),
  ]

  @Test("A tag several types claim finds the first by DocKit's order", arguments: sharedTags)
  func sharedTag(_ claim: UTTypeTests.Lookup) {
    let types = UTType.types(tag: claim.tag, tagClass: claim.tagClass, conformingTo: nil)
    #expect(types.count > 1)
    #expect(types.first == claim.expected)
    #expect(types.first?.isDeclared == true)
  }

  @Test("Types new to DocKit are found by their tags")
  func lookups() {
    #expect(UTType(filenameExtension: "css") == .css)
    #expect(UTType(mimeType: "text/css") == .css)
    #expect(UTType(filenameExtension: "avi") == .avi)
    #expect(UTType(filenameExtension: "tar") == .tarArchive)
    #expect(UTType(filenameExtension: "mk") == .makefile)
    #expect(UTType(filenameExtension: "heics") == .heics)
    #expect(UTType(filenameExtension: "app", conformingTo: .directory) == .applicationBundle)
    #expect(UTType.applicationBundle.conforms(to: .bundle))
    #expect(UTType.xpcService.isSupertype(of: .applicationExtension))
  }
}
