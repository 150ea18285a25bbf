// The turn queue: saves, autosaves and reverts run one at a time.

extension DocumentSession {
  /// Runs `body` when no other save, autosave or revert is running; the
  /// others wait their turn, first come first served.
  @discardableResult
  func exclusively<T>(_ body: () async throws -> T) async throws -> T {
    if isBusy {
      await withCheckedContinuation { waitingForTurn.append($0) }
    } else {
      isBusy = true
    }
    defer {
      if waitingForTurn.isEmpty { isBusy = false } else { waitingForTurn.removeFirst().resume() }
    }
    return try await body()
  }
}
