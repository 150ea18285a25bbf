import DocFormats
import DocScript
import DocTestSupport
import Foundation
import Testing

/// The language's own commands: each one's success, and each of its
/// errors with its exact message, location and notes.
enum BuiltinCases {
  /// Two untitled text documents; `t` is current, has something to undo
  /// and something to redo, and a snapshot `s1`.
  static let base = """
    new text other
    append o1
    new text t
    append one
    append two
    append three
    undo
    snapshot s1
    """

  /// `a.txt` and a malformed `bad.json` in the working folder.
  static let files = ["a.txt": "hi\n", "bad.json": "{\"a\": [1, 2,, 3]}", "dir/f": "x"]

  static let text = "public.plain-text, public.utf8-plain-text, net.daringfireball.markdown"

  static let documents: [CommandCase] = [
    .succeeds("new text", after: base),
    .succeeds("new markdown notes2", after: base),
    .succeeds("new public.json j", after: base),
    .fails(
      "new jsn", after: base, on: "jsn", "unknown document type 'jsn'",
      notes: ["did you mean 'json'?"]),
    .fails(
      "new public.jsn", after: base, on: "public.jsn", "unknown document type 'public.jsn'",
      notes: ["did you mean 'public.json'?"]),
    .fails(
      "new spreadsheet", after: base, on: "spreadsheet", "unknown document type 'spreadsheet'",
      notes: ["the types are binary, json, jsonc, markdown, notes, plist, text"]),
    .fails("new text t", after: base, at: 10, "a document named 't' is already open"),
    // `open` names a document after its file, blanks and all; `new` and
    // `as` take every such name, so that a recording replays it.
    .succeeds("new text \"a b\"", after: base),
    .fails("new text ''", after: base, at: 10, width: 2, "a document name must not be empty"),
    .fails(
      "new", after: base, at: 4, "missing TYPE for 'new'", notes: ["usage: new TYPE [NAME]"]),
    .fails(
      "new text a b", after: base, at: 12, "unexpected argument 'b' for 'new'",
      notes: ["quote an argument that has blanks", "usage: new TYPE [NAME]"]),
    .fails(
      "new text --doc t", after: base, on: "--doc", "unknown option '--doc' for 'new'",
      notes: ["usage: new TYPE [NAME]"]),
    .fails(
      "group g { new text }", after: base, on: "new", "'new' cannot run inside a group",
      notes: [
        "nothing in the group 'g' was kept",
        "a group holds edits, which become one undo step; save after it",
      ]),

    .succeeds("open a.txt", after: base).with(files: files),
    .succeeds("open a.txt as b --type public.plain-text", after: base).with(files: files),
    .fails("open nope.txt", after: base, on: "nope.txt", "no such file 'nope.txt'"),
    .fails("open a.txt as t", after: base, at: 15, "a document named 't' is already open")
      .with(files: files),
    .fails(
      "open a.txt", after: base + "\nopen a.txt", on: "a.txt",
      "a document named 'a' is already open",
      notes: ["open it under another name with 'as NAME'"]
    ).with(files: files),
    .fails(
      "open a.txt --type public.jsn", after: base, on: "public.jsn", "unknown type 'public.jsn'",
      notes: ["did you mean 'public.json'?"]
    ).with(files: files),
    .fails(
      "open a.txt --type nope", after: base, on: "nope", "unknown type 'nope'",
      notes: ["'types' lists the types a document reads and writes"]
    ).with(files: files),
    .fails(
      "open bad.json", after: base, on: "bad.json",
      "bad.json:1:13: unexpected ',', expected a value"
    ).with(files: files),
    .fails(
      "open a.txt --type public.json", after: base, on: "a.txt",
      "a.txt:1:1: unexpected 'h', expected a value"
    ).with(files: files),
    .fails(
      "open a.txt as", after: base, on: "as", "'as' needs a value",
      notes: ["usage: open PATH [as NAME] [--type UTI] [--encoding ENCODING]"]
    ).with(files: files),
    .fails(
      "open a.txt as b as c", after: base, at: 17, width: 2, "'as' is given twice",
      notes: ["usage: open PATH [as NAME] [--type UTI] [--encoding ENCODING]"]
    ).with(files: files),
    .fails(
      "open", after: base, at: 5, "missing PATH for 'open'",
      notes: ["usage: open PATH [as NAME] [--type UTI] [--encoding ENCODING]"]),

    .succeeds("use other", after: base),
    .fails(
      "use othr", after: base, on: "othr", "no document named 'othr'",
      notes: ["did you mean 'other'?"]),
    .fails(
      "use zzz", after: base, on: "zzz", "no document named 'zzz'",
      notes: ["'docs' lists the open documents"]),

    .succeeds("close other --discard", after: base),
    .succeeds("close", after: "new text c"),
    // Closing the current document makes the one current before it
    // current again, and says so.
    .succeeds("close --discard", after: base, prints: "current document: other\n")
      .then("append o2\nshow", prints: "o1\no2\n"),
    .succeeds(
      "close --discard", after: base + "\nnew text third\nuse t",
      prints: "current document: third\n"),
    .succeeds("close other --discard", after: base).then("show", prints: "one\ntwo\n"),
    .fails(
      "close other", after: base, on: "other", "'other' has unsaved changes",
      notes: ["save it, or close it with --discard"]),
    .fails(
      "close", after: base, on: "close", "'t' has unsaved changes",
      notes: ["save it, or close it with --discard"]),
    .fails(
      "close nope", after: base, on: "nope", "no document named 'nope'",
      notes: ["'docs' lists the open documents"]),
    .fails(
      "close --discard", after: "", on: "close", "no document is open",
      notes: ["create one with 'new', or 'open' a file"]),

    .succeeds(
      "docs", after: base,
      prints: """
          other*  public.plain-text  (untitled)
        > t*      public.plain-text  (untitled)

        """),
    .succeeds(
      "docs", after: "open a.txt\nnew json j",
      prints: """
          a  public.plain-text  a.txt
        > j  public.json        (untitled)

        """
    ).with(files: files),
    .succeeds("docs", after: ""),
    .fails(
      "docs x", after: base, on: "x", "unexpected argument 'x' for 'docs'",
      notes: ["quote an argument that has blanks", "usage: docs"]),
  ]

  static let inspecting: [CommandCase] = [
    .succeeds("show", after: base, prints: "one\ntwo\n"),
    .succeeds("show --doc other", after: base, prints: "o1\n"),
    .succeeds("show", after: "new text e"),
    .fails(
      "show --doc nope", after: base, on: "nope", "no document named 'nope'",
      notes: ["'docs' lists the open documents"]),
    .fails(
      "show", after: "", on: "show", "no document is open",
      notes: ["create one with 'new', or 'open' a file"]),
    .fails(
      "show --doc", after: base, on: "--doc", "'--doc' needs a value",
      notes: ["usage: show [--doc NAME]"]),
    .fails(
      "show --dco t", after: base, on: "--dco", "unknown option '--dco' for 'show'",
      notes: ["did you mean '--doc'?", "usage: show [--doc NAME]"]),
    .fails(
      "show --doc t --doc t", after: base, at: 14, width: 5, "'--doc' is given twice",
      notes: ["usage: show [--doc NAME]"]),
    .fails(
      "show t", after: base, on: "t", "unexpected argument 't' for 'show'",
      notes: ["quote an argument that has blanks", "usage: show [--doc NAME]"]),
    .succeeds(
      "status", after: base,
      prints: """
        document:  t
        dirty:     yes
        changes:   2
        file:      (untitled)
        type:      public.plain-text
        on disk:   untitled

        """),
    .succeeds(
      "status --doc a", after: "open a.txt\nnew text other",
      prints: """
        document:  a
        dirty:     no
        changes:   0
        file:      a.txt
        type:      public.plain-text
        on disk:   unchanged since read

        """
    ).with(files: files),
    .fails(
      "status", after: "", on: "status", "no document is open",
      notes: ["create one with 'new', or 'open' a file"]),
    .succeeds("types", after: base, prints: "readable: \(text)\nwritable: \(text)\n"),
    .succeeds(
      "types", after: "new json j",
      prints:
        "readable: public.json, org.docrepl.jsonc\nwritable: public.json, org.docrepl.jsonc\n"),
    .fails(
      "types x", after: base, on: "x", "unexpected argument 'x' for 'types'",
      notes: ["quote an argument that has blanks", "usage: types [--doc NAME]"]),
  ]

  static let snapshots: [CommandCase] = [
    .succeeds("snapshot", after: base, prints: "snap-1\n"),
    .succeeds("snapshot s2 --doc other", after: base, prints: "s2\n"),
    .fails("snapshot s1", after: base, at: 10, width: 2, "a snapshot named 's1' exists"),
    .fails(
      "snapshot \"a b\"", after: base, at: 10, width: 5,
      "a snapshot name must be a word without blanks"),
    .fails(
      "snapshot", after: "", on: "snapshot", "no document is open",
      notes: ["create one with 'new', or 'open' a file"]),
    .succeeds("snapshots", after: base, prints: "s1  t\n"),
    .succeeds(
      "snapshots", after: base + "\nsnapshot --doc other\nsnapshot long-name",
      prints: "s1         t\nsnap-1     other\nlong-name  t\n"),
    .succeeds("snapshots", after: ""),
    .succeeds("diff s1", after: base),
    .succeeds(
      "diff s1", after: base + "\nappend four",
      prints: "--- s1\n+++ t (current)\n@@ -1,2 +1,3 @@\n one\n two\n+four\n"),
    .succeeds(
      "diff s1 s2", after: base + "\nsnapshot s2 --doc other",
      prints: "--- s1\n+++ s2\n@@ -1,2 +1 @@\n-one\n-two\n+o1\n"),
    .fails(
      "diff s2", after: base, on: "s2", "no snapshot named 's2'", notes: ["did you mean 's1'?"]),
    .fails(
      "diff zzz", after: base, on: "zzz", "no snapshot named 'zzz'",
      notes: ["'snapshots' lists them"]),
    .fails(
      "diff s1 s9", after: base, on: "s9", "no snapshot named 's9'",
      notes: ["did you mean 's1'?"]),
    .fails(
      "diff", after: base, at: 5, "missing A for 'diff'",
      notes: ["usage: diff [A] [B] [--disk]", "'diff --disk' compares with the file"]),
    .succeeds("restore s1", after: base + "\nappend four"),
    .fails(
      "restore s9", after: base, on: "s9", "no snapshot named 's9'",
      notes: ["did you mean 's1'?"]),
    .fails(
      "restore", after: base, at: 8, "missing NAME for 'restore'",
      notes: ["usage: restore NAME"]),
  ]

  /// `t` saved as `t.txt`, then edited, with something to redo.
  static let titled = base + "\nsave t.txt\nappend four\nappend five\nundo"

  static let saving: [CommandCase] = [
    .succeeds("save new.txt", after: base),
    .succeeds("save", after: titled),
    .succeeds("save --force", after: titled),
    .fails(
      "save", after: base, on: "save", "the document is untitled",
      notes: ["give it a file: save PATH"]),
    .fails(
      "save other.txt", after: titled, on: "other.txt", "the document already has a file",
      notes: ["use 'save-as PATH' to save it somewhere else"]),
    .fails(
      "save a.txt", after: base, on: "a.txt", "a.txt: the file already exists",
      notes: ["add --replace to replace it"]
    ).with(files: files),
    .succeeds("save a.txt --replace", after: base).with(files: files),
    .fails(
      "save nodir/a.txt", after: base, on: "nodir/a.txt",
      "nodir: openat failed: No such file or directory (the folder of a.txt)"),
    .fails(
      "save --forse", after: titled, on: "--forse", "unknown option '--forse' for 'save'",
      notes: [
        "did you mean '--force'?", "usage: save [PATH] [--force] [--replace] [--doc NAME]",
      ]),
    .succeeds("save-as b.txt", after: titled),
    .succeeds("save-as b.md --type net.daringfireball.markdown", after: base),
    .fails(
      "save-as a.txt", after: titled, on: "a.txt", "a.txt: the file already exists",
      notes: ["add --replace to replace it"]
    ).with(files: files),
    .succeeds("save-as a.txt --replace", after: titled).with(files: files),
    .succeeds("save-as t.txt", after: titled),
    .fails(
      "save-as b.json --type public.json", after: base, on: "public.json",
      "b.json: the document cannot be written as public.json (it writes \(text))"),
    .fails(
      "save-as nodir/b.txt", after: base, on: "nodir/b.txt",
      "nodir: openat failed: No such file or directory (the folder of b.txt)"),
    .fails(
      "save-as b.txt --type nope", after: base, on: "nope", "unknown type 'nope'",
      notes: ["'types' lists the types a document reads and writes"]),
    .fails(
      "save-as", after: base, at: 8, "missing PATH for 'save-as'",
      notes: ["usage: save-as PATH [--type UTI] [--replace] [--force] [--doc NAME]"]),
    .succeeds("save-to c.txt", after: base),
    .fails(
      "save-to a.txt", after: base, on: "a.txt", "a.txt: the file already exists",
      notes: ["add --replace to replace it"]
    ).with(files: files),
    .succeeds("save-to a.txt --replace", after: base).with(files: files),
    .fails(
      "save-to t.txt", after: titled, on: "t.txt",
      "'t.txt' is the document's own file; a copy never replaces it",
      notes: ["use 'save' to save the document, or give the copy another name"]),
    .fails(
      "save-to c.png --type public.png", after: base, on: "public.png",
      "c.png: the document cannot be written as public.png (it writes \(text))"),
    .succeeds("revert", after: titled),
    .fails(
      "revert", after: base, on: "revert", "an untitled document has no file to revert to"),
    .succeeds("autosave on", after: base),
    .succeeds("autosave off", after: base),
    .succeeds("autosave now", after: titled, prints: "autosaved to t.txt\n"),
    .succeeds(
      "autosave now", after: titled + "\nsave",
      prints: "nothing to autosave: the document has no unsaved changes\n"),
    .fails(
      "autosave maybe", after: base, on: "maybe", "expected on, off or now, not 'maybe'"),
    .succeeds("export", after: base, prints: "exported t.txt\n"),
    .succeeds("export --name zz", after: base, prints: "exported zz.txt\n"),
    .succeeds(
      "export --type net.daringfireball.markdown to out.md", after: base,
      prints: "exported out.md\n"),
    .succeeds("export --doc other to dir/o.txt", after: base, prints: "exported dir/o.txt\n")
      .with(files: files),
    .fails(
      "export to sub/o.txt", after: base, on: "sub/o.txt",
      "sub: openat failed: No such file or directory (the folder of o.txt)"),
    .fails(
      "export --type public.png", after: base, on: "public.png",
      "the document cannot be written as public.png (it writes \(text))"),
    .fails(
      "export to a.txt", after: base, on: "a.txt", "a.txt: the file already exists",
      notes: ["add --replace to replace it"]
    ).with(files: files),
    .succeeds("export to a.txt --replace", after: base, prints: "exported a.txt\n")
      .with(files: files),
    .succeeds("export --replace to a.txt", after: base, prints: "exported a.txt\n")
      .with(files: files),
    .fails(
      "export --name a", after: base, on: "export --name a", "a.txt: the file already exists",
      notes: ["add --replace to replace it"]
    ).with(files: files),
    .fails(
      "export to", after: base, on: "to", "'to' needs a value",
      notes: [
        "usage: export [--type UTI] [--name DEFAULT] [--replace] [--force] [to PATH] [--doc NAME]"
      ]),
    .fails(
      "group g { save }", after: titled, on: "save", "'save' cannot run inside a group",
      notes: [
        "nothing in the group 'g' was kept",
        "a group holds edits, which become one undo step; save after it",
      ]),
    .succeeds("recover", after: base, prints: "no autosaves to recover\n"),
    // The harness's autosave folder is `autosave`; a file there that no
    // open document writes is left, whatever wrote it. Its time shows as
    // the fixed clock's (SOURCE_DATE_EPOCH), being later.
    .succeeds(
      "recover", after: base,
      prints: "Untitled-9.txt  public.plain-text  5 bytes  2026-01-01T00:00:00Z\n"
    ).with(files: leftover),
    .succeeds("recover Untitled-9.txt as r", after: base).with(files: leftover)
      .then(
        "status; show; recover",
        prints: """
          document:  r
          dirty:     yes
          changes:   0
          file:      (untitled)
          type:      public.plain-text
          on disk:   untitled
          left
          no autosaves to recover

          """),
    .succeeds("recover Untitled-9.txt", after: base).with(files: leftover)
      .then(
        "docs",
        prints: """
            other*       public.plain-text  (untitled)
            t*           public.plain-text  (untitled)
          > untitled-1*  public.plain-text  (untitled)

          """),
    .fails(
      "recover Untitled-8.txt", after: base, on: "Untitled-8.txt",
      "no autosave named 'Untitled-8.txt'", notes: ["did you mean 'Untitled-9.txt'?"]
    ).with(files: leftover),
    .fails(
      "recover nope", after: base, on: "nope", "no autosave named 'nope'",
      notes: ["'recover' lists the autosaves"]),
    .fails(
      "recover Untitled-9.txt as t", after: base, at: 27, "a document named 't' is already open"
    ).with(files: leftover),
    .fails(
      "group g { recover }", after: base, on: "recover", "'recover' cannot run inside a group",
      notes: [
        "nothing in the group 'g' was kept",
        "a group holds edits, which become one undo step; save after it",
      ]),
  ]

  /// An autosave another process left.
  static let leftover = ["autosave/Untitled-9.txt": "left\n"]

  static let undo: [CommandCase] = [
    .succeeds("undo", after: base, prints: "Undo Append Line\n"),
    .succeeds("redo", after: base, prints: "Redo Append Line\n"),
    .succeeds("undo 2", after: base, prints: "Undo Append Line\nUndo Append Line\n"),
    .succeeds("undo --doc other", after: base, prints: "Undo Append Line\n"),
    .succeeds(
      "undo", after: base + "\ngroup 'Two lines' { append a; append b }",
      prints: "Undo Two lines\n"),
    .succeeds("undo", after: base + "\nrestore s1", prints: "Undo Restore s1\n"),
    .fails("undo 3", after: base, on: "3", "only 2 steps to undo"),
    .fails(
      "undo 99999999999999999999", after: base, on: "99999999999999999999",
      "N 99999999999999999999 is out of range; expected 1 or more"),
    .fails("redo 2", after: base, on: "2", "only 1 step to redo"),
    .fails("undo", after: "new text x", on: "undo", "nothing to undo"),
    .fails("redo --doc other", after: base, on: "redo", "nothing to redo"),
    .fails("undo x", after: base, on: "x", "expected N as a whole number, not 'x'"),
    .fails("undo 0", after: base, on: "0", "N 0 is out of range; expected 1 or more"),
    .fails("redo -1", after: base, on: "-1", "N -1 is out of range; expected 1 or more"),
    .fails(
      "undo 1 2", after: base, on: "2", "unexpected argument '2' for 'undo'",
      notes: ["quote an argument that has blanks", "usage: undo [N] [--doc NAME]"]),
    .fails(
      "group g { undo }", after: base, on: "undo", "'undo' cannot run inside a group",
      notes: [
        "nothing in the group 'g' was kept",
        "a group holds edits, which become one undo step; save after it",
      ]),
  ]

  static let checking: [CommandCase] = [
    .succeeds("expect dirty", after: base),
    .succeeds("expect clean", after: "new text c"),
    .fails(
      "expect clean", after: base, on: "expect clean",
      "expected the document to be clean; it is dirty"),
    .fails(
      "expect dirty", after: "new text c", on: "expect dirty",
      "expected the document to be dirty; it is clean"),
    .succeeds("expect can-undo", after: base),
    .succeeds("expect no-undo", after: "new text c"),
    .fails(
      "expect no-undo", after: base, on: "expect no-undo",
      "expected nothing to undo; 'Undo Append Line' is there"),
    .fails(
      "expect can-undo", after: "new text c", on: "expect can-undo",
      "expected something to undo; there is nothing"),
    .succeeds("expect can-redo", after: base),
    .succeeds("expect no-redo --doc other", after: base),
    .fails(
      "expect no-redo", after: base, on: "expect no-redo",
      "expected nothing to redo; 'Redo Append Line' is there"),
    .fails(
      "expect can-redo --doc other", after: base, on: "expect can-redo --doc other",
      "expected something to redo; there is nothing"),
    .fails(
      "expect dirty now", after: base, on: "now", "'expect dirty' takes no value",
      notes: ["usage: expect dirty [--doc NAME]"]),
    .succeeds("expect show \"one\\ntwo\"", after: base),
    .succeeds("expect show \"one\\ntwo\\n\"", after: base),
    .succeeds("expect show o1 --doc other", after: base),
    .succeeds("expect show ''", after: "new text e"),
    .fails(
      "expect show one", after: base, on: "expect show one", "'show' does not match",
      detail: "--- expected\n+++ actual\n@@ -1 +1,2 @@\n one\n+two"),
    .fails(
      "expect show nope --doc other", after: base, on: "expect show nope --doc other",
      "'show' does not match: expected 'nope', got 'o1'"),
    .fails(
      "expect show", after: base, on: "show", "expected one TEXT after 'expect show'",
      notes: ["usage: expect show TEXT [--doc NAME]"]),
    .fails(
      "expect show a b", after: base, on: "b", "expected one TEXT after 'expect show'",
      notes: ["usage: expect show TEXT [--doc NAME]"]),
    .succeeds("expect file a.txt", after: base).with(files: files),
    .succeeds("expect file a.txt \"hi\\n\"", after: base).with(files: files),
    .succeeds("expect file dir", after: base).with(files: files),
    .succeeds("expect file a.txt", after: "").with(files: files),
    .fails(
      "expect file nope.txt", after: base, on: "nope.txt",
      "expected 'nope.txt' to exist; it does not"),
    .fails(
      "expect file a.txt nope", after: base, on: "nope",
      "'a.txt' does not hold the expected bytes: expected 'nope', got 'hi'"
    ).with(files: files),
    .fails(
      "expect file a.txt hi", after: base, on: "hi",
      "'a.txt' does not hold the expected bytes: expected 'hi', got 'hi\\n'"
    ).with(files: files),
    .fails(
      "expect file a.txt \"one\\ntwo\\n\"", after: base, on: "\"one\\ntwo\\n\"",
      "'a.txt' does not hold the expected bytes",
      detail: "--- expected\n+++ actual\n@@ -1,2 +1 @@\n-one\n-two\n+hi"
    ).with(files: files),
    .fails("expect file dir x", after: base, on: "dir", "'dir' is not a regular file")
      .with(files: files),
    .fails(
      "expect file", after: base, on: "expect", "expected PATH [TEXT] after 'expect file'",
      notes: ["usage: expect file PATH [TEXT]"]),
    .fails(
      "expect file a b c", after: base, at: 17, "expected PATH [TEXT] after 'expect file'",
      notes: ["usage: expect file PATH [TEXT]"]),
    .succeeds(
      "expect sha256 a.txt 98ea6e4f216f2fb4b69fff9b3a44842c38686ca685f3f55dc48c5d3fb1107be4",
      after: ""
    ).with(files: files),
    .succeeds(
      "expect sha256 a.txt 98EA6E4F216F2FB4B69FFF9B3A44842C38686CA685F3F55DC48C5D3FB1107BE4",
      after: base
    ).with(files: files),
    .fails(
      "expect sha256 a.txt 00", after: base, on: "00",
      "expected sha256 00 for 'a.txt', got 98ea6e4f216f2fb4b69fff9b3a44842c38686ca685f3f55dc48c5d3fb1107be4"
    ).with(files: files),
    .fails("expect sha256 nope.txt 00", after: base, on: "nope.txt", "no such file 'nope.txt'"),
    .fails(
      "expect sha256 a.txt", after: base, on: "sha256",
      "expected PATH and HEX after 'expect sha256'", notes: ["usage: expect sha256 PATH HEX"]),
    .fails(
      "expect dirt", after: base, on: "dirt", "unknown expectation 'dirt'",
      notes: ["did you mean 'dirty'?"]),
    .fails(
      "expect zzzzzz", after: base, on: "zzzzzz", "unknown expectation 'zzzzzz'",
      notes: [
        "expect one of dirty, clean, can-undo, can-redo, no-undo, no-redo, show, file, sha256"
      ]),
    .fails(
      "expect", after: base, at: 7, "missing WHAT for 'expect'",
      notes: ["usage: expect WHAT [VALUE…] [--doc NAME]"]),
    .fails(
      "expect dirty", after: "", on: "expect", "no document is open",
      notes: ["create one with 'new', or 'open' a file"]),
    .fails(
      "expect dirty --doc nope", after: base, on: "nope", "no document named 'nope'",
      notes: ["'docs' lists the open documents"]),

    .succeeds("expect-error 'no such' open nope.txt", after: base),
    .succeeds("expect-error missing new", after: base),
    .succeeds("expect-error 'unknown command' nosuch", after: base),
    .succeeds("expect-error 'no document is open' show", after: ""),
    .succeeds("expect-error unsaved close other", after: base),
    .succeeds("expect-error 'only 2' undo 3", after: base),
    .succeeds("expect-error 'out of range' delete 9 --doc other", after: base),
    .succeeds("expect-error 'given twice' show --doc t --doc t", after: base),
    .succeeds("expect-error 'no command' get /a", after: base),
    // An empty SUBSTRING matches any error.
    .succeeds("expect-error '' open nope.txt", after: base),
    .succeeds("expect-error \"\" undo 9", after: base),
    .fails(
      "expect-error '' show", after: base, on: "show",
      "expected 'show' to fail with ''; it succeeded"),
    .fails(
      "expect-error zzz open nope.txt", after: base, on: "zzz",
      "expected an error containing 'zzz'; got 'no such file \\'nope.txt\\''"),
    .fails(
      "expect-error zzz show", after: base, on: "show",
      "expected 'show' to fail with 'zzz'; it succeeded"),
    .fails(
      "expect-error zzz undo", after: base, on: "undo",
      "expected 'undo' to fail with 'zzz'; it succeeded"),
    .fails(
      "expect-error zzz append x", after: base + "\nredo", on: "append",
      "expected 'append' to fail with 'zzz'; it succeeded"),
    .fails(
      "expect-error zzz new text", after: base, on: "new",
      "expected 'new' to fail with 'zzz'; it succeeded"),
    .fails(
      "expect-error zzz snapshot", after: base, on: "snapshot",
      "expected 'snapshot' to fail with 'zzz'; it succeeded"),
    .fails(
      "expect-error zzz set bail on", after: base, on: "set",
      "expected 'set' to fail with 'zzz'; it succeeded"),
    .fails(
      "expect-error", after: base, at: 13, "missing SUBSTRING for 'expect-error'",
      notes: ["usage: expect-error SUBSTRING COMMAND [ARGUMENT…]"]),
    .fails(
      "expect-error x", after: base, at: 15, "missing COMMAND for 'expect-error'",
      notes: ["usage: expect-error SUBSTRING COMMAND [ARGUMENT…]"]),
  ]

  static let other: [CommandCase] = [
    .succeeds("print a \"b c\"", after: "", prints: "a b c\n"),
    .succeeds("echo --x -- y", after: "", prints: "--x -- y\n"),
    .succeeds("print", after: "", prints: "\n"),
    .succeeds("print $who ${nobody:-x}", after: "let who = Ana", prints: "Ana x\n"),
    .fails(
      "print $nope", after: "", on: "$nope", "undefined variable 'nope'",
      notes: ["define it with 'let nope = …', or write '${nope:-default}'"]),
    .fails(
      "print $PWX", after: "", on: "$PWX", "undefined variable 'PWX'",
      notes: ["did you mean 'PWD'?"]),
    .succeeds("set bail on", after: base),
    .succeeds("set echo off", after: base),
    .succeeds("set clock now", after: base),
    .succeeds("set clock 2026-01-01T00:00:00Z", after: base),
    .fails("set bail maybe", after: base, on: "maybe", "expected on or off, not 'maybe'"),
    .fails(
      "set clock yesterday", after: base, on: "yesterday",
      "expected an ISO 8601 time such as 2026-01-01T00:00:00Z, or now"),
    .fails(
      "set bial on", after: base, on: "bial", "unknown setting 'bial'",
      notes: ["did you mean 'bail'?"]),
    .fails(
      "set colour red", after: "", on: "colour", "unknown setting 'colour'",
      notes: ["the settings are bail, echo, clock, follow, timer, shell and pager"]),
    .fails(
      "set", after: base, at: 4, "missing SETTING for 'set'",
      notes: ["usage: set SETTING VALUE"]),
    .fails(
      "set bail", after: base, at: 9, "missing VALUE for 'set'",
      notes: ["usage: set SETTING VALUE"]),
    .succeeds("source s.docscript", after: "", prints: "hi\n").with(files: [
      "s.docscript": "print hi\n"
    ]),
    .fails(
      "source nope.docscript", after: "", on: "nope.docscript",
      "no such script 'nope.docscript'"),
    .fails(
      "source", after: "", at: 7, "missing PATH for 'source'", notes: ["usage: source PATH"]),
    .succeeds(
      "help echo", after: "",
      prints: "usage: echo [TEXT…]\nthe same as print\nexample: echo done\n"),
    .succeeds(
      "help append", after: "",
      prints: """
        usage: append TEXT [--doc NAME]
        adds TEXT as a new last line
        for: text documents
        example: append "Bread"

        """),
    .succeeds(
      "help insert", after: "",
      prints: """
        usage: insert POINTER [VALUE] [--string] [--integer] [--real] [--date DATE] [--data @FILE|base64:TEXT] [--doc NAME]
        inserts a value before the array element at POINTER, or as a new dictionary entry
        for: plist documents
        VALUE is a JSON literal: a string, a number (with a fraction or exponent a real, else an integer), true or false, an array or an object (a dictionary). A type JSON cannot say is named: --date 2026-12-04T10:00:00Z, --data @FILE or --data base64:TEXT; --string, --integer and --real read VALUE as that type. An old-style ASCII property list holds strings, data, arrays and dictionaries: an integer or real is written there as its digits (a string when read back), and a boolean or date is refused.
        example: insert /UIBackgroundModes/0 '"audio"'

        usage: insert POINTER VALUE [--doc NAME]
        inserts a JSON literal before the array element at POINTER, or as a new member
        for: json documents
        example: insert /items/0 '{"done": false}'

        usage: insert N TEXT [--doc NAME]
        makes TEXT line N
        for: text documents
        Lines are numbered from 1; N may be one past the last line. A line number N may also be $ (the last line), $-K (K lines before it) or -K (the K-th line from the end: -1 is the last).
        example: insert 2 "Bread"

        """),
    .succeeds(
      "help let", after: "",
      prints: """
        usage: let NAME = VALUE
        defines a variable; $NAME and ${NAME} use it, ${NAME:-fallback} falls back
        example: let title = "Weekly review"

        """),
    .fails(
      "help sav", after: "", on: "sav", "no command named 'sav'", notes: ["did you mean 'save'?"]),
    .fails(
      "help zzzzzz", after: "", on: "zzzzzz", "no command named 'zzzzzz'",
      notes: ["'help' lists the commands"]),
    .fails(
      "help a b", after: "", on: "b", "unexpected argument 'b' for 'help'",
      notes: ["quote an argument that has blanks", "usage: help [COMMAND]"]),
    .fails(
      "quit now", after: base, on: "now", "unexpected argument 'now' for 'quit'",
      notes: ["quote an argument that has blanks", "usage: quit"]),
    .fails(
      "exit 1", after: base, on: "1", "unexpected argument '1' for 'exit'",
      notes: ["quote an argument that has blanks", "usage: exit"]),
  ]

  /// Commands that are not there, or not for the document at hand.
  static let unknown: [CommandCase] = [
    .fails("shw", after: base, on: "shw", "unknown command 'shw'", notes: ["did you mean 'show'?"]),
    .fails(
      "zzzzzz", after: base, on: "zzzzzz", "unknown command 'zzzzzz'",
      notes: ["'help' lists the commands"]),
    .fails(
      "let c = shw; $c", after: "", on: "$c", "unknown command 'shw'",
      notes: ["did you mean 'show'?"]),
    .fails(
      "get /a", after: base, on: "get", "a text document has no command 'get'",
      notes: ["'help' lists the commands of each type"]),
    .fails(
      "append x", after: "", on: "append", "no document is open",
      notes: ["create one with 'new', or 'open' a file"]),
    .fails(
      "append x --doc nope", after: base, on: "nope", "no document named 'nope'",
      notes: ["'docs' lists the open documents"]),
    .fails(
      "append x --doc othe", after: base, on: "othe", "no document named 'othe'",
      notes: ["did you mean 'other'?"]),
  ]

  static let all = documents + inspecting + snapshots + saving + undo + checking + other + unknown
}

@MainActor
@Suite("Built-in commands")
struct BuiltinCommandTests {
  @Test("Documents: new, open, use, close, docs", arguments: BuiltinCases.documents)
  func documents(_ command: CommandCase) async throws {
    try await command.check(in: try ScriptHarness())
  }

  @Test("Inspecting: show, status, types", arguments: BuiltinCases.inspecting)
  func inspecting(_ command: CommandCase) async throws {
    try await command.check(in: try ScriptHarness())
  }

  @Test("Snapshots: snapshot, snapshots, diff, restore", arguments: BuiltinCases.snapshots)
  func snapshots(_ command: CommandCase) async throws {
    try await command.check(in: try ScriptHarness())
  }

  @Test(
    "Saving: save, save-as, save-to, revert, autosave, export, recover",
    arguments: BuiltinCases.saving)
  func saving(_ command: CommandCase) async throws {
    try await command.check(in: try ScriptHarness())
  }

  @Test("Undo and redo", arguments: BuiltinCases.undo)
  func undo(_ command: CommandCase) async throws {
    try await command.check(in: try ScriptHarness())
  }

  @Test("Checking: expect, expect-error", arguments: BuiltinCases.checking)
  func checking(_ command: CommandCase) async throws {
    try await command.check(in: try ScriptHarness())
  }

  @Test("Other: print, echo, set, source, help, variables", arguments: BuiltinCases.other)
  func other(_ command: CommandCase) async throws {
    try await command.check(in: try ScriptHarness())
  }

  @Test("Unknown commands, and commands for another type", arguments: BuiltinCases.unknown)
  func unknown(_ command: CommandCase) async throws {
    try await command.check(in: try ScriptHarness())
  }

  @Test("help lists every command of the registry, by topic and by type")
  func helpOverview() async throws {
    let harness = try ScriptHarness()
    let step = await harness.run("help")
    #expect(step.diagnostics == "")
    let names = Set(
      step.output.split(separator: "\n").filter { $0.hasPrefix("  ") }.compactMap {
        $0.split(separator: " ").first.map(String.init)
      })
    let expected: Set<String> = [
      "new", "open", "use", "close", "docs", "show", "status", "types", "snapshot", "snapshots",
      "diff", "restore", "save", "save-as", "save-to", "revert", "autosave", "recover", "export",
      "undo", "redo", "expect", "expect-error", "print", "echo", "set", "source", "help", "let",
      "group",
      "note", "title", "get", "insert", "remove", "set-text", "append", "delete", "replace",
      "line", "load", "hex", "patch", "truncate", "tree", "history", "set-line", "record",
      "scratch", "quit", "exit", "output", "timer", "shell", "keys", "length", "type", "find",
      "convert",
    ]
    #expect(names == expected)
    #expect(
      step.output.hasSuffix(
        "'help COMMAND' shows a command's usage and an example. Ctrl-D, quit or exit leaves.\n"))
  }

  @Test("What each command saved, exported or restored is on disk and in the document")
  func effects() async throws {
    let harness = try ScriptHarness()
    await harness.setUp(BuiltinCases.base)
    let step = await harness.run(
      """
      save new.txt
      export --doc other to o.txt
      append four
      save-to copy.txt
      restore s1
      show
      status
      """)
    #expect(step.diagnostics == "")
    #expect(try String(contentsOf: harness.temporary("new.txt"), encoding: .utf8) == "one\ntwo\n")
    #expect(try String(contentsOf: harness.temporary("o.txt"), encoding: .utf8) == "o1\n")
    #expect(
      try String(contentsOf: harness.temporary("copy.txt"), encoding: .utf8)
        == "one\ntwo\nfour\n")
    #expect(
      step.output == """
        exported o.txt
        one
        two
        document:  t
        dirty:     yes
        changes:   4
        file:      new.txt
        type:      public.plain-text
        on disk:   unchanged since read

        """)
  }
}
