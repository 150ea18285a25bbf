import DocTestSupport
import Foundation
import Glibc
import Testing

/// Where users touch paths: what `--replace` may replace, symbolic links on
/// the way to a document, `~`, folders and FIFOs, through the built
/// `docrepl` (debug, or the release binary named by `DOCREPL_BINARY`).
@Suite("docrepl and paths: folders, links, ~, FIFOs")
struct PathSafetyTests {
  /// The bytes every refused write must leave in its canary file.
  static let canary = Data("canary 5d1c\n".utf8)

  /// A folder with `photos/a.jpg` and `keep.txt` canaries.
  private func folderWithCanaries() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: folder("photos"), withIntermediateDirectories: true)
    try Self.canary.write(to: folder("photos/a.jpg"))
    try Self.canary.write(to: folder("keep.txt"))
    return folder
  }

  private func expectCanaries(_ folder: TemporaryDirectory) throws {
    #expect(try Data(contentsOf: folder("photos/a.jpg")) == Self.canary)
    #expect(try Data(contentsOf: folder("keep.txt")) == Self.canary)
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: folder.url.path, isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
  }

  private func isSymbolicLink(_ url: URL) -> Bool {
    var status = stat()
    return lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }

  @Test(
    "--replace never turns a plain folder into a file, in any write command",
    arguments: [
      "new json cfg; set /a 1; export to photos --replace",
      "new json cfg; set /a 1; save-to photos --replace",
      "new json cfg; set /a 1; save-as photos --replace",
      "new json cfg; set /a 1; save photos --replace",
      "new json cfg; set /a 1; save-as photos/ --replace",
    ])
  func plainFolder(_ commands: String) throws {
    let folder = try folderWithCanaries()
    let result = try runDocrepl(["-c", commands], in: folder.url)
    #expect(result.status == 1)
    #expect(
      result.errors.contains(
        "error: photos: this is a folder; only files and document packages are replaced"),
      "\(result.errors)")
    #expect(!result.output.contains("exported"))
    try expectCanaries(folder)
  }

  @Test(
    "An empty path is a usage error, not the working folder",
    arguments: [
      "save-as '' --replace", "save '' --replace", "save-to '' --replace",
      "export to '' --replace",
    ])
  func emptyPath(_ command: String) throws {
    let folder = try folderWithCanaries()
    let result = try runDocrepl(["-c", "new text t; append x; " + command], in: folder.url)
    #expect(result.status == 1)
    #expect(result.errors.contains("error: an empty path names no file"), "\(result.errors)")
    try expectCanaries(folder)
  }

  @Test(
    "The working folder and the folders above it are refused, also through a link",
    arguments: [
      ("save-as . --replace", "error: .: this is the working folder"),
      ("save-to .. --replace", "holds the working folder"),
      ("export to here --replace", "error: here: this is the working folder"),
      ("save-as here/ --replace", "error: here: this is the working folder"),
    ])
  func workingFolder(_ command: String, _ message: String) throws {
    let folder = try folderWithCanaries()
    let work = folder("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    try Self.canary.write(to: work.appendingPathComponent("inner.txt"))
    try FileManager.default.createSymbolicLink(
      atPath: work.appendingPathComponent("here").path, withDestinationPath: ".")
    let result = try runDocrepl(["-c", "new text t; append x; " + command], in: work)
    #expect(result.status == 1)
    #expect(result.errors.contains(message), "\(result.errors)")
    #expect(try Data(contentsOf: work.appendingPathComponent("inner.txt")) == Self.canary)
    try expectCanaries(folder)
  }

  @Test("Nothing is saved inside an open document's package; a package still replaces a package")
  func packages() throws {
    let folder = try folderWithCanaries()
    let made = try runDocrepl(
      ["-c", "new notes Trip; note add n1 x; save Trip.notes; save-to Old.notes"],
      in: folder.url)
    #expect(made.status == 0, "\(made.errors)")
    let inside = try runDocrepl(
      ["-c", "open Trip.notes; new text t; append x; save-as Trip.notes/x.txt --replace"],
      in: folder.url)
    #expect(inside.status == 1)
    #expect(
      inside.errors.contains(
        "'Trip.notes/x.txt' is inside the package of the open document 'Trip'"),
      "\(inside.errors)")
    #expect(!FileManager.default.fileExists(atPath: folder("Trip.notes/x.txt").path))
    // Trip.notes over Old.notes: allowed, through the crash-safe path.
    let replaced = try runDocrepl(
      [
        "-c",
        "open Trip.notes; title Porto; save-to Old.notes --replace; open Old.notes as old; show",
      ],
      in: folder.url)
    #expect(replaced.status == 0, "\(replaced.errors)")
    #expect(replaced.output.contains("Porto"), "\(replaced.output)")
    #expect(try folder.names().filter { $0.hasPrefix(".") }.isEmpty)
    try expectCanaries(folder)
  }

  @Test(
    "save-to and export onto the document's own file are refused; the file and the document stay")
  func ownFile() throws {
    let folder = try folderWithCanaries()
    let original = Data("{\"a\": 1}\n".utf8)
    try original.write(to: folder("settings.json"))
    for command in ["save-to settings.json --replace", "export to settings.json --replace"] {
      let result = try runDocrepl(
        ["-c", "open settings.json; set /a 2; \(command); status"], in: folder.url)
      #expect(result.status == 1)
      #expect(
        result.errors.contains("'settings.json' is the document's own file"), "\(result.errors)")
      #expect(result.output.contains("unchanged since read"), "\(result.output)")
      #expect(try Data(contentsOf: folder("settings.json")) == original)
    }
  }

  @Test("A document's path follows links: a linked folder, a linked file, a linked package")
  func symbolicLinks() throws {
    let folder = try TemporaryDirectory()
    try Data("hi\n".utf8).write(to: try folder.write("", to: "real/f.txt"))
    try FileManager.default.createSymbolicLink(
      atPath: folder("linkdir").path, withDestinationPath: "real")
    try FileManager.default.createSymbolicLink(
      atPath: folder("linkf.txt").path, withDestinationPath: "real/f.txt")
    let result = try runDocrepl(
      [
        "-c",
        "open linkdir/f.txt; append one; save; status; close; open linkf.txt; append two; save;"
          + " status; new text n; append new; save linkdir/new.txt; docs",
      ], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("file:      linkdir/f.txt\n"), "\(result.output)")
    #expect(result.output.contains("file:      linkf.txt\n"), "\(result.output)")
    #expect(!result.output.contains("on disk:   changed since read"), "\(result.output)")
    #expect(try Data(contentsOf: folder("real/f.txt")) == Data("hi\none\ntwo\n".utf8))
    #expect(try Data(contentsOf: folder("real/new.txt")) == Data("new\n".utf8))
    #expect(isSymbolicLink(folder("linkdir")))
    #expect(isSymbolicLink(folder("linkf.txt")))
    #expect(try folder.names(in: "real") == ["f.txt", "new.txt"])

    // A package through a link: saved in place into the target; the link stays.
    let made = try runDocrepl(
      ["-c", "new notes Trip; note add n1 x; save Real.notes"], in: folder.url)
    #expect(made.status == 0, "\(made.errors)")
    try FileManager.default.createSymbolicLink(
      atPath: folder("Link.notes").path, withDestinationPath: "Real.notes")
    let package = try runDocrepl(
      ["-c", "open Link.notes; title Porto; save; status; open Real.notes as real; show"],
      in: folder.url)
    #expect(package.status == 0, "\(package.errors)")
    #expect(package.output.contains("unchanged since read"), "\(package.output)")
    #expect(package.output.contains("Porto"), "\(package.output)")
    #expect(isSymbolicLink(folder("Link.notes")))
  }

  @Test("A change to a link's target is a conflict at save")
  func conflictThroughLink() throws {
    let folder = try TemporaryDirectory()
    try folder.write("one\n", to: "real.txt")
    try FileManager.default.createSymbolicLink(
      atPath: folder("link.txt").path, withDestinationPath: "real.txt")
    // Another program writes the target between open and save.
    let session = try PseudoTerminal(arguments: ["--no-color"], in: folder.url)
    try session.expect("docrepl > ")
    try session.send("open link.txt\r")
    try session.expect("link > ")
    try Data("other program\n".utf8).write(to: folder("real.txt"))
    try session.send("append mine; save\r")
    try session.expect("the file changed on disk since it was opened or saved")
    try session.expect("link* > ")
    try session.send("close --discard\r")
    try session.expect("docrepl > ")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
    #expect(try Data(contentsOf: folder("real.txt")) == Data("other program\n".utf8))
    #expect(isSymbolicLink(folder("link.txt")))
  }

  @Test("~ and $HOME follow HOME")
  func home() throws {
    let folder = try TemporaryDirectory()
    let home = folder("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let result = try runDocrepl(
      ["-c", "new text t; append x; save ~/f.txt; echo \"$HOME\"; save-to \"$HOME/g.txt\""],
      in: folder.url, environment: ["HOME": home.path])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == home.path + "\n", "\(result.output)")
    #expect(try Data(contentsOf: home.appendingPathComponent("f.txt")) == Data("x\n".utf8))
    #expect(try Data(contentsOf: home.appendingPathComponent("g.txt")) == Data("x\n".utf8))
  }

  @Test("A folder opened as a document says it is a folder, named once")
  func folderOpened() throws {
    let folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(at: folder("adir"), withIntermediateDirectories: true)
    let typed = try runDocrepl(["-c", "open adir --type public.plain-text"], in: folder.url)
    #expect(typed.status == 1)
    #expect(typed.errors.contains("error: adir: "), "\(typed.errors)")
    #expect(!typed.errors.contains("adir/adir"))
    let plain = try runDocrepl(["-c", "open adir"], in: folder.url)
    #expect(plain.status == 1)
    #expect(
      plain.errors.contains("error: adir: this is a folder; this document reads"), "\(plain.errors)"
    )
  }

  @Test(
    "source refuses a FIFO as open does, without waiting for a writer",
    arguments: [["-c", "source ff"], ["-c", "open ff"]])
  func fifo(_ arguments: [String]) throws {
    let folder = try TemporaryDirectory()
    #expect(mkfifo(folder("ff").path, 0o600) == 0)
    let result = try runDocrepl(arguments, in: folder.url)
    #expect(result.status != 0)
    #expect(result.errors.contains("ff: refusing to read a FIFO"), "\(result.errors)")
  }

  @Test("run of a pipe (/dev/stdin) reads it to its end, as 'run -' reads the same input")
  func pipeToRun() throws {
    let piped = try runDocrepl(["run", "/dev/stdin"], input: "print hi\n")
    #expect(piped.status == 0)
    #expect(piped.output == "hi\n")
    #expect(piped.errors == "")
    let dash = try runDocrepl(["run", "-"], input: "print hi\n")
    #expect(dash.status == 0)
    #expect(dash.output == "hi\n")
  }

  @Test("The export dialog offers a free name, never the document's own file, and refuses a folder")
  func exportDialog() throws {
    let folder = try folderWithCanaries()
    let original = Data("{\"a\": 1}\n".utf8)
    try original.write(to: folder("settings.json"))
    let session = try PseudoTerminal(arguments: ["--no-color"], in: folder.url)
    try session.expect("docrepl > ")
    try session.send("open settings.json; set /a 2\r")
    try session.expect("settings* > ")
    try session.send("export\r")
    try session.expect("export to: settings 2.json")
    try session.send("\r")
    try session.expect("exported settings 2.json\n")
    try session.expect("settings* > ")
    #expect(try Data(contentsOf: folder("settings.json")) == original)
    // A plain folder is refused at the dialog, without asking to replace it.
    try session.send("export\r")
    try session.expect("export to: settings 3.json")
    try session.send(String(repeating: "\u{7F}", count: "settings 3.json".count) + "photos\r")
    try session.expect("photos: this is a folder; only files and document packages are replaced")
    try session.expect("settings* > ")
    // The document's own file is still its own: save has no conflict.
    try session.send("save\r")
    try session.expect("settings > ")
    try session.send(control: "d")
    #expect(try session.waitForExit() == 0)
    // Edited in place: only the value's bytes changed.
    #expect(try Data(contentsOf: folder("settings.json")) == Data("{\"a\": 2}\n".utf8))
    #expect(try Data(contentsOf: folder("settings 2.json")) == Data("{\"a\": 2}\n".utf8))
    try expectCanaries(folder)
  }
}
