import DocTestSupport
import Foundation
import Testing

/// Text addresses and JSON queries (issue 34) through the built binary:
/// a script opens real files, asks its questions, edits by address and
/// saves; the files on disk and what the program printed tell.
@Suite("Addresses and queries end to end")
struct AddressQueryEndToEndTests {
  @Test("find, line N,$ and delete -K,$ on a text file, then save")
  func textAddresses() throws {
    let folder = try TemporaryDirectory()
    try folder.write("milk\neggs\nbread\noat milk\nbutter\n", to: "list.txt")
    try folder.write(
      "open list.txt\nfind /milk$/\nline $-1,$\ndelete -2,$\nline $\nsave\n", to: "s.docscript")
    let result = try runDocrepl(["run", "s.docscript"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "1\tmilk\n4\toat milk\noat milk\nbutter\nbread\n")
    let after = try String(decoding: Data(contentsOf: folder("list.txt")), as: UTF8.self)
    #expect(after == "milk\neggs\nbread\n")
  }

  @Test("keys, length, type and get --raw with * on a JSON file")
  func jsonQueries() throws {
    let folder = try TemporaryDirectory()
    try folder.write(
      #"{"trip": "Lisbon \u2708", "stops": [{"city": "Porto"}, {"day": 2}, {"city": "Faro"}]}"#,
      to: "trip.json")
    try folder.write(
      "open trip.json\nkeys ''\nlength /stops\ntype /stops/1/day\nget /trip --raw\n"
        + "get /stops/*/city --raw\nlength /trip\n",
      to: "s.docscript")
    let result = try runDocrepl(["run", "s.docscript"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output == "\"trip\"\n\"stops\"\n3\nnumber\nLisbon \u{2708}\nPorto\nFaro\n8\n")
  }

  @Test("A query that matches nothing fails with file:line:col and a caret")
  func noMatch() throws {
    let folder = try TemporaryDirectory()
    try folder.write("one\n", to: "a.txt")
    try folder.write("open a.txt\nfind /two/\n", to: "s.docscript")
    let result = try runDocrepl(["run", "s.docscript"], in: folder.url)
    #expect(result.status == 1)
    #expect(
      result.errors.hasPrefix(
        "s.docscript:2:6: error: /two/ matches no line\nfind /two/\n     ^~~~~"))
  }
}
