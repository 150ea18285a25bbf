import DocKit
import DocTestSupport
import Foundation
import Glibc
import Testing

/// The proof of the destination policy: every write × every class of
/// destination × every flag × {direct, through a symbolic link}, each
/// cell in a fresh folder, run through the built `docrepl` (the release
/// binary in CI, named by `DOCREPL_BINARY`).
///
/// The cells are generated from `DestinationPolicy.Write.allCases` and
/// ``Fixture/allCases``, and each cell's expected outcome is the policy's
/// own table (`DestinationPolicy.outcome`), which `docs/saving.md` prints.
/// For each cell the test checks the exit status and the message the
/// outcome promises (a refusal never advises `--replace` or `--force`),
/// and compares every file under the cell's folder before and after: a
/// refused write changes nothing at all, and a write changes nothing but
/// its destination.
// Serialized: each cell blocks a thread on a child process, and two at
// once would take both of a 2-core machine's cooperative threads from the
// tests that need them to go on.
@Suite("The destination matrix: every write × every kind of destination", .serialized)
struct DestinationMatrixTests {
  /// What stands at the destination, as each cell makes it.
  enum Fixture: String, CaseIterable, Sendable {
    case nothing, file, readOnlyFile, hardLinkedFile, otherOwnersFile
    case documentPackage, folder, folderNamedLikePackage, danglingLink
    case fifo, characterDevice, blockDevice, socket, processStream
    case workingFolder, folderAboveWorkingFolder, folderAboveDocument, insideDocumentPackage
    case trailingSlashOnNothing, trailingSlashOnFile

    /// The class the destination policy sees.
    var kind: WriteDestination.Kind {
      switch self {
      case .nothing, .trailingSlashOnNothing: .nothing
      case .file, .readOnlyFile, .hardLinkedFile, .otherOwnersFile, .trailingSlashOnFile: .file
      case .documentPackage: .documentPackage
      case .folder, .folderNamedLikePackage: .folder
      case .danglingLink: .danglingLink
      case .fifo: .fifo
      case .characterDevice: .characterDevice
      case .blockDevice: .blockDevice
      case .socket: .socket
      case .processStream: .processStream
      case .workingFolder: .workingFolder
      case .folderAboveWorkingFolder: .folderAboveWorkingFolder
      case .folderAboveDocument: .folderAboveDocument
      case .insideDocumentPackage: .insideDocumentPackage
      }
    }

    var isReadOnly: Bool { self == .readOnlyFile }
    var hasTrailingSlash: Bool { self == .trailingSlashOnNothing || self == .trailingSlashOnFile }
    /// Whether the document written is a note collection (a package type).
    var writesPackage: Bool { self == .documentPackage || self == .folderNamedLikePackage }
    /// Whether the fixture is a place rather than a thing made at a path.
    var isPlace: Bool {
      switch self {
      case .workingFolder, .folderAboveWorkingFolder, .folderAboveDocument,
        .insideDocumentPackage, .processStream:
        true
      default: false
      }
    }

    /// The destination's path as the command names it, in the working
    /// folder `work`.
    var path: String {
      switch self {
      case .workingFolder: "."
      case .folderAboveWorkingFolder: ".."
      case .folderAboveDocument: "sub"
      case .insideDocumentPackage: "Trip.notes/x.txt"
      case .processStream: "/dev/stdout"
      case .documentPackage, .folderNamedLikePackage: "dest.notes"
      case .trailingSlashOnNothing, .trailingSlashOnFile: "dest.txt/"
      default: "dest.txt"
      }
    }
  }

  /// How a cell reaches the destination.
  enum Route: String, CaseIterable, Sendable {
    case direct
    /// The path named is a symbolic link to the fixture.
    case throughLink
  }

  /// One cell of the matrix.
  struct Cell: Sendable, CustomTestStringConvertible {
    var write: DestinationPolicy.Write
    var fixture: Fixture
    var flags: DestinationPolicy.Flags
    var route: Route

    var testDescription: String {
      var flagNames: [String] = []
      if flags.contains(.replace) { flagNames.append("--replace") }
      if flags.contains(.force) { flagNames.append("--force") }
      return "\(write) \(fixture) \(route)"
        + (flagNames.isEmpty ? "" : " " + flagNames.joined(separator: " "))
    }

    /// The class the policy sees: a link to nothing is a dangling link.
    var kind: WriteDestination.Kind {
      route == .throughLink && fixture.kind == .nothing ? .danglingLink : fixture.kind
    }

    /// The table's outcome for this cell. A save in place (or autosave)
    /// also meets the change another program made: without `--force` the
    /// conflict refuses it, advising `save --force`.
    var expected: DestinationPolicy.Outcome {
      let outcome = DestinationPolicy.outcome(
        of: write, kind: kind, isReadOnly: fixture.isReadOnly,
        hasTrailingSlash: fixture.hasTrailingSlash, flags: flags,
        writesPackage: fixture.writesPackage)
      guard write == .save || write == .autosave else { return outcome }
      // The document's own path turned into a link leads to another file:
      // a change of place, which no flag overrides.
      if route == .throughLink || fixture == .danglingLink { return .refuse }
      // An autosave of a titled document is a save in place, unforced.
      let inPlace = DestinationPolicy.outcome(
        of: .save, kind: kind, isReadOnly: fixture.isReadOnly, flags: flags,
        writesPackage: fixture.writesPackage)
      return inPlace == .write && !flags.contains(.force) ? .requiresForce : inPlace
    }
  }

  /// How the test drives each write; `nil` for the writes whose
  /// destination the user does not name in a command (the failure script
  /// `check` names, the history file), which `AtomicFileMatrixTests`
  /// covers cell by cell in process.
  static func flagSets(for write: DestinationPolicy.Write) -> [DestinationPolicy.Flags]? {
    switch write {
    case .save: [[], [.force]]
    case .autosave: [[]]
    case .saveAs, .saveTo, .export: [[], [.replace], [.force]]
    case .record, .output: [[], [.replace]]
    case .report, .testUpdate: [[]]
    case .failureScript, .history: nil
    }
  }

  /// Why a cell cannot be made, or nil if it can.
  static func inapplicable(_ cell: Cell) -> String? {
    let fixture = cell.fixture
    if fixture == .otherOwnersFile, geteuid() != 0 {
      return "only root can make another user's file"
    }
    switch cell.write {
    case .save, .autosave:
      if fixture.hasTrailingSlash { return "a document's own path has no trailing slash" }
      if fixture.isPlace, cell.route == .direct {
        return "the document's own file cannot become a place; it can become a link to one"
      }
      if fixture == .danglingLink, cell.route == .throughLink {
        return "the same as a direct dangling link"
      }
    case .testUpdate:
      guard [.file, .readOnlyFile, .hardLinkedFile, .otherOwnersFile].contains(fixture) else {
        return "test --update rewrites a script it has read, a regular file"
      }
    case .report:
      if fixture == .insideDocumentPackage || fixture == .folderAboveDocument {
        return "docrepl test has no document open"
      }
    case .saveAs, .saveTo, .export, .record, .output, .failureScript, .history:
      break
    }
    if fixture == .danglingLink, cell.route == .throughLink {
      return "a link to a dangling link is a dangling link"
    }
    return nil
  }

  static let cells: [Cell] = DestinationPolicy.Write.allCases.flatMap { write in
    (flagSets(for: write) ?? []).flatMap { flags in
      Fixture.allCases.flatMap { fixture in
        Route.allCases.map { Cell(write: write, fixture: fixture, flags: flags, route: $0) }
      }
    }
  }.filter { inapplicable($0) == nil }

  @Test("Every class of destination has its fixture, and every write its route or its own test")
  func completeness() {
    #expect(Set(Fixture.allCases.map(\.kind)) == Set(WriteDestination.Kind.allCases))
    for write in DestinationPolicy.Write.allCases {
      #expect(
        Self.flagSets(for: write) != nil || write == .failureScript || write == .history,
        "\(write) has no route through docrepl and no in-process test")
    }
    #expect(Self.cells.count > 400, "\(Self.cells.count) cells")
  }

  /// Whether the matrix through the binary runs: in the pass against the
  /// release binary (`DOCREPL_BINARY`, as `.ci/run` sets it), or when
  /// `DOCREPL_MATRIX=1` asks for it. Its 562 child processes, beside the
  /// rest of a full `swift test` on two cores, starved the main-actor
  /// tests that have time limits.
  static let runsThroughBinary =
    ProcessInfo.processInfo.environment["DOCREPL_BINARY"].map { !$0.isEmpty } == true
    || ProcessInfo.processInfo.environment["DOCREPL_MATRIX"] == "1"

  @Test(
    "Each cell does what the policy's table says, and nothing else changes",
    .enabled(if: runsThroughBinary, "set DOCREPL_MATRIX=1, or DOCREPL_BINARY, to run it"),
    arguments: cells)
  func cell(_ cell: Cell) throws {
    let folder = try TemporaryDirectory("matrix")
    let work = folder("work")
    let made = try Self.makeWorld(for: cell, in: folder.url)
    // A save in place meets its fixture after the document is open: the
    // snapshot is taken once the fixture stands.
    var before = try DiskSnapshot(of: folder.url)
    let result = try Self.run(cell, in: work, named: made.named) {
      before = try DiskSnapshot(of: folder.url)
    }
    let after = try DiskSnapshot(of: folder.url)
    let changed = before.differences(from: after)
    let report = "\(cell.testDescription): status \(result.status)\n\(result.errors)"

    switch cell.expected {
    case .write:
      #expect(result.status == 0, "\(report)")
      // Only the destination (what the path leads to) changed.
      for path in changed {
        #expect(
          path == made.target || path.hasPrefix(made.target + "/"),
          "\(report)\nchanged besides the destination: \(path)")
      }
      try expectWritten(cell, at: folder(made.target), before: before, result: result)
      if cell.route == .throughLink {
        #expect(before.entries[made.named] == after.entries[made.named], "\(report): link changed")
      }
    case .refuse:
      #expect(result.status != 0, "\(report)")
      #expect(changed.isEmpty, "\(report)\nchanged: \(changed)")
      let said = Self.messages(in: result.errors + result.output)
      #expect((result.errors + result.output).contains("error: "), "\(report)")
      // A refusal never advises a flag: no flag lets it through.
      #expect(!said.contains("--replace"), "\(report)")
      #expect(!said.contains("--force"), "\(report)")
    case .requiresReplace:
      #expect(result.status != 0, "\(report)")
      #expect(changed.isEmpty, "\(report)\nchanged: \(changed)")
      #expect(Self.messages(in: result.errors + result.output).contains("--replace"), "\(report)")
    case .requiresForce:
      #expect(result.status != 0, "\(report)")
      #expect(changed.isEmpty, "\(report)\nchanged: \(changed)")
      #expect(Self.messages(in: result.errors + result.output).contains("--force"), "\(report)")
    }
    #expect(before.entries.count >= 6, "\(report): too few canaries")
  }

  /// The commands by which a script names where it writes, each with
  /// every flag: under `--confine`, a destination outside the run's
  /// temporary folder (a file the script may not replace, beside its own
  /// folder) is refused whatever the flags, and nothing changes.
  static let confinedWrites: [String] = [
    "save", "save --force", "autosave now", "save-as ../dest.txt", "save-as ../dest.txt --replace",
    "save-as ../dest.txt --force", "save-to ../dest.txt", "save-to ../dest.txt --replace",
    "save-to ../dest.txt --force", "export to ../dest.txt", "export --replace to ../dest.txt",
    "export --force to ../dest.txt", "record ../dest.txt", "record ../dest.txt --replace",
    "output ../dest.txt", "output ../dest.txt --replace",
  ]

  @Test(
    "A confined write outside the run's folder is refused, whatever the flags",
    arguments: confinedWrites)
  func confinedWrite(_ command: String) throws {
    let folder = try TemporaryDirectory("matrix")
    try folder.write("the script's document\n", to: "work/d.txt")
    try folder.write("the file there\n", to: "dest.txt")
    // The document is the script's own file: read, edited, never written.
    let script = try folder.write(
      "open $SCRIPT_DIR/d.txt\nappend more\n\(command.replacingOccurrences(of: "../", with: "$SCRIPT_DIR/../"))\n",
      to: "work/s.docscript")
    let before = try DiskSnapshot(of: folder.url)
    let result = try runDocrepl(["run", "--confine", script.path], in: folder("work"))
    let report = "\(command): status \(result.status)\n\(result.errors)"
    #expect(result.status == 1, "\(report)")
    #expect(result.errors.contains("--confine allows writing only under"), "\(report)")
    #expect(before.differences(from: try DiskSnapshot(of: folder.url)).isEmpty, "\(report)")
  }

  /// The writes with no command that names their path, and every other
  /// write of a whole small file: through `AtomicFile`, in process, at
  /// every fixture, with every flag, direct and through a link.
  static let atomicFileCells: [Cell] = {
    let writes: [DestinationPolicy.Write] = DestinationPolicy.Write.allCases.filter {
      [.record, .output, .testUpdate, .failureScript, .report, .history].contains($0)
    }
    let flagSets: [DestinationPolicy.Flags] = [[], [.replace], [.force]]
    var cells: [Cell] = []
    for write in writes {
      for flags in flagSets {
        // A stream of this test process is left to the matrix through
        // docrepl, whose streams are pipes.
        for fixture in Fixture.allCases where !fixture.writesPackage && fixture != .processStream {
          if fixture == .otherOwnersFile, geteuid() != 0 { continue }
          for route in Route.allCases {
            if fixture == .danglingLink, route == .throughLink { continue }
            cells.append(Cell(write: write, fixture: fixture, flags: flags, route: route))
          }
        }
      }
    }
    return cells
  }()

  @Test(
    "Recordings, scripts, reports, failure scripts and history do what the table says",
    arguments: atomicFileCells)
  func atomicFileCell(_ cell: Cell) throws {
    let folder = try TemporaryDirectory("matrix")
    let work = folder("work")
    let made = try Self.makeWorld(for: cell, in: folder.url)
    let before = try DiskSnapshot(of: folder.url)
    let named = folder(made.named + (cell.fixture.hasTrailingSlash ? "/" : ""))
    let context = WriteDestination.Context(
      workingFolder: work, documentFile: folder("work/sub/d.txt"),
      openDocuments: [folder("work/Trip.notes")])
    let bytes = Array("written by the cell\n".utf8)
    var failure: FileWrapperError?
    do {
      try AtomicFile.write(bytes, to: named, as: cell.write, flags: cell.flags, context: context)
    } catch {
      failure = error
    }
    let changed = before.differences(from: try DiskSnapshot(of: folder.url))
    let outcome = DestinationPolicy.outcome(
      of: cell.write, kind: cell.kind, isReadOnly: cell.fixture.isReadOnly,
      hasTrailingSlash: cell.fixture.hasTrailingSlash, flags: cell.flags)
    let report = "\(cell.testDescription): \(String(describing: failure))"
    switch outcome {
    case .write:
      #expect(failure == nil, "\(report)")
      #expect(changed.allSatisfy { $0 == made.target }, "\(report): \(changed)")
      #expect(FileManager.default.contents(atPath: folder(made.target).path) == Data(bytes))
      if cell.fixture == .readOnlyFile {
        #expect(FileStat(folder(made.target))?.permissions == 0o444)
      }
      if cell.fixture == .otherOwnersFile { #expect(FileStat(folder(made.target))?.owner == 65534) }
    case .refuse, .requiresForce:
      #expect(failure != nil && failure?.code != .fileExists, "\(report)")
      #expect(changed.isEmpty, "\(report): \(changed)")
    case .requiresReplace:
      #expect(failure?.code == .fileExists, "\(report)")
      #expect(changed.isEmpty, "\(report): \(changed)")
    }
  }

  /// The diagnostics' messages and notes in `errors`, without the source
  /// lines they quote (which hold the command's own flags) or the carets.
  static func messages(in errors: String) -> String {
    errors.split(separator: "\n").filter {
      $0.contains("error: ") || $0.contains("warning: ") || $0.hasPrefix("note: ")
    }.map { line in
      // `file:line:col: error: message`: the message only.
      guard let range = line.range(of: ": error: ") ?? line.range(of: ": warning: ") else {
        return String(line)
      }
      return String(line[range.upperBound...])
    }.joined(separator: "\n")
  }

  /// What a write left at `target`: the document's bytes (or package),
  /// with a replaced file's mode and owner, and a note for hard links.
  private func expectWritten(
    _ cell: Cell, at target: URL, before: DiskSnapshot, result: ProcessResult
  ) throws {
    let report = cell.testDescription
    switch cell.write {
    case .report:
      let text = try String(contentsOf: target, encoding: .utf8)
      #expect(text.contains("<testsuites"), "\(report)")
      return
    case .testUpdate:
      let text = try String(contentsOf: target, encoding: .utf8)
      #expect(text.contains("#> hi"), "\(report)")
    case .record:
      #expect(FileManager.default.fileExists(atPath: target.path), "\(report)")
      return
    case .output:
      // What the command printed went there, and nothing else.
      #expect(try Data(contentsOf: target) == Data("printed\n".utf8), "\(report)")
      return
    default:
      if cell.fixture.writesPackage {
        #expect(
          FileManager.default.fileExists(
            atPath: target.appendingPathComponent("metadata.json").path),
          "\(report)")
      } else {
        #expect(try Data(contentsOf: target) == Data("doc\nx\n".utf8), "\(report)")
      }
    }
    let status = FileStat(target)
    if cell.fixture == .readOnlyFile { #expect(status?.permissions == 0o444, "\(report)") }
    if cell.fixture == .otherOwnersFile { #expect(status?.owner == 65534, "\(report)") }
    if cell.fixture == .hardLinkedFile, cell.write != .testUpdate {
      #expect(result.errors.contains("1 other hard link"), "\(report): \(result.errors)")
    }
  }

  // MARK: - Making the world

  /// The folder of a cell: canaries beside and inside everything, the
  /// document (`work/sub/d.txt`, or `work/sub/d.notes`), an open package
  /// (`work/Trip.notes`), and the fixture. Returns the path the command
  /// names and the path it leads to, relative to `folder`.
  static func makeWorld(
    for cell: Cell, in root: URL
  ) throws -> (named: String, target: String) {
    let folder = { (path: String) in root.appendingPathComponent(path) }
    let manager = FileManager.default
    let canary = Data("canary 7f3e\n".utf8)
    try manager.createDirectory(at: folder("work/sub"), withIntermediateDirectories: true)
    try canary.write(to: folder("canary.txt"))
    try canary.write(to: folder("work/canary.txt"))
    try canary.write(to: folder("work/sub/canary.txt"))
    try manager.copyItem(
      at: packageRoot.appendingPathComponent("examples/Trip.notes"), to: folder("work/Trip.notes"))
    if cell.fixture.writesPackage {
      try manager.copyItem(
        at: packageRoot.appendingPathComponent("examples/Trip.notes"),
        to: folder("work/sub/d.notes"))
    } else {
      try Data("doc\n".utf8).write(to: folder("work/sub/d.txt"))
    }
    try Data("print hi\n#> hi\n".utf8).write(to: folder("work/pass.docscript"))
    if cell.write == .save || cell.write == .autosave {
      // The fixture is made when the document is open (see `run`).
      let own = cell.fixture.writesPackage ? "work/sub/d.notes" : "work/sub/d.txt"
      if cell.fixture == .danglingLink { return (own, "work/sub/gone.txt") }
      return (own, cell.route == .direct ? own : placeTarget(cell.fixture, from: "work"))
    }
    let fixturePath = "work/" + cell.fixture.path
    try make(cell.fixture, at: fixturePath, in: root, canary: canary, script: cell.write)
    let target = placeTarget(cell.fixture, from: "work")
    guard cell.route == .throughLink else {
      return ("work/" + cell.fixture.path, target)
    }
    try manager.createSymbolicLink(
      atPath: folder("work/link").path,
      withDestinationPath: cell.fixture.path.hasSuffix("/")
        ? String(cell.fixture.path.dropLast()) : cell.fixture.path)
    return ("work/link", target)
  }

  /// Where the fixture's path leads, relative to the cell's folder.
  static func placeTarget(_ fixture: Fixture, from work: String) -> String {
    switch fixture {
    case .workingFolder: work
    case .folderAboveWorkingFolder, .processStream: ""
    case .danglingLink: work + "/gone.txt"
    default:
      work + "/" + (fixture.hasTrailingSlash ? String(fixture.path.dropLast()) : fixture.path)
    }
  }

  /// Makes `fixture` at `path` (relative to `folder`).
  static func make(
    _ fixture: Fixture, at path: String, in root: URL, canary: Data,
    script write: DestinationPolicy.Write
  ) throws {
    let url = root.appendingPathComponent(path.hasSuffix("/") ? String(path.dropLast()) : path)
    let manager = FileManager.default
    let contents =
      write == .testUpdate ? Data("print hi\n#> old\n".utf8) : Data("the file there 91ac\n".utf8)
    switch fixture {
    case .nothing, .trailingSlashOnNothing, .workingFolder, .folderAboveWorkingFolder,
      .folderAboveDocument, .insideDocumentPackage, .processStream:
      break
    case .file, .trailingSlashOnFile:
      try contents.write(to: url)
    case .readOnlyFile:
      try contents.write(to: url)
      #expect(chmod(url.path, 0o444) == 0)
    case .hardLinkedFile:
      try contents.write(to: url)
      #expect(link(url.path, url.path + "-link") == 0)
    case .otherOwnersFile:
      try contents.write(to: url)
      #expect(chown(url.path, 65534, 65534) == 0)
    case .documentPackage:
      try manager.copyItem(
        at: packageRoot.appendingPathComponent("examples/Trip.notes"), to: url)
    case .folder, .folderNamedLikePackage:
      try manager.createDirectory(at: url, withIntermediateDirectories: true)
      try canary.write(to: url.appendingPathComponent("photo.jpg"))
    case .danglingLink:
      try manager.createSymbolicLink(atPath: url.path, withDestinationPath: "gone.txt")
    case .fifo:
      #expect(mkfifo(url.path, 0o644) == 0)
    case .characterDevice:
      #expect(mknod(url.path, S_IFCHR | 0o600, dev_t((1 << 8) | 3)) == 0, "mknod: \(errno)")
    case .blockDevice:
      #expect(mknod(url.path, S_IFBLK | 0o600, dev_t((7 << 8) | 200)) == 0, "mknod: \(errno)")
    case .socket:
      try makeSocket(at: url)
    }
  }

  // MARK: - Running the write

  /// Runs the cell's write in `work`.
  static func run(
    _ cell: Cell, in work: URL, named: String, whenFixtureStands snapshot: () throws -> Void
  ) throws -> ProcessResult {
    let name = String(named.dropFirst("work/".count))
    let shownName =
      cell.fixture.hasTrailingSlash && cell.route == .throughLink ? name + "/" : name
    let destination = named == "work/" + cell.fixture.path ? cell.fixture.path : shownName
    var flags = ""
    if cell.flags.contains(.replace) { flags += " --replace" }
    if cell.flags.contains(.force) { flags += " --force" }
    let document = cell.fixture.writesPackage ? "sub/d.notes" : "sub/d.txt"
    let edit = cell.fixture.writesPackage ? "note add n9 x" : "append x"
    let environment = ["XDG_STATE_HOME": work.deletingLastPathComponent().path + "/state-outside"]
    let open = "open Trip.notes as trip; open \(document) as d; \(edit)"
    switch cell.write {
    case .save, .autosave:
      let command = cell.write == .save ? "save" + flags : "autosave now"
      return try runDocrepl(
        [], in: work, first: open.replacingOccurrences(of: "; ", with: "\n") + "\nstatus\n",
        until: "on disk:",
        then: {
          let folder = work.deletingLastPathComponent()
          let own = folder.appendingPathComponent("work/" + document).path
          try FileManager.default.removeItem(atPath: own)
          if cell.route == .direct {
            try make(
              cell.fixture, at: "work/" + document, in: folder,
              canary: Data("canary 7f3e\n".utf8), script: cell.write)
          } else {
            let fixture = "work/" + cell.fixture.path
            if !cell.fixture.isPlace {
              try make(
                cell.fixture, at: fixture, in: folder,
                canary: Data("canary 7f3e\n".utf8), script: cell.write)
            }
            try FileManager.default.createSymbolicLink(
              atPath: own, withDestinationPath: linkTarget(for: cell.fixture))
          }
          try snapshot()
        }, rest: command + "\n", environment: environment)
    case .saveAs, .saveTo, .export, .record, .output:
      let command =
        switch cell.write {
        case .saveAs: "save-as '\(destination)'\(flags)"
        case .saveTo: "save-to '\(destination)'\(flags)"
        case .export: "export\(flags) to '\(destination)'"
        case .output: "output '\(destination)'\(flags); print printed; output"
        default: "record '\(destination)'\(flags); print hi; record stop"
        }
      return try runDocrepl(
        ["-c", "\(open); \(command)"], in: work, environment: environment)
    case .report:
      return try runDocrepl(
        ["test", "--junit", destination, "pass.docscript"], in: work, environment: environment)
    case .testUpdate:
      return try runDocrepl(["test", "--update", destination], in: work, environment: environment)
    case .failureScript, .history:
      Issue.record("\(cell.write) has no route through docrepl")
      return try runDocrepl(["--version"], in: work)
    }
  }

  /// What the document's own path (in `work/sub`) links to, for a save
  /// through a link to `fixture`.
  static func linkTarget(for fixture: Fixture) -> String {
    switch fixture {
    case .workingFolder: ".."
    case .folderAboveWorkingFolder: "../.."
    case .folderAboveDocument: "."
    case .insideDocumentPackage: "../Trip.notes/x.txt"
    case .processStream: "/dev/stdout"
    default: "../" + fixture.path
    }
  }
}

extension DestinationMatrixTests {
  /// The table `docs/saving.md` prints, rendered from the policy itself:
  /// one row a class of destination, one column a group of writes that
  /// decide alike, each cell what the write does without a flag (`writes`,
  /// `refuses`) or the flag it needs (`--replace`, `--force`).
  static func renderedTable() -> String {
    let columns: [(title: String, writes: [DestinationPolicy.Write])] = [
      ("`save`", [.save]),
      ("autosave", [.autosave]),
      ("`save-as`, `save-to`, `export`", [.saveAs, .saveTo, .export]),
      ("`record`, `output`", [.record, .output]),
      (
        "`test --update`, check's failure script, reports, history",
        [.testUpdate, .failureScript, .report, .history]
      ),
    ]
    typealias Row = (title: String, kind: WriteDestination.Kind, readOnly: Bool, slash: Bool)
    let rows: [Row] = [
      ("nothing", .nothing, false, false),
      ("a file", .file, false, false),
      ("a read-only file", .file, true, false),
      ("a document package of the document's type", .documentPackage, false, false),
      ("any other folder", .folder, false, false),
      ("a symbolic link to nothing", .danglingLink, false, false),
      ("a FIFO, a device or a socket", .fifo, false, false),
      (
        "a stream of a running process (`/dev/stdout`, `/proc/self/fd/1`)", .processStream, false,
        false
      ),
      (
        "the working folder, or a folder above it or above the document",
        .workingFolder, false, false
      ),
      ("a place inside an open document's package", .insideDocumentPackage, false, false),
      ("`PATH/` (a trailing slash) where nothing or a file is", .nothing, false, true),
    ]
    func cell(_ row: Row, _ writes: [DestinationPolicy.Write]) -> String {
      let texts = Set(
        writes.map { write -> String in
          let package = row.kind == .documentPackage
          func outcome(_ flags: DestinationPolicy.Flags) -> DestinationPolicy.Outcome {
            DestinationPolicy.outcome(
              of: write, kind: row.kind, isReadOnly: row.readOnly, hasTrailingSlash: row.slash,
              flags: flags, writesPackage: package)
          }
          switch outcome([]) {
          case .write: return "writes"
          case .refuse: return "refuses"
          case .requiresReplace:
            return outcome([.replace]) == .write ? "with `--replace`" : "with `--force`"
          case .requiresForce: return "with `--force`"
          }
        })
      return texts.sorted().joined(separator: " / ")
    }
    var lines = [
      "| what stands at the path | " + columns.map(\.title).joined(separator: " | ") + " |",
      "|---|" + columns.map { _ in "---|" }.joined(),
    ]
    for row in rows {
      lines.append(
        "| \(row.title) | " + columns.map { cell(row, $0.writes) }.joined(separator: " | ")
          + " |")
    }
    return lines.joined(separator: "\n")
  }

  @Test("docs/saving.md prints the policy's own table")
  func documentedTable() throws {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent("docs/saving.md"), encoding: .utf8)
    let table = Self.renderedTable()
    #expect(
      text.contains(table),
      "docs/saving.md's destination table differs from the policy's; it is:\n\(table)")
  }
}
