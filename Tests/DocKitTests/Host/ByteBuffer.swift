import DocKit
import Foundation
import Synchronization

/// Bytes in a reference document, the least a session of that kind needs:
/// the DocKit tests' stand-in for DocFormats' `BinaryDocument` when what
/// they test is the host. Snapshots are taken under a lock; edits run on
/// the main actor and register their undo.
final class ByteBuffer: ReferenceFileDocument {
  static let readableContentTypes: [UTType] = [.data]

  private let storage: Mutex<Data>

  init(contents: Data = Data()) {
    storage = Mutex(contents)
  }

  required init(configuration: ReadConfiguration) throws {
    storage = Mutex(try configuration.file.loadRegularFileContents())
  }

  /// The current bytes.
  var contents: Data { storage.withLock { $0 } }

  func snapshot(contentType: UTType) throws -> Data { contents }

  func fileWrapper(snapshot: Data, configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: snapshot)
  }

  /// Inserts `bytes` at `offset`, registering the undo that removes them.
  @MainActor
  func insertBytes(_ bytes: Data, at offset: Int, undoManager: UndoManager?) {
    replace(offset..<offset, with: bytes, undoManager: undoManager)
  }

  @MainActor
  private func replace(_ range: Range<Int>, with bytes: Data, undoManager: UndoManager?) {
    objectWillChange.send()
    let old = storage.withLock { storage in
      let old = storage.subdata(in: range)
      storage.replaceSubrange(range, with: bytes)
      return old
    }
    let replaced = range.lowerBound..<(range.lowerBound + bytes.count)
    undoManager?.registerUndo(withTarget: self) { buffer in
      buffer.replace(replaced, with: old, undoManager: undoManager)
    }
    if let undoManager, !undoManager.isUndoing, !undoManager.isRedoing {
      undoManager.setActionName("Insert Bytes")
    }
  }
}
