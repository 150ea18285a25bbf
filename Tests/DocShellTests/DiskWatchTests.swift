import DocTestSupport
import Foundation
import Testing

/// The prompt watches the open documents' files (inotify) while it waits,
/// and says when another program changed one, above the line being typed;
/// `set follow on` reloads a document without unsaved changes. Against
/// the binary users run (CI sets `DOCREPL_BINARY` to the release build).
@Suite("docrepl at a terminal: a document that notices the disk")
struct DiskWatchTests {
  /// The line the prompt prints for a changed file.
  static func changed(_ path: String) -> String {
    "\(path) changed on disk: 'revert' to load it, 'diff --disk' to compare"
  }

  /// How long a notice may take: about a second as a person sees it, more
  /// for a machine under load.
  static let noticeTimeout: Duration = .seconds(20)

  /// Writes `text` over `url` as another program would: in place, or as
  /// editors save (a temporary file renamed over it).
  static func write(_ text: String, to url: URL, byRename: Bool) throws {
    if byRename {
      let temporary = url.deletingLastPathComponent().appendingPathComponent(".edit.tmp")
      try Data(text.utf8).write(to: temporary)
      guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    } else {
      let handle = try FileHandle(forWritingTo: url)
      try handle.truncate(atOffset: 0)
      try handle.write(contentsOf: Data(text.utf8))
      try handle.close()
    }
  }

  /// A prompt with `a.txt` open as `a`, holding "one\n".
  static func openA(in folder: TemporaryDirectory) throws -> PseudoTerminal {
    try Data("one\n".utf8).write(to: folder("a.txt"))
    let session = try PseudoTerminal(in: folder.url)
    try session.expect("docrepl > ")
    try session.send("open a.txt\r")
    try session.expect("a > ")
    return session
  }

  @Test(
    "A change on disk is said while the prompt waits, however it was written",
    arguments: [false, true])
  func announcedWhileIdle(byRename: Bool) throws {
    let folder = try TemporaryDirectory()
    let session = try Self.openA(in: folder)
    try Self.write("two\n", to: folder("a.txt"), byRename: byRename)
    try session.expect(Self.changed("a.txt") + "\n", timeout: Self.noticeTimeout)
    // Nothing was reloaded: the document is as it was read, and 'diff
    // --disk' shows what 'revert' would load.
    try session.expect("a > ")
    try session.send("diff --disk\r")
    let diff = try session.expect("a > ")
    #expect(diff.contains("--- a.txt (disk)\n+++ a (current)\n"), "\(diff)")
    #expect(diff.contains("-two\n+one\n"), "\(diff)")
    try session.send("revert\r")
    try session.expect("a > ")
    try session.send("show\r")
    #expect(try session.expect("a > ") == "show\ntwo\na > ")
    // Said again for a later change, since 'revert' put it in step.
    try Self.write("three\n", to: folder("a.txt"), byRename: byRename)
    try session.expect(Self.changed("a.txt"), timeout: Self.noticeTimeout)
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test("The notice does not disturb a half-typed line: it is drawn again, and runs as typed")
  func halfTypedLine() throws {
    let folder = try TemporaryDirectory()
    let session = try Self.openA(in: folder)
    try session.send("app")
    try session.expect("app")
    try Self.write("two\n", to: folder("a.txt"), byRename: true)
    try session.expect(Self.changed("a.txt") + "\n", timeout: Self.noticeTimeout)
    // The prompt and the line so far come again below the notice.
    try session.expect("a > app")
    try session.send("end more\r")
    try session.expect("a* > ")
    try session.send("show\r")
    #expect(try session.expect("a* > ") == "show\none\nmore\na* > ")
    try session.send("quit\r")
    try session.expect("discard")
    try session.send("y\r")
    #expect(try session.waitForExit() == 0)
  }

  @Test("set follow on reloads a document without unsaved changes, each time, and says so")
  func followReloadsClean() throws {
    let folder = try TemporaryDirectory()
    let session = try Self.openA(in: folder)
    try session.send("set follow on\r")
    try session.expect("a > ")
    for text in ["two\n", "three\n"] {
      try Self.write(text, to: folder("a.txt"), byRename: false)
      try session.expect(
        "a.txt changed on disk; reloaded (follow is on)\n", timeout: Self.noticeTimeout)
      try session.expect("a > ")
      try session.send("show\r")
      #expect(try session.expect("a > ") == "show\n\(text)a > ")
    }
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test("set follow on only warns about a document with unsaved changes, which it keeps")
  func followWarnsDirty() throws {
    let folder = try TemporaryDirectory()
    let session = try Self.openA(in: folder)
    try session.send("set follow on\r")
    try session.expect("a > ")
    try session.send("append mine\r")
    try session.expect("a* > ")
    try Self.write("two\n", to: folder("a.txt"), byRename: true)
    try session.expect(
      Self.changed("a.txt") + "; not reloaded, since 'a' has unsaved changes\n",
      timeout: Self.noticeTimeout)
    try session.expect("a* > ")
    try session.send("show\r")
    #expect(try session.expect("a* > ") == "show\none\nmine\na* > ")
    try session.send("save\r")
    let refused = try session.expect("a* > ")
    #expect(
      refused.contains("'diff --disk' to compare, then 'revert' or 'save --force'"), "\(refused)")
    try session.send("quit\r")
    try session.expect("discard")
    try session.send("y\r")
    #expect(try session.waitForExit() == 0)
  }

  @Test("The document's own saves are not announced; another document's change is")
  func ownSaveNotAnnounced() throws {
    let folder = try TemporaryDirectory()
    try Data("b\n".utf8).write(to: folder("b.txt"))
    let session = try Self.openA(in: folder)
    try session.send("open b.txt\r")
    try session.expect("b > ")
    try session.send("use a\r")
    try session.expect("a > ")
    for _ in 0..<3 {
      try session.send("append more\r")
      try session.expect("a* > ")
      try session.send("save\r")
      try session.expect("a > ")
    }
    try session.send("save-as c.txt\r")
    try session.expect("a > ")
    // Events come in order: b's change is said after anything said of a's
    // saves, so a notice of a would be in the transcript by then.
    try Self.write("changed\n", to: folder("b.txt"), byRename: true)
    try session.expect(Self.changed("b.txt"), timeout: Self.noticeTimeout)
    #expect(!session.transcript.contains("a.txt changed"), "\(session.transcript)")
    #expect(!session.transcript.contains("c.txt changed"), "\(session.transcript)")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test("A package's member changed, and a file removed, are said")
  func packageAndRemoval() throws {
    let folder = try TemporaryDirectory()
    let session = try Self.openA(in: folder)
    try session.send("new notes Trip; note add a private --title A; save Trip.notes\r")
    try session.expect("Trip > ")
    let members = try FileManager.default.subpathsOfDirectory(atPath: folder("Trip.notes").path)
      .filter { !$0.hasSuffix("/") }
      .map { folder("Trip.notes").appendingPathComponent($0) }
      .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    let member = try #require(members.first)
    let handle = try FileHandle(forWritingTo: member)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(" ".utf8))
    try handle.close()
    try session.expect(Self.changed("Trip.notes"), timeout: Self.noticeTimeout)
    try FileManager.default.removeItem(at: folder("a.txt"))
    try session.expect(
      "a.txt was removed from disk: 'save' writes it again, 'close' lets it go",
      timeout: Self.noticeTimeout)
    try session.send("use a\r")
    try session.expect("a > ")
    try session.send("diff --disk\r")
    let removed = try session.expect("a > ")
    #expect(removed.contains("'a.txt' is no longer on disk"), "\(removed)")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }

  @Test("Scripts watch nothing: piped input and -c say nothing of a change made meanwhile")
  func scriptsAreNotWatched() throws {
    let folder = try TemporaryDirectory()
    try Data("one\n".utf8).write(to: folder("a.txt"))
    let result = try runDocrepl(
      [], in: folder.url, first: "open a.txt\nprint ready\n", until: "ready",
      then: { try Self.write("two\n", to: folder("a.txt"), byRename: true) },
      rest: "set follow on\nprint done\nshow\n")
    #expect(result.status == 0, "\(result.errors)")
    #expect(!result.output.contains("changed on disk"), "\(result.output)")
    #expect(!result.errors.contains("changed on disk"), "\(result.errors)")
    #expect(result.output.hasSuffix("done\none\n"), "\(result.output)")
  }
}

extension DiskWatchTests {
  /// Whether this machine lets a process make a user namespace of its
  /// own, in which the limit of inotify watches can be lowered for it
  /// alone (`/proc/sys/user/max_inotify_watches` is per namespace).
  static var canLowerWatchLimit: Bool {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
      let result = try? runProgram(
        URL(fileURLWithPath: "/usr/bin/unshare"),
        ["-U", "-r", "sh", "-c", "echo 0 > /proc/sys/user/max_inotify_watches"])
    else { return false }
    return result.status == 0
  }

  @Test(
    "At the watch limit: one clear warning, then no watching",
    .enabled(if: canLowerWatchLimit, "needs unprivileged user namespaces (unshare -U)"))
  func watchLimit() throws {
    let folder = try TemporaryDirectory()
    try Data("one\n".utf8).write(to: folder("a.txt"))
    try Data("b\n".utf8).write(to: folder("b.txt"))
    let session = try PseudoTerminal(
      URL(fileURLWithPath: "/usr/bin/unshare"),
      arguments: [
        "-U", "-r", "sh", "-c",
        "echo 0 > /proc/sys/user/max_inotify_watches && exec \"$0\"", docreplExecutable.path,
      ], in: folder.url)
    try session.expect("docrepl > ")
    try session.send("open a.txt\r")
    let warning =
      "warning: the system's limit of inotify watches is reached (fs.inotify.max_user_watches), so no file is watched; changes on disk are not announced\n"
    try session.expect(warning)
    try session.expect("a > ")
    try session.send("open b.txt\r")
    try session.expect("b > ")
    try session.send("show\r")
    #expect(try session.expect("b > ") == "show\nb\nb > ")
    #expect(session.transcript.components(separatedBy: warning).count == 2, "\(session.transcript)")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
  }
}
