import DocKit
import Foundation

/// A document command with its document type erased.
@MainActor
struct AnyDocumentCommand {
  var spec: CommandSpec
  var run:
    @MainActor (
      ParsedArguments, _ output: @escaping @MainActor (String) -> Void, URL,
      _ isInterrupted: @escaping @MainActor () -> Bool
    ) async throws -> Void
}
