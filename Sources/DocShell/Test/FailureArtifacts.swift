import DocKit
import DocScript
import Foundation
import Glibc

/// What `docrepl test` keeps of a failing script under Bazel's
/// `$TEST_UNDECLARED_OUTPUTS_DIR` (which Bazel hands back as the test's
/// `outputs.zip`), in a folder named after the script's path:
///
///     $TEST_UNDECLARED_OUTPUTS_DIR/suite/b.docscript/report.txt
///     $TEST_UNDECLARED_OUTPUTS_DIR/suite/b.docscript/files/…
///
/// `report.txt` is what the run printed for the script (the error and
/// the diff); `files/` holds what its temporary folder held when it
/// ended: regular files and folders; symbolic links are left out, never
/// followed. Every file is written through ``DestinationPolicy`` as a
/// report.
struct FailureArtifacts: Sendable {
  /// The folder Bazel named.
  var folder: URL

  /// The folder for `script`: its path with `.` and empty parts left out
  /// and `..` spelt `__up__`, so that it stays inside ``folder``.
  func folder(for script: TestSelection.Script) -> URL {
    var url = folder
    for part in script.path.split(separator: "/") where part != "." {
      url.appendPathComponent(part == ".." ? "__up__" : String(part))
    }
    return url
  }

  /// Writes `report` and a copy of `scratch` for `script`; returns the
  /// problems met, each in words (a failure to keep them does not change
  /// the script's verdict, but is said).
  @concurrent
  func keep(
    _ script: TestSelection.Script, report: String, scratch: URL?
  ) async -> [String] {
    let target = folder(for: script)
    var problems: [String] = []
    do {
      try AtomicFile.write(
        Array(report.utf8), to: target.appendingPathComponent("report.txt"), as: .report,
        makingFoldersWith: 0o755)
    } catch {
      problems.append(
        "cannot write '\(target.path)/report.txt': \(ErrorMessage().text(for: error))")
    }
    guard let scratch else { return problems }
    let files = target.appendingPathComponent("files")
    var pending: [(from: String, to: URL)] = [(scratch.path, files)]
    while let (from, to) = pending.popLast() {
      do {
        try FileManager.default.createDirectory(at: to, withIntermediateDirectories: true)
      } catch {
        problems.append("cannot make '\(to.path)': \((error as NSError).localizedDescription)")
        continue
      }
      let names = (try? FileManager.default.contentsOfDirectory(atPath: from)) ?? []
      for name in names.sorted() {
        let path = from + "/" + name
        var info = stat()
        guard lstat(path, &info) == 0 else { continue }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
          pending.append((path, to.appendingPathComponent(name)))
        case S_IFREG:
          do {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            try AtomicFile.write(bytes, to: to.appendingPathComponent(name), as: .report)
          } catch {
            problems.append("cannot keep '\(path)': \(ErrorMessage().text(for: error))")
          }
        default:
          break  // Links, FIFOs, sockets: left out.
        }
      }
    }
    return problems
  }
}
