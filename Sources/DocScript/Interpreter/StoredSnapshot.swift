import DocKit
import Foundation

/// A snapshot kept by `snapshot`: its text for `diff`, and how to restore it.
@MainActor
struct StoredSnapshot {
  /// The snapshot's `show` text, made when asked: taking a snapshot of a
  /// value costs O(1) (a copy of the value, which shares its storage),
  /// and only `diff` reads the text.
  var text: String { makeText() }
  private let makeText: @MainActor () -> String
  /// The commands that rebuild this content in a new document of the
  /// type, if the type has them
  /// (``ScriptableFileDocument/scriptContentCommands``); made only when
  /// asked, since most snapshots never are.
  var contentCommands: @MainActor () -> [String]? = { nil }
  var restore: @MainActor (_ actionName: String) throws -> Void
  /// The `show` text as chunks of whole lines, for `diff`, if the type
  /// gives them (``ScriptableFileDocument/scriptDescriptionChunks``);
  /// made when asked, sharing the snapshot's storage.
  var chunks: @MainActor () -> ScriptLineChunks? = { nil }

  init(
    text: @escaping @MainActor () -> String,
    chunks: @escaping @MainActor () -> ScriptLineChunks? = { nil },
    contentCommands: @escaping @MainActor () -> [String]? = { nil },
    restore: @escaping @MainActor (_ actionName: String) throws -> Void
  ) {
    makeText = text
    self.chunks = chunks
    self.contentCommands = contentCommands
    self.restore = restore
  }
}
