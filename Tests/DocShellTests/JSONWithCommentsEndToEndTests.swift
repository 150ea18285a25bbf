import DocTestSupport
import Foundation
import Testing

/// JSON with comments through the built program: a `tsconfig.json` opens
/// by its name, edits keep its comments and trailing commas, and a plain
/// `.json` file with a comment is refused with the way to open it.
@Suite("JSON with comments, end to end")
struct JSONWithCommentsEndToEndTests {
  static let tsconfig = """
    // Compiler settings.\r
    {\r
    \t"compilerOptions": {\r
    \t\t/* Type checking */\r
    \t\t"strict": false, // for now\r
    \t\t"target": "es2020",\r
    \t\t// "noEmit": true,\r
    \t},\r
    \t"include": ["src",],\r
    }\r

    """

  @Test("A tsconfig.json opens as JSONC, and an edit, an insert and a removal keep its comments")
  func tsconfig() throws {
    let folder = try TemporaryDirectory("jsonc")
    try Data(Self.tsconfig.utf8).write(to: folder("tsconfig.json"))
    let result = try runDocrepl(
      [
        "-c",
        "open tsconfig.json; docs; type /include; keys /compilerOptions; length /include; get /compilerOptions/* --raw; set /compilerOptions/strict true; insert /compilerOptions/lib '[\"dom\"]'; remove /compilerOptions/target; insert /include/- '\"test\"'; save",
      ], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output
        == "> tsconfig  org.docrepl.jsonc  tsconfig.json\narray\n\"strict\"\n\"target\"\n1\nfalse\nes2020\n"
    )
    let saved = String(decoding: try Data(contentsOf: folder("tsconfig.json")), as: UTF8.self)
    #expect(
      saved == """
        // Compiler settings.\r
        {\r
        \t"compilerOptions": {\r
        \t\t/* Type checking */\r
        \t\t"strict": true, // for now\r
        \t\t"lib": [\r
        \t\t\t"dom"\r
        \t\t],\r
        \t\t// "noEmit": true,\r
        \t},\r
        \t"include": ["src", "test",],\r
        }\r

        """)
  }

  @Test("A recording of an edited tsconfig.json replays to the same bytes")
  func recordReplays() throws {
    let folder = try TemporaryDirectory("jsonc")
    try Data(Self.tsconfig.utf8).write(to: folder("tsconfig.json"))
    let recorded = try runDocrepl(
      [
        "-c",
        "open tsconfig.json; set /compilerOptions/strict true; save-to direct.json; record r.docscript",
      ], in: folder.url)
    #expect(recorded.status == 0, "\(recorded.errors)")
    let script = try String(contentsOf: folder("r.docscript"), encoding: .utf8)
    try Data((script + "save-to replayed.json\n").utf8).write(to: folder("r.docscript"))
    let replayed = try runDocrepl(["run", "r.docscript"], in: folder.url)
    #expect(replayed.status == 0, "\(replayed.errors)")
    #expect(
      try Data(contentsOf: folder("replayed.json")) == (try Data(contentsOf: folder("direct.json")))
    )
  }

  @Test("A .json file with a comment is refused, saying how to open it; --type jsonc opens it")
  func strictRefuses() throws {
    let folder = try TemporaryDirectory("jsonc")
    try Data("{\n  \"a\": 1, // one\n}\n".utf8).write(to: folder("config.json"))
    let refused = try runDocrepl(["-c", "open config.json"], in: folder.url)
    #expect(refused.status != 0)
    #expect(refused.errors.contains("config.json:2:11: a comment is not JSON"), "\(refused.errors)")
    #expect(refused.errors.contains("'open config.json --type jsonc'"), "\(refused.errors)")
    let opened = try runDocrepl(
      ["-c", "open config.json --type jsonc; docs; show"], in: folder.url)
    #expect(opened.status == 0, "\(opened.errors)")
    #expect(opened.output == "> config  org.docrepl.jsonc  config.json\n{\n  \"a\": 1, // one\n}\n")
  }

  @Test(
    "Well-known names and .jsonc open as JSON with comments",
    arguments: [
      "x.jsonc", "jsconfig.json", "tsconfig.base.json", ".vscode/settings.json",
      ".vscode/launch.json",
      ".babelrc", ".eslintrc.json", "deno.json",
    ])
  func wellKnown(_ path: String) throws {
    let folder = try TemporaryDirectory("jsonc")
    try FileManager.default.createDirectory(
      at: folder(".vscode"), withIntermediateDirectories: true)
    try Data("{\"a\": 1, /* c */}\n".utf8).write(to: folder(path))
    let result = try runDocrepl(["-c", "open \(path) as d; docs; get /a"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "> d  org.docrepl.jsonc  \(path)\n1\n")
  }

  @Test("launch.json outside a .vscode folder is plain JSON")
  func launchOutsideVSCode() throws {
    let folder = try TemporaryDirectory("jsonc")
    try Data("{}\n".utf8).write(to: folder("launch.json"))
    let result = try runDocrepl(["-c", "open launch.json; docs"], in: folder.url)
    #expect(result.output == "> launch  public.json  launch.json\n", "\(result.errors)")
  }
}
