import DocTestSupport
import Foundation
import Testing

/// Messages a new user meets at the prompt, each saying what to do, and
/// output that cannot be misread: run through the built binary.
@Suite("Messages at the workbench")
struct WorkbenchMessagesTests {
  @Test(
    "'let y=3' and its kin suggest the statement with blanks around '='",
    arguments: [
      ("let y=3", "let y = 3"), ("let y= 3", "let y = 3"), ("let y =3", "let y = 3"),
      ("let title=Weekly", "let title = Weekly"),
    ])
  func letWithoutBlanks(_ statement: String, _ suggestion: String) throws {
    let result = try runDocrepl(["-c", statement])
    #expect(result.status != 0)
    #expect(
      result.errors.contains("note: write blanks around '=': \(suggestion)\n"), "\(result.errors)")
  }

  @Test("A name that is not a name keeps the quoting advice")
  func letBadName() throws {
    let result = try runDocrepl(["-c", "let 3y=3"])
    #expect(result.errors.contains("invalid variable name"))
    #expect(result.errors.contains("note: quote a value that has blanks"), "\(result.errors)")
  }

  @Test("A value typed with a key twice is refused, naming the key and where; a file's are read")
  func duplicateKeys() throws {
    let folder = try TemporaryDirectory("dup")
    let typed = try runDocrepl(
      ["-c", #"new json j; set /b '{"a":[{"k":1,"k":2}]}'; expect dirty"#], in: folder.url)
    #expect(typed.status != 0)
    #expect(
      typed.errors.contains(
        #"error: VALUE is not a JSON literal: the key "k" appears more than once in /a/0; a pointer could address neither"#
      ), "\(typed.errors)")
    // Nothing was set: the document is not dirty.
    #expect(
      typed.errors.contains("expected the document to be dirty; it is clean"), "\(typed.errors)")
    try folder.write(#"{"k": 1, "k": 2}"#, to: "d.json")
    let file = try runDocrepl(["-c", "open d.json; show"], in: folder.url)
    #expect(file.status == 0, "\(file.errors)")
    #expect(file.output == #"{"k": 1, "k": 2}"# + "\n")
  }

  @Test("'autosave now' says where it wrote, or that there was nothing to write")
  func autosaveNowSaysWhere() throws {
    let folder = try TemporaryDirectory("autosave")
    let state = try TemporaryDirectory("state")
    let result = try runDocrepl(
      [
        "-c",
        "new text t; autosave now; append x; autosave now; save t.txt; append y; autosave now; close --discard",
      ], in: folder.url, environment: ["XDG_STATE_HOME": state.url.path])
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n").map(String.init)
    try #require(lines.count == 3, "\(result.output)")
    #expect(lines[0] == "nothing to autosave: the document has no unsaved changes")
    #expect(
      lines[1].firstMatch(
        of: /^autosaved to .*\/docrepl\/autosave\/Untitled-1-[0-9]+-[0-9a-f]+\.txt$/)
        != nil, "\(lines[1])")
    #expect(lines[2] == "autosaved to t.txt")
    #expect(try String(contentsOf: folder("t.txt"), encoding: .utf8) == "x\ny\n")
  }

  @Test("A file name holding a line break is escaped in 'status' and 'docs', as 'tree' escapes it")
  func lineBreakInFileName() throws {
    let folder = try TemporaryDirectory("names")
    let result = try runDocrepl(
      ["-c", "new text t; append x; save-as 'two\nlines.txt'; status; docs"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("file:      two\\nlines.txt\n"), "\(result.output)")
    #expect(result.output.contains("> t  public.plain-text  two\\nlines.txt\n"), "\(result.output)")
    #expect(!result.output.contains("two\nlines"))
  }

  @Test(
    "diff warns of lines that look the same but differ in their bytes, spelling their scalars; the diff stays as diff -u prints it"
  )
  func lookalikeLines() throws {
    let result = try runDocrepl([
      "-c",
      "new text t; append café; append x; append same; snapshot a; set-line 1 'cafe\u{301}'; set-line 2 'x '; diff a; close --discard",
    ])
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output == """
        a
        --- a
        +++ t (current)
        @@ -1,3 +1,3 @@
        -café
        -x
        +cafe\u{301}
        +x\u{20}
         same

        """)
    let warnings = result.errors.split(separator: "\n").filter { $0.contains("warning:") }
    #expect(
      warnings.map { $0.drop { $0 != "w" } } == [
        "warning: lines -1 'caf\\u{e9}' and +1 'cafe\\u{301}' look the same but differ in their bytes",
        "warning: lines -2 'x' and +2 'x\\u{20}' look the same but differ in their bytes",
      ], "\(result.errors)")
  }

  @Test("A line changed visibly is shown as it is")
  func visibleChange() throws {
    let result = try runDocrepl([
      "-c", "new text t; append café; snapshot a; set-line 1 'cafés'; diff a; close --discard",
    ])
    #expect(result.output.contains("-café\n+cafés\n"), "\(result.output)")
    #expect(!result.errors.contains("look the same"))
  }
}

/// Messages that name what is wrong before what is missing.
@Suite("Messages at the workbench: what is wrong first")
struct WorkbenchWrongFirstTests {
  @Test("'set /a 1' without a JSON document says that a pointer needs one")
  func pointerWithoutJSON() throws {
    let text = try runDocrepl(["-c", "new text t; set /a 1"])
    #expect(text.status != 0)
    #expect(
      text.errors.contains(
        "error: 'set /a' sets a value in a JSON document, and the current document 't' is public.plain-text"
      ), "\(text.errors)")
    let none = try runDocrepl(["-c", "set /a 1"])
    #expect(none.errors.contains("and no document is open"), "\(none.errors)")
    let setting = try runDocrepl(["-c", "set bial on"])
    #expect(setting.errors.contains("error: unknown setting 'bial'"), "\(setting.errors)")
  }

  @Test("'note frob' is an unknown action, with or without an ID")
  func unknownActionFirst() throws {
    for command in ["note frob", "note frob x", "note ad x y"] {
      let result = try runDocrepl(["-c", "new notes n; \(command)"])
      #expect(result.status != 0)
      #expect(!result.errors.contains("missing ID"), "\(command): \(result.errors)")
      #expect(result.errors.contains("error: unknown"), "\(command): \(result.errors)")
    }
    let suggestion = try runDocrepl(["-c", "new notes n; note ad"])
    #expect(suggestion.errors.contains("note: did you mean 'add'?"), "\(suggestion.errors)")
    let missing = try runDocrepl(["-c", "new notes n; note add"])
    #expect(missing.errors.contains("error: missing ID for 'note'"), "\(missing.errors)")
  }

  @Test("'record' of an empty name says so, and suggests no --replace")
  func recordEmptyName() throws {
    let folder = try TemporaryDirectory("record")
    let result = try runDocrepl(["-c", "record ''"], in: folder.url)
    #expect(result.status != 0)
    #expect(
      result.errors.contains("error: 'record' needs a file name; '' is empty"), "\(result.errors)")
    #expect(!result.errors.contains("--replace"))
    try FileManager.default.createDirectory(
      at: folder("folder"), withIntermediateDirectories: true)
    let onFolder = try runDocrepl(["-c", "record folder"], in: folder.url)
    #expect(onFolder.status != 0)
    #expect(!onFolder.errors.contains("--replace"), "\(onFolder.errors)")
  }
}
