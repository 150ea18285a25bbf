import DocTestSupport
import Foundation
import Testing

/// docs/ci.md's configurations: shown as the files in docs/ci/ are,
/// valid YAML, and running only `docrepl` commands that docrepl accepts.
@Suite("The CI recipes in docs/ci.md")
struct CIRecipeTests {
  static let files = ["github-actions.yml", "gitlab-ci.yml", "github-check.yml"]
  /// The recipes that run `docrepl test` on shards.
  static let testRecipes = ["github-actions.yml", "gitlab-ci.yml"]
  static let python = URL(fileURLWithPath: "/usr/bin/python3")

  @Test("docs/ci.md shows each file of docs/ci/ verbatim, in order")
  func pageShowsTheFiles() throws {
    let page = try String(
      contentsOf: packageRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
    let blocks = page.matches(of: /```yaml\n((?:.|\n)*?)```\n/).map { String($0.1) }
    let files = try Self.files.map {
      try String(contentsOf: packageRoot.appendingPathComponent("docs/ci/" + $0), encoding: .utf8)
    }
    #expect(blocks == files)
  }

  /// What python3's yaml makes of each file: its `docrepl` command lines
  /// (every line of a `run:` or `script:` that runs `./docrepl`) and the
  /// machines those run on.
  struct Recipe: Decodable {
    var file: String
    var commands: [String]
    var shards: [[String: String]]
  }

  static func recipes(_ files: [String] = testRecipes) throws -> [Recipe] {
    let program = #"""
      import json, sys, yaml
      out = []
      for path in sys.argv[1:]:
          data = yaml.safe_load(open(path))
          commands, shards = [], []
          def walk(node, key=None):
              if isinstance(node, dict):
                  for k, v in node.items():
                      walk(v, k)
              elif isinstance(node, list):
                  for v in node:
                      walk(v, key)
              elif isinstance(node, str) and key in ("run", "script"):
                  commands.extend(l.strip() for l in node.splitlines() if "./docrepl " in l)
          walk(data)
          # GitHub's jobs are under 'jobs:'; GitLab's at the top.
          for name, job in data.get("jobs", data).items():
              if not isinstance(job, dict):
                  continue
              matrix = job.get("strategy", {}).get("matrix", {})
              for shard in matrix.get("shard", []):
                  shards.append({"${{ matrix.shard }}": str(shard)})
              if isinstance(job.get("parallel"), int):
                  total = job["parallel"]
                  for index in range(1, total + 1):
                      shards.append({"$CI_NODE_INDEX": str(index), "$CI_NODE_TOTAL": str(total)})
          out.append({"file": path, "commands": commands, "shards": shards})
      json.dump(out, sys.stdout)
      """#
    let paths = files.map { packageRoot.appendingPathComponent("docs/ci/" + $0).path }
    let result = try runProgram(python, ["-c", program] + paths)
    #expect(result.errors == "")
    try #require(result.status == 0)
    return try JSONDecoder().decode([Recipe].self, from: Data(result.output.utf8))
  }

  @Test(
    "Both files parse as YAML; each docrepl command runs, for every shard, and writes its report",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
  func commandsRun() throws {
    let recipes = try Self.recipes()
    #expect(recipes.count == Self.testRecipes.count)
    let folder = try TemporaryDirectory()
    _ = try folder.write("print hi\n#> hi\n", to: "scripts/a.docscript")
    _ = try folder.write("new text t\nappend x\nshow\n#> x\n", to: "scripts/b.docscript")
    for recipe in recipes {
      #expect(recipe.commands.count == 1, "\(recipe.file)")
      #expect(recipe.shards.count == 4, "\(recipe.file): one entry per machine")
      var ran = 0
      for command in recipe.commands {
        for shard in recipe.shards {
          var line = command
          for (variable, value) in shard {
            line = line.replacingOccurrences(of: variable, with: value)
          }
          #expect(!line.contains("$"), "\(recipe.file): \(line)")
          let report = folder.url.appendingPathComponent("report.xml")
          try? FileManager.default.removeItem(at: report)
          let shell = line.replacingOccurrences(
            of: "./docrepl ", with: "'\(docreplExecutable.path)' ")
          let result = try runProgram(
            URL(fileURLWithPath: "/bin/sh"), ["-c", shell], in: folder.url)
          #expect(result.status == 0, "\(recipe.file): \(line): \(result.errors)")
          #expect(result.output.hasSuffix(" passed, 0 failed\n"), "\(line)")
          #expect(FileManager.default.fileExists(atPath: report.path), "\(line)")
          ran += result.output.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.count
        }
      }
      // The shards together ran each script exactly once.
      #expect(ran == 2 * recipe.commands.count, "\(recipe.file)")
    }
  }

  @Test(
    "The check recipe's docrepl commands run: the fixed seed, and the nightly one for a second",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
  func checkCommandsRun() throws {
    let recipe = try #require(try Self.recipes(["github-check.yml"]).first)
    #expect(recipe.commands.count == 2)
    for command in recipe.commands {
      let folder = try TemporaryDirectory()
      // A shorter budget: the commands as written take minutes.
      let line = command.replacingOccurrences(of: "--runs 500", with: "--runs 5")
        .replacingOccurrences(of: "--time 3600", with: "--time 1")
      let shell = line.replacingOccurrences(of: "./docrepl ", with: "'\(docreplExecutable.path)' ")
      let result = try runProgram(URL(fileURLWithPath: "/bin/sh"), ["-c", shell], in: folder.url)
      #expect(result.status == 0, "\(line): \(result.errors)")
      #expect(result.output.contains("every invariant held"), "\(line)")
      #expect(
        FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("check.xml").path))
    }
  }
}
