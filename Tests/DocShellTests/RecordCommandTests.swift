import DocTestSupport
import Foundation
import Testing

/// `record` through the built binary: a session recorded by `docrepl run`
/// passes `docrepl test`.
@Suite("docrepl record")
struct RecordCommandTests {
  @Test("A recording made by run, failing command included, passes test")
  func recordThenTest() throws {
    let folder = try TemporaryDirectory("record")
    try folder.write(
      """
      record s.docscript
      new json Trip
      set /a '[1, 2]'
      get /a
      use Trp
      set-text <<EOF
      one
      EOF
      record stop

      """, to: "r.docscript")
    let run = try runDocrepl(["run", "r.docscript"], in: folder.url)
    #expect(run.status == 1)
    #expect(run.output.hasPrefix("recording to s.docscript\n"))
    let recorded = try String(contentsOf: folder("s.docscript"), encoding: .utf8)
    #expect(recorded.contains("use Trp\n#! error: no document named 'Trp'\n"))
    #expect(recorded.contains("set-text <<EOF\none\nEOF\n#! error: "))
    let test = try runDocrepl(["test", "s.docscript"], in: folder.url)
    #expect(test.status == 0, "\(test.output)\(test.errors)")
    #expect(test.output.hasSuffix("1 passed, 0 failed\n"))
  }
}
