import DocTestSupport
import Foundation
import Testing

/// End-to-end tests of `docrepl inspect`, run through the built binary.
@Suite("docrepl inspect")
struct InspectCommandTests {
  // The example package alone: `examples/` also holds a Swift package,
  // whose build folder varies.
  @Test("The example package's tree prints exactly")
  func example() throws {
    let result = try runDocrepl(["inspect", "examples/Trip.notes"])
    let expected = try String(
      contentsOf: packageRoot.appendingPathComponent(
        "Tests/DocShellTests/Snapshots/inspect-examples.txt"),
      encoding: .utf8)
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    #expect(result.output == expected)
  }

  @Test("Nested directories draw their branches; sizes and kinds are shown")
  func nested() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("12345", to: "pkg/b/inner.txt")
    try temporary.write("", to: "pkg/b/z/deep")
    try temporary.write("x", to: "pkg/a.txt")
    try temporary.write("xy", to: "pkg/c")
    let result = try runDocrepl(["inspect", "pkg"], in: temporary.url)
    #expect(result.status == 0)
    #expect(
      result.output == """
        pkg/  (directory, 3 entries, public.folder)
        ├── a.txt  (file, 1 byte, public.plain-text)
        ├── b/  (directory, 2 entries, public.folder)
        │   ├── inner.txt  (file, 5 bytes, public.plain-text)
        │   └── z/  (directory, 1 entry, public.folder)
        │       └── deep  (file, 0 bytes, public.data)
        └── c  (file, 2 bytes, public.data)
        3 directories, 4 files, 0 symlinks; 8 bytes in files

        """)
  }

  @Test("Each entry's UTType comes from its extension; unknown extensions get dynamic types")
  func types() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("", to: "pkg/a.md")
    try temporary.write("", to: "pkg/b.PNG")
    try temporary.write("", to: "pkg/c.unknownext")
    try temporary.write("", to: "pkg/d.rtfd/TXT.rtf")
    let result = try runDocrepl(["inspect", "pkg"], in: temporary.url)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines[1] == "├── a.md  (file, 0 bytes, net.daringfireball.markdown)")
    #expect(lines[2] == "├── b.PNG  (file, 0 bytes, public.png)")
    #expect(lines[3].hasPrefix("├── c.unknownext  (file, 0 bytes, dyn.a"))
    #expect(lines[4] == "└── d.rtfd/  (directory, 1 entry, com.apple.rtfd)")
    #expect(lines[5] == "    └── TXT.rtf  (file, 0 bytes, public.rtf)")
  }

  @Test(
    "What FileWrapper does not read (a FIFO, a name that is not UTF-8) is listed as such, with a warning each, and the rest is listed too"
  )
  func listsWhatFileWrapperRefuses() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("abc", to: "pkg/a.txt")
    try temporary.write("12345", to: "pkg/sub/b.json")
    try makeFIFO(at: temporary("pkg/sub/pipe"))
    try makeFile(named: [0x6E, 0xE9], in: temporary("pkg"), contents: "xy")
    #expect(symlink("a.txt", temporary("pkg/link").path) == 0)
    let result = try runDocrepl(["inspect", "pkg/"], in: temporary.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output == """
        pkg/  (directory, 4 entries, public.folder)
        ├── a.txt  (file, 3 bytes, public.plain-text)
        ├── link -> a.txt  (symlink, public.symlink)
        ├── n\\xE9  (file, 2 bytes, public.data)
        └── sub/  (directory, 2 entries, public.folder)
            ├── b.json  (file, 5 bytes, public.json)
            └── pipe  (FIFO, not read)
        2 directories, 3 files, 1 symlink, 1 other; 10 bytes in files

        """)
    #expect(
      result.errors == """
        docrepl inspect: warning: pkg/n\\xE9: the name is not UTF-8, which FileWrapper does not read
        docrepl inspect: warning: pkg/sub/pipe: a FIFO, which FileWrapper does not read

        """)
  }

  @Test("A trailing slash lists the folder once: 'pkg/', not 'pkg//'")
  func trailingSlash() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("x", to: "pkg/a.txt")
    let result = try runDocrepl(["inspect", "pkg/"], in: temporary.url)
    #expect(result.output.hasPrefix("pkg/  (directory, 1 entry, public.folder)\n"))
  }

  @Test("A single file is a one-entry tree")
  func singleFile() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("hello\n", to: "note.txt")
    let result = try runDocrepl(["inspect", "--", "note.txt"], in: temporary.url)
    #expect(
      result.output
        == "note.txt  (file, 6 bytes, public.plain-text)\n0 directories, 1 file, 0 symlinks; 6 bytes in files\n"
    )
  }

  @Test("A name with a newline or control characters is escaped, so it cannot forge a line")
  func hostileName() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("", to: "pkg/evil\n└── fake  (file, 1 byte)")
    let result = try runDocrepl(["inspect", "pkg"], in: temporary.url)
    #expect(result.status == 0)
    #expect(
      result.output.contains("└── evil\\n└── fake  (file, 1 byte)  (file, 0 bytes, public.data)\n"))
    #expect(result.output.split(separator: "\n").count == 3)
  }

  struct Failure: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var setUp: @Sendable (TemporaryDirectory) throws -> Void
    var arguments: [String]
    var status: Int32
    var message: String
  }

  static let failures: [Failure] = [
    Failure(
      testDescription: "missing path", setUp: { _ in }, arguments: ["inspect", "nope"], status: 66,
      message: "docrepl inspect: error: nope: no such file or directory\n"),
    Failure(
      testDescription: "missing path inside a folder", setUp: { _ in },
      arguments: ["inspect", "no such/file.txt"], status: 66,
      message: "docrepl inspect: error: no such/file.txt: no such file or directory\n"),
    Failure(
      testDescription: "device", setUp: { _ in }, arguments: ["inspect", "/dev/null"], status: 65,
      message: "docrepl inspect: error: /dev/null: refusing to read a character device\n"),
    Failure(
      testDescription: "no path", setUp: { _ in }, arguments: ["inspect"], status: 64,
      message: "docrepl inspect: error: missing <path>\n"),
    Failure(
      testDescription: "empty path", setUp: { _ in }, arguments: ["inspect", ""], status: 64,
      message: "docrepl inspect: error: <path> is empty\n"),
    Failure(
      testDescription: "empty path after --", setUp: { _ in }, arguments: ["inspect", "--", ""],
      status: 64, message: "docrepl inspect: error: <path> is empty\n"),
    Failure(
      testDescription: "two paths", setUp: { _ in }, arguments: ["inspect", "a", "b"], status: 64,
      message: "docrepl inspect: error: expected one <path>, got 2\n"),
    Failure(
      testDescription: "unknown option", setUp: { _ in }, arguments: ["inspect", "-x"], status: 64,
      message: "docrepl inspect: error: unknown option '-x'\n"),
  ]

  @Test(
    "Bad input gets a clear error naming the path, and the right exit status", arguments: failures)
  func failure(_ failure: Failure) throws {
    let temporary = try TemporaryDirectory()
    try failure.setUp(temporary)
    let result = try runDocrepl(failure.arguments, in: temporary.url)
    #expect(result.status == failure.status)
    #expect(result.output.isEmpty)
    let firstLine = result.errors.prefix { $0 != "\n" } + "\n"
    let directory = temporary.url.resolvingSymlinksInPath().path
    #expect(firstLine == failure.message.replacingOccurrences(of: "{dir}", with: directory))
  }

  @Test(
    "An unreadable file is listed (contents are never read); an unreadable directory is a permission error (1)",
    .enabled(if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"))
  )
  func unreadable() throws {
    let temporary = try TemporaryDirectory()
    let secret = try temporary.write("secret", to: "pkg/secret.txt")
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: secret.path)
    let locked = try temporary.write("x", to: "locked/inner.txt").deletingLastPathComponent()
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
    // As root every file is readable, so drop to an unprivileged user.
    func inspect(_ path: String) throws -> ProcessResult {
      guard geteuid() == 0 else { return try runDocrepl(["inspect", path], in: temporary.url) }
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: temporary.url.path)
      return try runProgram(
        URL(fileURLWithPath: "/usr/bin/setpriv"),
        [
          "--reuid=65534", "--regid=65534", "--clear-groups", docreplExecutable.path, "inspect",
          path,
        ],
        in: temporary.url)
    }
    let file = try inspect("pkg")
    #expect(file.status == 0)
    #expect(file.output.contains("└── secret.txt  (file, 6 bytes, public.plain-text)\n"))
    let directory = try inspect("locked")
    #expect(directory.status == 1)
    #expect(directory.errors == "docrepl inspect: error: locked: permission denied\n")
    // Inside a tree, the folder is listed as not read, and the rest is.
    let tree = try inspect(".")
    #expect(tree.status == 1)
    #expect(tree.output.contains("├── locked  (not read: permission denied)\n"), "\(tree.output)")
    #expect(tree.output.contains("    └── secret.txt  (file, 6 bytes, public.plain-text)\n"))
    #expect(tree.errors == "docrepl inspect: warning: ./locked: permission denied\n")
  }

  @Test("A 64 GiB sparse file is listed with its size, without reading it")
  func hugeSparseFile() throws {
    let temporary = try TemporaryDirectory()
    try temporary.write("x", to: "pkg/a.txt")
    try makeSparseFile(at: temporary("pkg/huge"), size: 64 << 30)
    let result = try runDocrepl(["inspect", "pkg"], in: temporary.url)
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    #expect(
      result.output == """
        pkg/  (directory, 2 entries, public.folder)
        ├── a.txt  (file, 1 byte, public.plain-text)
        └── huge  (file, 68719476736 bytes, public.data)
        1 directory, 2 files, 0 symlinks; 68719476737 bytes in files

        """)
  }

  /// Names whose extension Foundation's rules decide: dots first or last,
  /// two dots, spaces, non-ASCII, characters that a URL escapes.
  static let typedNames: [(name: String, type: String)] = [
    (".hidden", "public.data"),
    (".hidden.txt", "public.plain-text"),
    ("..two.txt", "public.plain-text"),
    ("a.", "public.data"),
    ("a..txt", "public.plain-text"),
    ("archive.tar.gz", "org.gnu.gnu-zip-archive"),
    ("Makefile", "public.data"),
    ("2024-05-01.notes.JSON", "public.json"),
    ("a_b-c.d_e", "dyn.aaeauca5ep7wu"),
    ("noext", "public.data"),
    ("r\u{E9}sum\u{E9}.TXT", "public.plain-text"),
    ("spaced name.md", "net.daringfireball.markdown"),
    ("percent%2Etxt", "public.data"),
    ("question?.txt", "public.plain-text"),
    ("hash#.json", "public.json"),
    ("x.t xt", "public.data"),
    ("~tilde.png", "public.png"),
  ]

  @Test("Each name's type follows Foundation's extension rules, cached or not")
  func extensionRules() throws {
    let temporary = try TemporaryDirectory()
    for entry in Self.typedNames { try temporary.write("", to: "pkg/" + entry.name) }
    let result = try runDocrepl(["inspect", "pkg"], in: temporary.url)
    #expect(result.status == 0)
    let sorted = Self.typedNames.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    let lines = result.output.split(separator: "\n").dropFirst().dropLast().map(String.init)
    #expect(lines.count == sorted.count)
    for (line, entry) in zip(lines, sorted) {
      #expect(line.hasSuffix("\(entry.name)  (file, 0 bytes, \(entry.type))"))
    }
  }
}
