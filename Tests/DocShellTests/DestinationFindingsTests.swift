import DocTestSupport
import Foundation
import Glibc
import Testing

/// The ways a trial as a new user found for a write to destroy what the
/// user never named, each as it was found, through the built `docrepl`.
@Suite(
  "What a new user's trial found: folders, special files, read-only files, links", .serialized)
struct DestinationFindingsTests {
  static let photo = Data("photo 0c4e\n".utf8)

  /// A folder with `f.txt` ("hi") and `keep.txt` beside it.
  private func folder() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    _ = try folder.write("hi\n", to: "f.txt")
    _ = try folder.write("keep\n", to: "keep.txt")
    return folder
  }

  /// Opens f.txt, edits it, then lets `change` act on the disk, then runs
  /// `commands`.
  private func editThenChange(
    _ folder: TemporaryDirectory, _ change: () throws -> Void, _ commands: String
  ) throws -> ProcessResult {
    try runDocrepl(
      [], in: folder.url, first: "open f.txt\nappend x\nstatus\n", until: "on disk:",
      then: change, rest: commands)
  }

  private func makeFolderOfPhotos(at url: URL) throws {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try Self.photo.write(to: url.appendingPathComponent("a.jpg"))
  }

  @Test("save --force never replaces a folder that took the file's place, nor one a link leads to")
  func forcedSaveOverFolder() throws {
    for throughLink in [false, true] {
      let folder = try folder()
      let real = folder("real")
      let result = try editThenChange(
        folder,
        {
          try FileManager.default.removeItem(at: folder("f.txt"))
          if throughLink {
            try makeFolderOfPhotos(at: real)
            try FileManager.default.createSymbolicLink(
              atPath: folder("f.txt").path, withDestinationPath: "real")
          } else {
            try makeFolderOfPhotos(at: folder("f.txt"))
          }
        }, "save\nsave --force\n")
      #expect(result.status == 1)
      let photos = throughLink ? real : folder("f.txt")
      #expect(try Data(contentsOf: photos.appendingPathComponent("a.jpg")) == Self.photo)
      #expect(try FileManager.default.contentsOfDirectory(atPath: photos.path) == ["a.jpg"])
      // Neither the plain save nor the forced one advises forcing: the
      // folder is refused as a folder, or as another place the path now
      // leads to.
      let refusal =
        throughLink
        ? "f.txt: this now leads to \(real.path)" : "f.txt: this is a folder; only files"
      #expect(result.errors.components(separatedBy: refusal).count == 3, "\(result.errors)")
      #expect(!result.errors.contains("'save --force'"), "\(result.errors)")
    }
  }

  @Test(
    "A folder that ends in .notes but is no note collection is never replaced",
    arguments: [
      "new notes n; export to X.notes --replace", "new notes n; save-as X.notes --replace",
      "new notes n; save-to X.notes --replace",
    ])
  func folderNamedLikeAPackage(_ commands: String) throws {
    let folder = try folder()
    try makeFolderOfPhotos(at: folder("X.notes"))
    let result = try runDocrepl(["-c", commands], in: folder.url)
    #expect(result.status == 1)
    #expect(
      result.errors.contains("X.notes: this is a folder; only files and document packages"),
      "\(result.errors)")
    #expect(try Data(contentsOf: folder("X.notes/a.jpg")) == Self.photo)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder("X.notes").path) == ["a.jpg"])
  }

  @Test("FIFOs and devices are never replaced, and the refusal never advises --replace")
  func specialFiles() throws {
    let folder = try folder()
    #expect(mkfifo(folder("pipe").path, 0o644) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: folder("linkpipe").path, withDestinationPath: "pipe")
    let device = mknod(folder("mynull").path, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0
    var commands = [
      ("export to linkpipe --replace", "linkpipe: this is a FIFO (named pipe)"),
      ("save-as pipe", "pipe: this is a FIFO (named pipe)"),
      ("save-to linkpipe", "linkpipe: this is a FIFO (named pipe)"),
    ]
    if device {
      commands += [
        ("save-as mynull --replace", "mynull: this is a character device"),
        ("save-as mynull", "mynull: this is a character device"),
      ]
    }
    for (command, message) in commands {
      let result = try runDocrepl(["-c", "new text t; append a; " + command], in: folder.url)
      #expect(result.status == 1, "\(command)")
      #expect(result.errors.contains("error: " + message), "\(command): \(result.errors)")
      #expect(!result.errors.contains("note: add --replace"), "\(command): \(result.errors)")
    }
    var status = stat()
    #expect(lstat(folder("pipe").path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    #expect(lstat(folder("linkpipe").path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    if device {
      #expect(lstat(folder("mynull").path, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }
  }

  @Test("A read-only file is saved only with --force, which keeps its mode; status says read-only")
  func readOnly() throws {
    let folder = try folder()
    #expect(chmod(folder("f.txt").path, 0o444) == 0)
    let refused = try runDocrepl(["-c", "open f.txt; status; append x; save"], in: folder.url)
    #expect(refused.status == 1)
    #expect(refused.output.contains("on disk:   unchanged since read, read-only (mode 0444)"))
    #expect(
      refused.errors.contains(
        "error: f.txt: the file is read-only (mode 0444); 'save --force' writes it anyway"),
      "\(refused.errors)")
    #expect(try String(contentsOf: folder("f.txt"), encoding: .utf8) == "hi\n")
    let forced = try runDocrepl(["-c", "open f.txt; append x; save --force"], in: folder.url)
    #expect(forced.status == 0, "\(forced.errors)")
    #expect(try String(contentsOf: folder("f.txt"), encoding: .utf8) == "hi\nx\n")
    #expect(FileStat(folder("f.txt"))?.permissions == 0o444)
    // Save as over it needs --force too, and keeps its mode as well.
    let saveAs = try runDocrepl(
      ["-c", "new text t; append y; save-as f.txt --replace"], in: folder.url)
    #expect(saveAs.status == 1)
    #expect(saveAs.errors.contains("note: add --force to replace it anyway"), "\(saveAs.errors)")
    let forcedAs = try runDocrepl(
      ["-c", "new text t; append y; save-as f.txt --force"], in: folder.url)
    #expect(forcedAs.status == 0, "\(forcedAs.errors)")
    #expect(try String(contentsOf: folder("f.txt"), encoding: .utf8) == "y\n")
    #expect(FileStat(folder("f.txt"))?.permissions == 0o444)
  }

  @Test("Root saving another user's file keeps its owner and group", .enabled(if: geteuid() == 0))
  func otherOwner() throws {
    let folder = try folder()
    #expect(chown(folder("f.txt").path, 65534, 65534) == 0)
    let result = try runDocrepl(["-c", "open f.txt; append x; save"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    var status = stat()
    #expect(lstat(folder("f.txt").path, &status) == 0)
    #expect(status.st_uid == 65534 && status.st_gid == 65534)
    #expect(try String(contentsOf: folder("f.txt"), encoding: .utf8) == "hi\nx\n")
  }

  @Test("A save that replaces a file with other hard links says so once")
  func hardLinks() throws {
    let folder = try folder()
    #expect(link(folder("f.txt").path, folder("g.txt").path) == 0)
    #expect(link(folder("f.txt").path, folder("h.txt").path) == 0)
    let result = try runDocrepl(
      ["-c", "open f.txt; append x; save; append y; save"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    let warning = "warning: f.txt: the 2 other hard links to this file keep the old contents"
    #expect(result.errors.components(separatedBy: warning).count == 2, "\(result.errors)")
    #expect(try String(contentsOf: folder("g.txt"), encoding: .utf8) == "hi\n")
    #expect(try String(contentsOf: folder("f.txt"), encoding: .utf8) == "hi\nx\ny\n")
  }

  @Test(
    "A trailing slash names a folder, as cp reads it",
    arguments: [
      ("save-as newname/", "newname: the path ends in '/', which names a folder"),
      (
        "save-as photos/a.jpg/ --replace",
        "photos/a.jpg: the path ends in '/', which names a folder, but this is a file"
      ),
      (
        "export to keep.txt/ --replace",
        "keep.txt: the path ends in '/', which names a folder, but this is a file"
      ),
    ])
  func trailingSlash(_ command: String, _ message: String) throws {
    let folder = try folder()
    try makeFolderOfPhotos(at: folder("photos"))
    let before = try DiskSnapshot(of: folder.url)
    let result = try runDocrepl(["-c", "new text t; append a; " + command], in: folder.url)
    #expect(result.status == 1)
    #expect(result.errors.contains("error: " + message), "\(result.errors)")
    #expect(before == (try DiskSnapshot(of: folder.url)))
  }

  @Test(
    "--name takes a name, not a path, and not an empty one",
    arguments: [
      ("../x", "'../x' is not a file name: it contains '/'"),
      ("", "an empty name names no file"), (".", "'.' is not a file name"),
      ("a/b", "'a/b' is not a file name: it contains '/'"),
    ])
  func exportName(_ name: String, _ message: String) throws {
    let folder = try folder()
    let work = folder("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let before = try DiskSnapshot(of: folder.url)
    let result = try runDocrepl(
      ["-c", "new text t; append a; export --name '\(name)'"], in: work)
    #expect(result.status == 1)
    #expect(result.errors.contains("error: " + message), "\(result.errors)")
    #expect(before == (try DiskSnapshot(of: folder.url)))
  }

  @Test(
    "A link repointed after the document was read is another file: save and save --force refuse")
  func repointedLink() throws {
    let folder = try folder()
    _ = try folder.write("PRECIOUS\n", to: "b.txt")
    try FileManager.default.createSymbolicLink(
      atPath: folder("l.txt").path, withDestinationPath: "f.txt")
    let result = try runDocrepl(
      [], in: folder.url, first: "open l.txt\nappend x\nstatus\n", until: "on disk:",
      then: {
        try FileManager.default.removeItem(at: folder("l.txt"))
        try FileManager.default.createSymbolicLink(
          atPath: folder("l.txt").path, withDestinationPath: "b.txt")
      }, rest: "save\nsave --force\n")
    #expect(result.status == 1)
    #expect(
      result.errors.components(
        separatedBy: "l.txt: this now leads to \(folder("b.txt").resolvingSymlinksInPath().path)"
      ).count == 3, "\(result.errors)")
    #expect(try String(contentsOf: folder("b.txt"), encoding: .utf8) == "PRECIOUS\n")
    #expect(try String(contentsOf: folder("f.txt"), encoding: .utf8) == "hi\n")
  }

  @Test("A forced save of a package another program changed writes the whole package")
  func forcedPackageSave() throws {
    let folder = try folder()
    let made = try runDocrepl(
      ["-c", "new notes a; note add one first; note add two second; save A.notes"],
      in: folder.url)
    #expect(made.status == 0, "\(made.errors)")
    let result = try runDocrepl(
      [], in: folder.url, first: "open A.notes\nnote add three third\nstatus\n",
      until: "on disk:",
      then: { try FileManager.default.removeItem(at: folder("A.notes/one.json")) },
      rest: "save --force\n")
    #expect(result.status == 0, "\(result.errors)")
    let reopened = try runDocrepl(["-c", "open A.notes; show"], in: folder.url)
    #expect(reopened.status == 0, "\(reopened.errors)")
    #expect(reopened.output.contains("first"), "\(reopened.output)")
    #expect(reopened.output.contains("third"), "\(reopened.output)")
  }

  @Test(
    "A JUnit report never replaces a script it reports on, nor check's --from file",
    arguments: [
      ["test", "--junit", "s.docscript", "s.docscript"], ["test", "--junit", "sl", "s.docscript"],
      ["check", "text", "--from", "f.txt", "--junit", "f.txt", "--runs", "1", "--steps", "2"],
    ])
  func reportOverInput(_ arguments: [String]) throws {
    let folder = try folder()
    _ = try folder.write("new text t\nappend a\nshow\n#> a\n", to: "s.docscript")
    try FileManager.default.createSymbolicLink(
      atPath: folder("sl").path, withDestinationPath: "s.docscript")
    let before = try DiskSnapshot(of: folder.url)
    let result = try runDocrepl(arguments, in: folder.url)
    #expect(result.status == 66)
    #expect(
      result.errors.contains("which the run reads; a report never replaces what it reports on"),
      "\(result.errors)")
    #expect(before == (try DiskSnapshot(of: folder.url)))
  }

  @Test(
    "A stream of the process (/dev/stdout, /dev/stderr) is never replaced, even with --replace",
    arguments: ["save-to /dev/stdout --replace", "export --replace to /dev/stderr"])
  func processStreams(_ command: String) throws {
    let folder = try folder()
    let log = folder("log.txt")
    _ = try folder.write("LOGSTART\n", to: "log.txt")
    // Standard output and error go to a file, as `>> log.txt` would.
    let process = Process()
    process.executableURL = docreplExecutable
    process.arguments = ["-c", "new text t; append x; \(command); print after"]
    process.currentDirectoryURL = folder.url
    let handle = try FileHandle(forWritingTo: log)
    try handle.seekToEnd()
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    #expect(process.terminationStatus == 1)
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(text.hasPrefix("LOGSTART\n"), "\(text)")
    #expect(text.contains("this is a stream of a running process"), "\(text)")
    #expect(!text.contains("note: add --replace"), "\(text)")
  }

  @Test("Save as onto another open document's file is refused, naming the document")
  func otherOpenDocument() throws {
    let folder = try folder()
    let result = try runDocrepl(
      ["-c", "open keep.txt as k; new text t; append a; save-as keep.txt --replace"],
      in: folder.url)
    #expect(result.status == 1)
    #expect(
      result.errors.contains("'keep.txt' is the file of the open document 'k'"),
      "\(result.errors)")
    #expect(try String(contentsOf: folder("keep.txt"), encoding: .utf8) == "keep\n")
  }

  @Test("A symbolic link in the autosave folder is no autosave: never listed, read or written")
  func autosaveLink() throws {
    let folder = try folder()
    let autosaves = folder("state/docrepl/autosave")
    try FileManager.default.createDirectory(at: autosaves, withIntermediateDirectories: true)
    #expect(chmod(folder("state/docrepl").path, 0o700) == 0)
    #expect(chmod(autosaves.path, 0o700) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: autosaves.appendingPathComponent("Untitled-9-1-aaaa.txt").path,
      withDestinationPath: folder("keep.txt").path)
    let result = try runDocrepl(
      ["-c", "recover; recover Untitled-9-1-aaaa.txt as r; append more; autosave now"],
      in: folder.url, environment: ["XDG_STATE_HOME": folder("state").path])
    #expect(result.status == 1)
    #expect(result.output.contains("no autosaves to recover"), "\(result.output)")
    #expect(result.errors.contains("no autosave named 'Untitled-9-1-aaaa.txt'"), "\(result.errors)")
    #expect(try String(contentsOf: folder("keep.txt"), encoding: .utf8) == "keep\n")
    #expect(FileStat(folder("keep.txt"))?.permissions == 0o644)
  }
}
