import DocKit
import Foundation

extension Interpreter {
  /// `expect-error SUBSTRING COMMAND…`: runs COMMAND with its output
  /// discarded (its diagnostics still show); takes back what it did
  /// either way.
  ///
  /// A failure to resolve COMMAND (a usage error, an unknown command, no
  /// document) is COMMAND failing. What it did to documents' contents and
  /// undo stacks, to the set of open documents, to snapshots and settings
  /// is taken back; files it wrote stay written, and a document it closed
  /// stays closed.
  func expectError(_ arguments: ParsedArguments) async throws {
    let substring = arguments[BuiltinParameter.errorSubstring]
    let name = arguments[BuiltinParameter.errorCommand]
    let words = [name] + arguments[BuiltinParameter.errorArguments]
    let before = state
    let visible = output
    output = SilencedOutput(base: visible)
    var failure: (any Error)?
    do {
      let (handle, run) = try resolve(words, range: arguments.range, inGroup: groupDepth > 0)
      failure = await runTakingBack(run, in: handle)
    } catch {
      failure = error
    }
    output = visible
    restore(before)
    // Being interrupted is not the failure expected.
    if let failure, Self.isInterruption(failure) { throw failure }
    guard let failure else {
      throw ScriptError(
        "expected '\(name.text)' to fail with \(Self.quoted(substring.text)); it succeeded",
        at: name)
    }
    let message = diagnostic(for: failure, at: arguments.range).message
    // An empty SUBSTRING matches any error (Foundation's `contains` finds
    // no empty string in any text).
    guard substring.text.isEmpty || message.contains(substring.text) else {
      throw ScriptError(
        "expected an error containing \(Self.quoted(substring.text)); got \(Self.quoted(message))",
        at: substring)
    }
  }

  /// Runs a command, then takes back what it did to `handle`'s document
  /// (its edits, or the steps `undo` and `redo` took; saves and reverts
  /// cannot be taken back), as a failed command is; returns the command's
  /// error, if any. Inside a group, what ran before it in the same event
  /// stays.
  private func runTakingBack(
    _ run: () async throws -> Void, in handle: (any DocumentHandle)?
  ) async -> (any Error)? {
    let point = handle?.session.rollbackPoint()
    var failure: (any Error)?
    do { try await run() } catch { failure = error }
    if let handle, let point { handle.session.rollBack(to: point) }
    return failure
  }
}
