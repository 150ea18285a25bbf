import DocFormats
import DocKit
import DocScript
import DocTestSupport
import Foundation
import Glibc
import Testing

/// Errors from DocKit and DocFormats reach the user at the command that
/// met them, with the library's own path and position; the command leaves
/// everything as it was, and nothing the user did is lost.
@MainActor
@Suite("Library errors in scripts")
struct LibraryErrorTests {
  /// A saved text file `a.txt`, opened and edited, with a step to redo.
  static let edited = "open a.txt\nappend two\nappend three\nundo"
  static let files = ["a.txt": "one\n"]

  /// Changes `a.txt` behind the document's back.
  static func changeOnDisk(_ harness: ScriptHarness) throws {
    try Data("changed elsewhere\n".utf8).write(to: harness.temporary("a.txt"))
  }

  @Test("A conflict: save refuses a file changed on disk; the file and the edits stay")
  func conflict() async throws {
    let step = try await expectNothingChanged(
      by: "save", after: Self.edited, files: Self.files, between: Self.changeOnDisk)
    #expect(
      step.diagnostics
        == CommandCase.rendered(
          "save", at: 1, width: 4,
          "a.txt: the file changed on disk since it was opened or saved; 'diff --disk' to compare, then 'revert' or 'save --force'"
        ))
    let harness = try ScriptHarness()
    try harness.temporary.write("one\n", to: "a.txt")
    await harness.setUp(Self.edited)
    try Self.changeOnDisk(harness)
    let after = await harness.run(
      "expect-error 'changed on disk' save\nstatus\nsave --force\nstatus")
    #expect(after.diagnostics == "")
    #expect(
      after.output == """
        document:  a
        dirty:     yes
        changes:   1
        file:      a.txt
        type:      public.plain-text
        on disk:   changed since read
        document:  a
        dirty:     no
        changes:   1
        file:      a.txt
        type:      public.plain-text
        on disk:   unchanged since read

        """)
    #expect(try String(contentsOf: harness.temporary("a.txt"), encoding: .utf8) == "one\ntwo\n")
  }

  @Test(
    "An unreadable or corrupt package: the library's file, line and column",
    arguments: [
      (
        ["Bad.notes/metadata.json": "{nope"], "open Bad.notes", "Bad.notes",
        "Bad.notes/metadata.json:1:2: unexpected 'n', expected a string key"
      ),
      (
        ["Bad.notes/metadata.json": "{\"title\": \"T\", \"notes\": [\"a\"]}"], "open Bad.notes",
        "Bad.notes", "Bad.notes/a.json: listed in metadata.json but missing"
      ),
      (
        ["Bad.notes/metadata.json": "{\"title\": \"T\", \"notes\": []}", "Bad.notes/x.txt": "x"],
        "open Bad.notes", "Bad.notes",
        "Bad.notes/x.txt: not part of a note collection (not listed in metadata.json)"
      ),
      (
        ["Bad.notes/metadata.json": "{\"title\": 1, \"notes\": []}"], "open Bad.notes", "Bad.notes",
        "Bad.notes/metadata.json: \"title\" must be a string"
      ),
      (
        ["Bad.notes": "a file, not a folder"], "open Bad.notes", "Bad.notes",
        "Bad.notes: a note collection must be a directory"
      ),
      (
        ["bad.json": "{\n  \"a\": [\n    1,,\n  ]\n}\n"], "open bad.json", "bad.json",
        "bad.json:3:7: unexpected ',', expected a value"
      ),
      (
        ["sub/Bad.notes/metadata.json": "{nope"], "open sub/Bad.notes", "sub/Bad.notes",
        "sub/Bad.notes/metadata.json:1:2: unexpected 'n', expected a string key"
      ),
      (
        ["sub/bad.json": "[1,"], "open sub/bad.json", "sub/bad.json",
        "sub/bad.json:1:4: unexpected end of input, expected a value"
      ),
      (
        ["data.txt": "[1, 2"], "open data.txt --type public.json", "data.txt",
        "data.txt:1:6: unexpected end of input, expected ']'"
      ),
    ] as [([String: String], String, String, String)])
  func corrupt(
    _ files: [String: String], _ command: String, _ path: String, _ message: String
  ) async throws {
    let step = try await expectNothingChanged(
      by: command, after: BuiltinCases.base, files: files)
    let column = command.distance(
      from: command.startIndex, to: command.range(of: path)?.lowerBound ?? command.startIndex)
    #expect(
      step.diagnostics == CommandCase.rendered(command, at: column + 1, width: path.count, message))
  }

  @Test("revert of a package corrupted on disk names the package's file by its full path")
  func revertCorrupt() async throws {
    let harness = try ScriptHarness()
    try harness.temporary.write(
      "{\"title\": \"T\", \"notes\": []}", to: "sub/Trip.notes/metadata.json")
    await harness.setUp("open sub/Trip.notes\ntitle U")
    try harness.temporary.write("{nope", to: "sub/Trip.notes/metadata.json")
    let step = await harness.run("revert\nexpect dirty")
    #expect(
      step.diagnostics
        == CommandCase.rendered(
          "revert", at: 1, width: 6,
          "sub/Trip.notes/metadata.json:1:2: unexpected 'n', expected a string key"))
    #expect(step.failures == 1)
  }

  @Test("A text file that is not UTF-8: its line, column and byte offset")
  func invalidText() async throws {
    let harness = try ScriptHarness()
    try Data([0x6F, 0x6B, 0x0A, 0x61, 0xFF, 0x0A]).write(to: harness.temporary("bin.txt"))
    let step = await harness.run("open bin.txt")
    #expect(
      step.diagnostics
        == CommandCase.rendered(
          "open bin.txt", at: 6, width: 7, "bin.txt:2:2: invalid UTF-8 byte 0xFF at byte offset 4",
          notes: [
            "if the file is in another encoding, name it: 'open bin.txt --encoding latin1' reads ISO-8859-1 "
              + "(the encodings are UTF-8, UTF-16, UTF-16LE, UTF-16BE, ISO-8859-1, windows-1252, US-ASCII)"
          ]))
    #expect(harness.interpreter.currentDocument == nil)
  }

  /// The live file system, except that opening a file or folder of one
  /// name fails with `EACCES`, as it would for another user's file.
  struct RefusingFileSystem: FileSystem {
    var name: String

    func openat(
      _ directory: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t
    ) -> Int32 {
      if String(cString: path).split(separator: "/").last.map(String.init) == name {
        errno = EACCES
        return -1
      }
      return POSIXFileSystem().openat(directory, path, flags, mode)
    }
  }

  @Test(
    "A package or a file in it that refuses reading (EACCES): the error names it",
    arguments: [("Trip.notes", "Trip.notes"), ("metadata.json", "Trip.notes/metadata.json")])
  func unreadable(_ refused: String, _ path: String) async throws {
    let step = try await expectNothingChanged(
      by: "open Trip.notes", after: BuiltinCases.base,
      files: ["Trip.notes/metadata.json": "{\"title\": \"T\", \"notes\": []}"],
      on: RefusingFileSystem(name: refused))
    #expect(
      step.diagnostics
        == CommandCase.rendered(
          "open Trip.notes", at: 6, width: 10, "\(path): openat failed: Permission denied"))
  }

  /// Every write fails as on a full disk.
  static let fullDisk = ErrnoInjectingFileSystem(ENOSPC, on: [.write])

  @Test(
    "A full disk: save, save-as, save-to, export and autosave fail clearly; file intact, edits kept",
    arguments: [
      ("save", "a.txt: "), ("save-as b.txt", "b.txt: "), ("save-to b.txt", "b.txt: "),
      ("export to b.txt", "b.txt: "), ("autosave now", "a.txt: "),
    ])
  func fullDisk(_ command: String, _ path: String) async throws {
    let step = try await expectNothingChanged(
      by: command, after: Self.edited, files: Self.files, on: Self.fullDisk)
    // At PATH when the command has one; at the command when not.
    let column = command.firstIndex(of: " ").map {
      command.distance(from: command.startIndex, to: $0) + 2
    }
    let at = command.hasPrefix("export to ") ? 11 : command.hasPrefix("save") ? column ?? 1 : 1
    #expect(step.diagnostics.hasPrefix("t:1:\(at): error: \(path)"), "\(step.diagnostics)")
    #expect(
      step.diagnostics.contains(": the disk is full: the save writes about "), "\(step.diagnostics)"
    )
  }

  @Test(
    "A full disk after a group: the group is kept and said so; the autosave failure is reported")
  func autosaveAfterGroup() async throws {
    let harness = try ScriptHarness()
    // The clock moves past the autosave interval, so the next event autosaves.
    await harness.setUp("new text t\nappend one\nautosave on\nset clock 2026-01-01T00:01:00Z")
    let step = await FileSystemContext.$current.withValue(Self.fullDisk) {
      await harness.run("group g { append two; append three }\nappend four")
    }
    #expect(step.failures == 2)
    let diagnostics = harness.output.diagnostics.suffix(2)
    #expect(diagnostics.map(\.location.line) == [1, 2])
    #expect(diagnostics.allSatisfy { $0.message.contains("the disk is full") })
    #expect(diagnostics.allSatisfy { $0.notes.isEmpty }, "the group was kept: no such note")
    // The failed autosaves left nothing behind.
    #expect(WorldState.files(under: harness.temporary.url).keys.sorted() == [])
    let after = await harness.run("show\nexpect dirty\nundo\nundo")
    #expect(after.diagnostics == "")
    #expect(after.output == "one\ntwo\nthree\nfour\nUndo Append Line\nUndo g\n")
  }
}

@MainActor
@Suite("Library messages in diagnostics")
struct LibraryMessageTests {
  private struct Described: Error, CustomStringConvertible {
    var description: String
  }

  @Test(
    "A sentence loses its capital and final period; a path or a name at the start keeps its case",
    arguments: [
      ("The file couldn’t be saved.", "the file couldn’t be saved"),
      (
        "Bad.notes: a note collection must be a directory",
        "Bad.notes: a note collection must be a directory"
      ),
      ("Makefile: not a document", "Makefile: not a document"),
      ("URL is malformed", "URL is malformed"),
      ("Trip/metadata.json:1:2: unexpected 'n'", "Trip/metadata.json:1:2: unexpected 'n'"),
      ("a.txt: the file already exists.", "a.txt: the file already exists"),
    ])
  func message(_ description: String, _ expected: String) {
    #expect(ErrorMessage().text(for: Described(description: description)) == expected)
  }
}
