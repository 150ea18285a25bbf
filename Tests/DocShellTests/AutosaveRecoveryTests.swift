import DocTestSupport
import Foundation
import Glibc
import Testing

/// When an untitled document's autosave goes and when it stays, and
/// `recover`, through the built binary.
@Suite("docrepl autosave removal and recover")
struct AutosaveRecoveryTests {
  @Test("Saving an untitled document, or closing it, removes its autosave")
  func removedOnSaveAndClose() throws {
    let state = try AutosaveState()
    for commands in [
      "save out.txt", "save-as out.txt --replace", "close --discard",
      // Undone back to clean: nothing to lose, and closing needs no --discard.
      "undo; close",
    ] {
      let result = try state.run("new text; append x; autosave now; " + commands)
      #expect(result.status == 0, "\(commands): \(result.errors)")
      #expect(state.names() == [], "\(commands)")
    }
    // A copy leaves the document untitled: its autosave stays until the end.
    let copy = try state.run("new text; append x; autosave now; save-to copy.txt; close --discard")
    #expect(copy.status == 0, "\(copy.errors)")
    #expect(state.names() == [])
  }

  @Test("Leaving the prompt and discarding the changes removes the autosave")
  func removedWhenDiscardedAtThePrompt() throws {
    let state = try AutosaveState()
    let session = try PseudoTerminal(environment: state.environment, in: state.folder.url)
    try session.expect("docrepl > ")
    try session.send("new text draft\r")
    try session.expect("draft > ")
    try session.send("append gone; autosave now\r")
    try session.expect("draft* > ")
    #expect(state.names().count == 1)
    try session.send("quit\r")
    try session.expect("discard changes to draft? [y/N] ")
    try session.send("y\r")
    #expect(try session.waitForExit() == 0)
    #expect(state.names() == [])
  }

  @Test("Input that ends, and a killed process, leave the autosave of unsaved work")
  func keptWhenNotDiscarded() throws {
    let state = try AutosaveState()
    let result = try state.run("new text; append kept; autosave now; quit")
    #expect(result.status == 0)
    let name = try #require(state.names().first)
    #expect(
      result.errors
        == "docrepl: warning: 'untitled-1' has unsaved changes, which are discarded; its autosave \(name) is kept, for 'recover'\n"
    )
    #expect(try state.contents() == ["kept\n"])

    let session = try PseudoTerminal(environment: state.environment, in: state.folder.url)
    try session.expect("docrepl > ")
    try session.send("new text draft; append survives; autosave now\r")
    try session.expect("draft* > ")
    kill(session.processID, SIGKILL)
    #expect(try session.waitForExit() == 128 + SIGKILL)
    #expect(try state.contents().sorted() == ["kept\n", "survives\n"])
  }

  @Test("recover lists what is left, opens one as an untitled document, and keeps it until saved")
  func recover() throws {
    let state = try AutosaveState()
    try state.run("new text; append 'left over'; autosave now")
    let left = try #require(state.names().first)

    // Listed with its type, size and time; the time as the fixed clock's.
    let listing = try state.run("recover", environment: ["SOURCE_DATE_EPOCH": "0"])
    #expect(listing.errors == "")
    #expect(listing.output == "\(left)  public.plain-text  10 bytes  1970-01-01T00:00:00Z\n")

    // Opened: untitled, with unsaved changes; no longer listed.
    let opened = try state.run("recover \(left) as r; status; show; recover")
    #expect(
      opened.output == """
        document:  r
        dirty:     yes
        changes:   0
        file:      (untitled)
        type:      public.plain-text
        on disk:   untitled
        left over
        no autosaves to recover

        """)
    // The input ended without a save: the autosave stays, renamed to a
    // name of the process that recovered it, with the same text.
    let kept = try #require(state.names().first)
    #expect(state.names().count == 1)
    #expect(kept != left)
    #expect(opened.errors.contains("its autosave \(kept) is kept"))
    #expect(try state.contents() == ["left over\n"])

    // Saved: the autosave goes.
    let saved = try state.run("recover \(kept); append more; save out.txt; recover")
    #expect(saved.status == 0, "\(saved.errors)")
    #expect(saved.output == "no autosaves to recover\n")
    #expect(state.names() == [])
    #expect(
      try String(contentsOf: state.folder("out.txt"), encoding: .utf8) == "left over\nmore\n")
  }

  @Test("recover refuses what it cannot open, and a command taken back gives the autosave back")
  func recoverRefusalsAndTakingBack() throws {
    let state = try AutosaveState()
    try state.run("new text; append one; autosave now")
    let left = try #require(state.names().first)
    let near = String(left.dropLast(5)) + "x.txt"
    let missing = try state.run("recover \(near)")
    #expect(missing.status == 1)
    #expect(missing.errors.contains("error: no autosave named '\(near)'"))
    #expect(missing.errors.contains("note: did you mean '\(left)'?"))

    // The autosave of a document open in this process is not offered.
    let own = try state.run("new text mine; append x; autosave now; recover")
    let lines = own.output.split(separator: "\n")
    try #require(lines.count == 2, "\(own.output)")
    #expect(lines[0].hasPrefix("autosaved to "))
    #expect(lines[1].hasPrefix("\(left)  public.plain-text  4 bytes  "))
    #expect(state.names().count == 2)

    // expect-error takes back what its command did: the recovered
    // document is closed, and its autosave is back under its name.
    let takenBack = try state.run("expect-error '' recover \(left); recover; docs")
    #expect(takenBack.errors.contains("it succeeded"))
    #expect(takenBack.output.hasPrefix("\(left)  public.plain-text  4 bytes  "))
    #expect(state.names().contains(left))
  }

  @Test("recover reads nothing from an autosave folder that others may write")
  func recoverRefusesAnUnsafeFolder() throws {
    let state = try AutosaveState()
    try state.run("new text; append one; autosave now")
    chmod(state.autosaves.path, 0o777)
    let listing = try state.run("recover")
    #expect(listing.status == 1)
    #expect(listing.output == "")
    #expect(
      listing.errors.contains(
        "the autosave folder may be written by others (mode 0777); make it private: chmod 700"),
      "\(listing.errors)")
    let left = try #require(state.names().first)
    let opening = try state.run("recover \(left)")
    #expect(opening.status == 1)
    #expect(state.names() == [left])
  }

  @Test("recover's listing repeats under docrepl test, with the clock fixed")
  func recoverUnderTest() throws {
    let folder = try TemporaryDirectory("suite")
    try folder.write(
      """
      new text a
      append x
      autosave now
      #> autosaved to .docrepl-autosave/Untitled-1-*.txt (glob)
      save-to .docrepl-autosave/Untitled-9.txt
      recover
      #> Untitled-9.txt  public.plain-text  2 bytes  1970-01-01T00:00:00Z
      recover Untitled-9.txt as b
      show
      #> x
      docs
      #>   a*  public.plain-text  (untitled)
      #> > b*  public.plain-text  (untitled)

      """, to: "recover.docscript")
    let result = try runDocrepl(["test", "recover.docscript"], in: folder.url)
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.hasSuffix("1 passed, 0 failed\n"))
  }
}
