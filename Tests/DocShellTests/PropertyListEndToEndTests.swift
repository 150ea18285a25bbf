import DocTestSupport
import Foundation
import Testing

/// Property lists through the built program: an Info.plist, an
/// entitlements file and a project.pbxproj open by their names, edits by
/// pointer change only their values' bytes, and Python's plistlib reads
/// what is saved.
@Suite("Property lists, end to end")
struct PropertyListEndToEndTests {
  static let info = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleName</key>
    \t<string>Trips &amp; Tours</string>
    \t<key>CFBundleVersion</key>
    \t<string>7</string>
    \t<key>UIFileSharingEnabled</key>
    \t<true></true>
    </dict>
    </plist>

    """

  @Test("A Localizable.strings opens as plist by its extension; an edit keeps every other byte")
  func stringsFile() throws {
    let folder = try TemporaryDirectory("plist")
    let text = """
      /* Header */

      /* The title */
      "title" = "Trips & Tours";

      // A button
      "book" = "R\\U00e9server \\"now\\"";

      """
    try Data(text.utf8).write(to: folder("Localizable.strings"))
    let result = try runDocrepl(
      [
        "-c",
        "open Localizable.strings; type /title; get /book --raw; set /title '\"Trips\"'; set /new '\"x\"'; save",
      ],
      in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "string\nRéserver \"now\"\n")
    let saved = try String(contentsOf: folder("Localizable.strings"), encoding: .utf8)
    #expect(
      saved
        == text.replacingOccurrences(of: "\"Trips & Tours\"", with: "\"Trips\"")
        + "\"new\" = \"x\";\n")
  }

  @Test("An Info.plist: get, set with a typed date and data, save; plistlib reads it")
  func infoPlist() throws {
    let folder = try TemporaryDirectory("plist")
    try Data(Self.info.utf8).write(to: folder("Info.plist"))
    try Data([0, 1, 2, 255]).write(to: folder("blob.bin"))
    let result = try runDocrepl(
      [
        "-c",
        "open Info.plist; type /UIFileSharingEnabled; get /CFBundleName --raw; keys ''; set /CFBundleVersion '\"8\"'; set /Released --date 2026-12-04T10:00:00Z; set /Blob --data @blob.bin; set /Count 3; get /Count; save",
      ], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output
        == "boolean\nTrips & Tours\n\"CFBundleName\"\n\"CFBundleVersion\"\n\"UIFileSharingEnabled\"\n<integer>3</integer>\n"
    )
    let saved = try Data(contentsOf: folder("Info.plist"))
    let expected =
      Self.info.replacingOccurrences(of: "<string>7</string>", with: "<string>8</string>")
      .replacingOccurrences(
        of: "\t<true></true>\n",
        with:
          "\t<true></true>\n\t<key>Released</key>\n\t<date>2026-12-04T10:00:00Z</date>\n\t<key>Blob</key>\n\t<data>\n\tAAEC/w==\n\t</data>\n\t<key>Count</key>\n\t<integer>3</integer>\n"
      )
    #expect(saved == Data(expected.utf8))
    let python = try runProgram(
      URL(fileURLWithPath: "/usr/bin/python3"),
      [
        "-c",
        "import plistlib,sys; v = plistlib.load(open(sys.argv[1], 'rb')); print(v['CFBundleName'], v['CFBundleVersion'], v['Released'].isoformat(), v['Blob'].hex(), v['Count'])",
        folder("Info.plist").path,
      ])
    #expect(python.output == "Trips & Tours 8 2026-12-04T10:00:00 000102ff 3\n", "\(python.errors)")
  }

  @Test("--real, --integer and --string name the type; null and two types are refused")
  func typedValues() throws {
    let folder = try TemporaryDirectory("plist")
    try Data(Self.info.utf8).write(to: folder("Info.plist"))
    let result = try runDocrepl(
      [
        "-c",
        "open Info.plist; set /R 3 --real; get /R; set /I 0x10 --integer; get /I; set /S 12 --string; get /S; type /S; expect-error 'no null' set /N null; expect-error 'different types' set /D 1 --real --string; get /CFBundleName --json",
      ], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output
        == "<real>3</real>\n<integer>16</integer>\n<string>12</string>\nstring\n\"Trips & Tours\"\n"
    )
  }

  @Test("Undo in a script gives the file's exact bytes back")
  func undoRestoresBytes() throws {
    let folder = try TemporaryDirectory("plist")
    try Data(Self.info.utf8).write(to: folder("Info.plist"))
    let result = try runDocrepl(
      [
        "-c",
        "open Info.plist; set /CFBundleName '\"X\"'; remove /UIFileSharingEnabled; insert /New '[1, 2]'; undo; undo; undo; save",
      ], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(try Data(contentsOf: folder("Info.plist")) == Data(Self.info.utf8))
  }

  @Test("project.pbxproj and .entitlements open as property lists by their names")
  func byName() throws {
    let folder = try TemporaryDirectory("plist")
    let project = "// !$*UTF8*$!\n{\n\tobjectVersion = 56;\n\tobjects = {\n\t};\n}\n"
    try Data(project.utf8).write(to: folder("project.pbxproj"))
    try Data(Self.info.utf8).write(to: folder("App.entitlements"))
    let result = try runDocrepl(
      [
        "-c",
        "open project.pbxproj; set /objectVersion 77; save; open App.entitlements; type /CFBundleVersion",
      ], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasSuffix("string\n"))
    #expect(
      try Data(contentsOf: folder("project.pbxproj"))
        == Data(project.replacingOccurrences(of: "56", with: "77").utf8))
  }

  @Test("A malformed plist is refused with its line and column, and nothing is written")
  func malformed() throws {
    let folder = try TemporaryDirectory("plist")
    let broken = "<plist>\n<dict>\n\t<key>A</key>\n\t<strin>x</strin>\n</dict>\n</plist>\n"
    try Data(broken.utf8).write(to: folder("Broken.plist"))
    let result = try runDocrepl(["-c", "open Broken.plist"], in: folder.url)
    #expect(result.status != 0)
    #expect(result.errors.contains("4:2"), "\(result.errors)")
    #expect(result.errors.contains("unknown tag <strin>"), "\(result.errors)")
    #expect(try Data(contentsOf: folder("Broken.plist")) == Data(broken.utf8))
  }

  @Test("check plist holds every invariant, on a new document and on an Info.plist and a pbxproj")
  func check() throws {
    let folder = try TemporaryDirectory("plist")
    try Data(Self.info.utf8).write(to: folder("Info.plist"))
    let project =
      "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = X; list = (a, \"b c\", ); };\n\t};\n}\n"
    try Data(project.utf8).write(to: folder("project.pbxproj"))
    for from in [[], ["--from", "Info.plist"], ["--from", "project.pbxproj"]] {
      let result = try runDocrepl(
        ["check", "plist", "--seed", "7", "--runs", "10", "--steps", "50"] + from, in: folder.url)
      #expect(result.status == 0, "\(from): \(result.output) \(result.errors)")
      #expect(result.output.contains("every invariant held"), "\(result.output)")
    }
  }
}
