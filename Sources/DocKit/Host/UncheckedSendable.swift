/// Carries a value that is not `Sendable` across one isolation boundary.
///
/// The session uses it for a ``FileWrapper`` (not Sendable) going to or
/// coming from serialization off the main actor: the session awaits that
/// work before touching the wrapper again, so it is never used by two
/// tasks at once. The interpreter uses it for a document's snapshot,
/// which only the main actor touches. For this package only.
package struct UncheckedSendable<Value>: @unchecked Sendable {
  // @unchecked Sendable because of the hand-over described above.
  package var value: Value

  package init(value: Value) {
    self.value = value
  }
}

/// Runs `body` off the main actor, in the caller's task, so task-local
/// values (such as ``FileSystemContext/current``) still apply.
@concurrent
func offMainActor<Result>(
  _ body: @Sendable () throws -> Result
) async throws -> UncheckedSendable<Result> {
  UncheckedSendable(value: try body())
}
