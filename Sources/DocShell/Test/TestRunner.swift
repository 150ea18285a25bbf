import DocKit
import DocScript
import Foundation
import Glibc

/// Runs one script of `docrepl test` in isolation and compares it with
/// its `#>` and `#!` lines.
///
/// Each script gets its own ``Interpreter`` (so its own variables,
/// documents, snapshots and settings), in its own fresh ``ScratchFolder``
/// as working folder (with untitled documents autosaving inside it),
/// removed afterwards; saves inside that folder skip `fsync`
/// (``ScratchFileSystem``). The folder's path shows as `$TMP` in what the
/// script prints, and the script's own folder as `$SCRIPT_DIR`. Whatever
/// the script does, the runner only ever gets an outcome back: reading,
/// parsing and running failures are all outcomes.
///
/// The interpreter runs on the main actor; reading the script, making and
/// removing the folder, comparing, diffing and writing `--update`s run
/// off it, so that with several scripts in flight that work overlaps
/// with other scripts' commands, as do the opens and saves DocKit does
/// off the main actor.
@MainActor
final class TestRunner {
  /// The document types scripts can use.
  let registry: DocumentTypeRegistry
  /// The environment every script sees (already normalized).
  let environment: [String: String]
  /// Whether mismatches are rewritten in place.
  let update: Bool
  /// `--confine`: each script's folder is made in the run's folder, and
  /// the script reads only under its own folder (and the `--allow-read`
  /// paths) and writes only under its scratch folder.
  var confined: ConfinedRun?

  /// Where the scripts' temporary folders are made: Bazel's
  /// `$TEST_TMPDIR`, or nil for the system's temporary folder.
  var scratchBase: URL?
  /// Whether a failing script's temporary folder is kept and named
  /// (`--keep-tmpdir`).
  var keepsFailedFolders = false
  /// Where a failing script's report and files are copied: Bazel's
  /// `$TEST_UNDECLARED_OUTPUTS_DIR`.
  var artifacts: FailureArtifacts?

  init(registry: DocumentTypeRegistry, environment: [String: String], update: Bool) {
    self.registry = registry
    self.environment = environment
    self.update = update
  }

  /// Runs `script` and returns its outcome. What the document models
  /// print meanwhile is captured (see ``ModelOutput``) and shown with the
  /// script's failure; a script that passes shows none of it.
  ///
  /// With a `timeout`, the script is stopped at the first safe point
  /// past its limit (see ``ScriptTimeout``) and fails as timed out.
  func run(_ script: TestSelection.Script, timeout: ScriptTimeout? = nil) async -> TestOutcome {
    let clock = ContinuousClock()
    let start = clock.now
    let capture = ModelOutput(name: script.path)
    var folder: ScratchFolder?
    var outcome: TestOutcome = await ModelOutput.$current.withValue(capture) {
      await self.outcome(of: script, timeout: timeout, folder: &folder)
    }
    if outcome.isFailure, let printed = capture?.report() {
      outcome.report += printed
      outcome.printed = printed
    }
    if let folder { await dispose(of: folder, after: &outcome) }
    let elapsed = clock.now - start
    outcome.seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return outcome
  }

  private func outcome(
    of script: TestSelection.Script, timeout: ScriptTimeout?, folder made: inout ScratchFolder?
  ) async -> TestOutcome {
    let path = script.path
    let bytes: [UInt8]
    do {
      bytes = try await Self.read(script.url)
    } catch {
      return Self.failure(script, "cannot read the script: \(error.message)")
    }
    let folder: ScratchFolder
    do {
      // A confined run's folders are in its run folder, which the
      // kernel lets it write.
      folder = try await ScratchFolder.make(in: confined?.runFolder ?? scratchBase)
    } catch {
      return Self.failure(script, error.message)
    }
    made = folder
    timeout?.folder = folder
    var replacements: [String: String] = [:]
    let scriptFolder = script.url.deletingLastPathComponent().standardizedFileURL
    for form in [scriptFolder.path, scriptFolder.resolvingSymlinksInPath().path] where form != "/" {
      replacements[form] = "$SCRIPT_DIR"
    }
    for form in folder.paths { replacements[form] = "$TMP" }

    var options = Interpreter.Options(
      workingDirectory: folder.url, environment: environment,
      autosaveDirectory: folder.url.appendingPathComponent(".docrepl-autosave"))
    options.confinement = confined?.confinement(scriptFolders: [scriptFolder], writable: folder.url)
    let recorder = TranscriptRecorder(scriptName: path, replacing: replacements)
    let source = ScriptSource(name: path, bytes: bytes)
    let result: Interpreter.Result
    do {
      let interpreter = Interpreter(registry: registry, options: options, output: recorder)
      if let timeout { interpreter.isInterruptRequested = { timeout.hasExpired } }
      let fileSystem = ScratchFileSystem(folder: folder.url.path)
      result = await FileSystemContext.$current.withValue(fileSystem) {
        await interpreter.run(source, url: script.url)
      }
      recorder.flush()
    }
    // What a script stopped midway printed is not compared, nor written
    // by --update.
    if let timeout, timeout.hasExpired { return timeout.outcome(for: script) }

    if result.isMalformed {
      let diagnostics = recorder.renderedDiagnostics.map { $0 + "\n" }.joined()
      let message = "\(path): error: malformed script; nothing in it ran"
      return TestOutcome(
        script: script, verdict: .malformed, report: "FAIL \(path)\n\(message)\n",
        errors: diagnostics, message: message, detail: diagnostics)
    }
    // The statements the run parsed say where each command's
    // expectations are: the script is not parsed again to compare.
    let transcript = await Self.compare(
      source, statements: recorder.statements, blocks: recorder.blocks, result: result)
    if transcript.matches {
      return TestOutcome(script: script, verdict: .passed, report: "PASS \(path)\n")
    }
    var diff = await Self.diff(transcript, name: path)
    for note in transcript.notes { diff += "\nnote: \(path): \(note)" }
    let mismatch = transcript.firstMismatch
    let message =
      "\(path):\(mismatch?.line ?? 1): error: "
      + (mismatch.map { "'\($0.command)' did not print what its #> and #! lines expect" }
        ?? "the script did not print what its #> and #! lines expect")
    if update {
      do {
        // Checks are never rewritten: one that did not hold stays a
        // failure, and the rest of the script is updated around it.
        if transcript.updatableBytes != transcript.originalBytes {
          try await Self.replaceContents(of: script.url, with: transcript.updatableBytes)
        }
        if !transcript.failedChecks.isEmpty {
          let problems = transcript.failedChecks.map {
            "\(path):\($0.line): error: a check in '\($0.command)' did not give what its #! lines expect; --update does not rewrite checks"
          }
          let message = problems.joined(separator: "\n")
          let rewritten = transcript.updatableBytes != transcript.originalBytes
          let report =
            "FAIL \(path)\n\(message)\n\(diff)\n"
            + (rewritten ? "note: the output of the other commands was updated\n" : "")
          var outcome = TestOutcome(
            script: script, verdict: .failed, report: report, message: message, detail: diff)
          outcome.rewrote = rewritten
          return outcome
        }
        var outcome = TestOutcome(script: script, verdict: .updated, report: "UPDATED \(path)\n")
        outcome.rewrote = true
        return outcome
      } catch {
        let problem = "\(path): error: cannot update the script: \(error.message)"
        return TestOutcome(
          script: script, verdict: .failed, report: "FAIL \(path)\n\(problem)\n\(diff)\n",
          message: problem, detail: diff)
      }
    }
    return TestOutcome(
      script: script, verdict: .failed, report: "FAIL \(path)\n\(message)\n\(diff)\n",
      message: message, detail: diff)
  }

  /// Removes `folder`; or, for a failure, copies it to ``artifacts`` and
  /// keeps it with `--keep-tmpdir`, saying where in the report. A script
  /// the run went on without (see ``ScriptTimeout/race(for:onHeldMainActor:_:)``)
  /// has been reported already; its folder goes all the same.
  private func dispose(of folder: ScratchFolder, after outcome: inout TestOutcome) async {
    guard outcome.isFailure else {
      await folder.remove()
      return
    }
    if let artifacts {
      for problem in await artifacts.keep(
        outcome.script, report: outcome.report, scratch: folder.url)
      {
        outcome.report += "\(outcome.script.path): warning: \(problem)\n"
      }
    }
    if keepsFailedFolders {
      outcome.report +=
        "\(outcome.script.path): note: its temporary folder is kept: \(folder.url.path)\n"
      outcome.keptFolder = folder.url.path
    } else {
      await folder.remove()
    }
  }

  private static func failure(_ script: TestSelection.Script, _ problem: String) -> TestOutcome {
    let message = "\(script.path): error: \(problem)"
    return TestOutcome(
      script: script, verdict: .failed, report: "FAIL \(script.path)\n\(message)\n",
      message: message, detail: message)
  }

  // MARK: - Off the main actor

  /// A problem reading or writing a script.
  struct FileProblem: Error {
    var message: String
  }

  /// The script's bytes. Only a regular file (or a link to one) is read:
  /// reading a FIFO or a device could block the whole run or never end.
  @concurrent
  private static func read(_ url: URL) async throws(FileProblem) -> [UInt8] {
    var info = stat()
    guard stat(url.path, &info) == 0 else { throw FileProblem(message: errnoText()) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw FileProblem(message: "not a regular file")
    }
    do {
      return Array(try Data(contentsOf: url))
    } catch {
      throw FileProblem(message: (error as NSError).localizedDescription)
    }
  }

  @concurrent
  private static func compare(
    _ source: ScriptSource, statements: [Statement]?, blocks: [Int: TranscriptRecorder.Block],
    result: Interpreter.Result
  ) async -> Transcript {
    Transcript(source, statements: statements, blocks: blocks, result: result)
  }

  @concurrent
  private static func diff(_ transcript: Transcript, name: String) async -> String {
    transcript.diff(name: name)
  }

  /// Replaces the contents of the file at `url` (through any symbolic
  /// link) with `bytes`, with DocKit's atomic write: a new file beside it,
  /// with the same permissions, synced, renamed over it, then the folder
  /// synced, so that a power loss leaves the old script or the new. On
  /// failure the script is untouched.
  @concurrent
  static func replaceContents(of url: URL, with bytes: [UInt8]) async throws(FileProblem) {
    do {
      try AtomicFile.write(bytes, to: url, as: .testUpdate)
    } catch {
      throw FileProblem(
        message: error.errno.map { String(cString: strerror($0)) } ?? error.message)
    }
  }

  nonisolated private static func errnoText() -> String {
    guard let text = strerror(errno) else { return "error \(errno)" }
    return String(cString: text)
  }
}
