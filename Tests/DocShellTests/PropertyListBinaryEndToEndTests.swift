import DocTestSupport
import Foundation
import Testing

/// Binary and JSON property lists through the built program: a keyed
/// archive written by plistlib is shown as XML, edited and saved as
/// binary; `convert json` saves JSON and undo brings the binary back.
@Suite("Property lists, binary and JSON, end to end")
struct PropertyListBinaryEndToEndTests {
  static let python = URL(fileURLWithPath: "/usr/bin/python3")

  @Test(
    "A keyed archive: show says it is binary, set and save keep its UIDs; convert json saves JSON")
  func keyedArchive() throws {
    let folder = try TemporaryDirectory("bplist")
    let made = try runProgram(
      Self.python,
      [
        "-c",
        "import plistlib, sys; plistlib.dump({'$archiver': 'NSKeyedArchiver', '$top': {'root': plistlib.UID(1)}, '$objects': ['$null', 'Trip']}, open(sys.argv[1], 'wb'), fmt=plistlib.FMT_BINARY, sort_keys=False)",
        folder("Trip.plist").path,
      ])
    #expect(made.status == 0, "\(made.errors)")
    let original = try Data(contentsOf: folder("Trip.plist"))
    let unchanged = try runDocrepl(["-c", "open Trip.plist; save"], in: folder.url)
    #expect(unchanged.status == 0, "\(unchanged.errors)")
    #expect(try Data(contentsOf: folder("Trip.plist")) == original)
    let result = try runDocrepl(
      [
        "-c",
        "open Trip.plist; show; set /\\$objects/1 '\"Lisbon\"'; save",
      ], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("<!-- a binary property list (bplist00), shown as XML -->\n"))
    #expect(result.output.contains("<key>CF$UID</key>"))
    let read = try runProgram(
      Self.python,
      [
        "-c",
        "import plistlib, sys; f = open(sys.argv[1], 'rb'); assert f.read(8) == b'bplist00'; f.seek(0); v = plistlib.load(f); print(v['$top']['root'], v['$objects'])",
        folder("Trip.plist").path,
      ])
    #expect(read.output == "UID(1) ['$null', 'Lisbon']\n", "\(read.errors)")
    let json = try runDocrepl(
      ["-c", "open Trip.plist; convert json; save-to Trip.json; undo; save"], in: folder.url)
    #expect(json.status == 0, "\(json.errors)")
    let text = try String(contentsOf: folder("Trip.json"), encoding: .utf8)
    #expect(text.contains("\"CF$UID\": 1"))
    #expect(try Data(contentsOf: folder("Trip.plist")).starts(with: Array("bplist00".utf8)))
  }
}
