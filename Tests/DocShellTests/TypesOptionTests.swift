import DocTestSupport
import Foundation
import Testing

/// `docrepl --types FILE`: an app's Info.plist declarations, registered
/// from the command line before anything runs.
@Suite("docrepl --types registers an app's type declarations", .serialized)
struct TypesOptionTests {
  static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleDocumentTypes</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>CFBundleTypeName</key>
    \t\t\t<string>Deck</string>
    \t\t\t<key>LSHandlerRank</key>
    \t\t\t<string>Owner</string>
    \t\t\t<key>LSItemContentTypes</key>
    \t\t\t<array>
    \t\t\t\t<string>org.docrepl.cli-test.deck</string>
    \t\t\t</array>
    \t\t</dict>
    \t</array>
    \t<key>UTExportedTypeDeclarations</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>UTTypeConformsTo</key>
    \t\t\t<array>
    \t\t\t\t<string>public.json</string>
    \t\t\t</array>
    \t\t\t<key>UTTypeIdentifier</key>
    \t\t\t<string>org.docrepl.cli-test.deck</string>
    \t\t\t<key>UTTypeTagSpecification</key>
    \t\t\t<dict>
    \t\t\t\t<key>public.filename-extension</key>
    \t\t\t\t<array>
    \t\t\t\t\t<string>deck</string>
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
    \t\t\t<key>UTTypeIdentifier</key>
    \t\t\t<string>org.docrepl.cli-test.deck</string>
    \t\t</dict>
    \t</array>
    </dict>
    </plist>
    """

  @Test("A .deck file opens as the JSON its declaration says, and the set-aside import is a note")
  func registers() throws {
    let folder = try TemporaryDirectory()
    _ = try folder.write(Self.infoPlist, to: "App/Info.plist")
    _ = try folder.write(#"{"cards": 2}"#, to: "hand.deck")
    let with = try runDocrepl(
      ["--types", "App/Info.plist", "-c", "open hand.deck; show"], in: folder.url)
    #expect(with.status == 0, "\(with.errors)")
    #expect(with.output.contains(#""cards""#))
    #expect(
      with.errors
        == "docrepl: note: \(folder.url.path)/App/Info.plist: org.docrepl.cli-test.deck: "
        + "UTImportedTypeDeclarations[0] is ignored: the file also exports this identifier, "
        + "and the exported declaration wins (the imported one conforms to [\"public.data\"], "
        + "the exported one to [\"public.json\"])\n")
    // Without the declarations, nothing declares the extension: the same
    // file is decided by its content, which is text.
    let without = try runDocrepl(["-c", "open hand.deck; docs"], in: folder.url)
    #expect(without.status == 0)
    #expect(without.output == "> hand  public.plain-text  hand.deck\n")
  }

  @Test("--types is given once per file, before a subcommand too")
  func repeatable() throws {
    let folder = try TemporaryDirectory()
    _ = try folder.write(Self.infoPlist, to: "Info.plist")
    _ = try folder.write(
      #"[{"UTTypeIdentifier": "org.docrepl.cli-test.hand", "UTTypeConformsTo": "public.json", "UTTypeTagSpecification": {"public.filename-extension": "hand"}}]"#,
      to: "more.json")
    _ = try folder.write(#"{"n": 1}"#, to: "a.hand")
    _ = try folder.write("open a.hand\nshow\n", to: "s.docscript")
    let result = try runDocrepl(
      ["--types", "Info.plist", "--types=more.json", "run", "s.docscript"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains(#""n""#))
  }

  @Test(
    "A missing file exits 66 and a malformed one 65, each naming the file, before anything runs")
  func errors() throws {
    let folder = try TemporaryDirectory()
    let missing = try runDocrepl(
      ["--types", "nope.plist", "-c", "new text t; save t.txt"], in: folder.url)
    #expect(missing.status == 66)
    #expect(missing.errors.hasPrefix("docrepl: error: --types: \(folder.url.path)/nope.plist: "))
    _ = try folder.write("<plist><dict><key>UTExportedTypeDeclarations</key>", to: "bad.plist")
    let bad = try runDocrepl(
      ["--types", "bad.plist", "-c", "new text t; save t.txt"], in: folder.url)
    #expect(bad.status == 65)
    #expect(
      bad.errors.hasPrefix(
        "docrepl: error: --types: \(folder.url.path)/bad.plist: not a valid XML property list"))
    #expect(!FileManager.default.fileExists(atPath: folder("t.txt").path))
  }
}
