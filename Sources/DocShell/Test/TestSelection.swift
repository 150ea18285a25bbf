import Foundation

/// The scripts `docrepl test` runs: those named, and every `*.docscript`
/// under each folder named, recursively; sorted by path and without
/// duplicates; then those whose path matches `--filter`; then the slice
/// `--shard` asks for.
struct TestSelection {
  /// One script: its path as output shows it, and its file.
  struct Script: Hashable, Sendable, Codable {
    /// The path as the user named it, or the folder they named joined
    /// with the path under it: `suite/sub/a.docscript`.
    var path: String
    /// The file.
    var url: URL
  }

  /// Why the arguments name no scripts: the message, and the exit status.
  struct Failure: Error {
    var message: String
    var status: ExitStatus
  }

  /// A folder the walk did not go into, though it is no hidden one: the
  /// run names it, so that no script is left out silently.
  struct Skipped: Hashable, Sendable {
    /// The folder's path as output shows it, with a trailing `/`.
    var path: String
    /// Why: it holds a `Package.swift`, or it is a symbolic link.
    var reason: String
  }

  /// The scripts selected, sorted by ``Script/path``.
  var scripts: [Script]
  /// The folders under the folders named that were not searched, sorted
  /// by path.
  var skipped: [Skipped] = []
  /// How many scripts the arguments named before filtering and sharding.
  var found: Int

  /// Finds the scripts `arguments` name, relative to `folder`.
  ///
  /// - Throws: A failure with status 66 when a name does not exist, or a
  ///   folder holds no script at all; 64 for an empty name.
  static func find(
    _ arguments: [String], in folder: URL, filter: Regex<AnyRegexOutput>?, shard: Shard?
  ) throws(Failure) -> TestSelection {
    var scripts: [Script] = []
    var skipped: [Skipped] = []
    for argument in arguments {
      guard !argument.isEmpty else {
        throw Failure(message: "an empty path names no script", status: .usage)
      }
      let url = URL(fileURLWithPath: argument, relativeTo: folder).standardizedFileURL
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        throw Failure(message: "no such script or folder '\(argument)'", status: .noInput)
      }
      guard isDirectory.boolValue else {
        scripts.append(Script(path: argument, url: url))
        continue
      }
      let under = scriptsUnder(url, named: argument, skipping: &skipped)
      guard !under.isEmpty else {
        throw Failure(message: "no .docscript files under '\(argument)'", status: .noInput)
      }
      scripts += under
    }
    // Sorted by path, bytewise, so that the order (and so the shards)
    // are the same on every machine; each file once.
    scripts.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    var seen: Set<String> = []
    scripts = scripts.filter { seen.insert($0.url.resolvingSymlinksInPath().path).inserted }
    let found = scripts.count
    if let filter {
      scripts = scripts.filter { $0.path.contains(filter) }
    }
    if let shard {
      scripts = shard.select(scripts)
    }
    // Each folder once, in the scripts' order.
    skipped = Array(Set(skipped)).sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    return TestSelection(scripts: scripts, skipped: skipped, found: found)
  }

  /// Every `*.docscript` under `folder` (named `name` on the command
  /// line), recursively. Symbolic links to folders are not followed, so a
  /// link cycle cannot make the walk endless; hidden folders (`.git`) are
  /// skipped, and so is a folder below `folder` that holds a
  /// `Package.swift`: another Swift package, whose scripts need that
  /// package's own program (a custom REPL) to run. Each package and link
  /// left out is added to `skipped`.
  static func scriptsUnder(
    _ folder: URL, named name: String, skipping skipped: inout [Skipped]
  ) -> [Script] {
    var prefix = name
    while prefix.count > 1, prefix.hasSuffix("/") { prefix.removeLast() }
    if prefix == "." { prefix = "" }
    var result: [Script] = []
    var pending: [(url: URL, path: String)] = [(folder, prefix)]
    while let (url, path) = pending.popLast() {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      for entry in names {
        let child = url.appendingPathComponent(entry)
        let childPath =
          path.isEmpty ? entry : path.hasSuffix("/") ? path + entry : path + "/" + entry
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: child.path, isDirectory: &isDirectory) else {
          continue  // A dangling link.
        }
        if isDirectory.boolValue {
          let isLink =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: child.path)) != nil
          let isPackage = FileManager.default.fileExists(
            atPath: child.appendingPathComponent("Package.swift").path)
          if entry.hasPrefix(".") { continue }
          if isLink {
            skipped.append(Skipped(path: childPath + "/", reason: "a symbolic link to a folder"))
          } else if isPackage {
            skipped.append(
              Skipped(path: childPath + "/", reason: "a Swift package of its own (Package.swift)"))
          } else {
            pending.append((child, childPath))
          }
        } else if entry.hasSuffix(".docscript"), !entry.hasPrefix(".") {
          result.append(Script(path: childPath, url: child))
        }
      }
    }
    return result
  }
}
