public import DocKit
public import Foundation

/// Any file, as bytes, in a reference document like the seed's
/// `PDFDocument`: the contents live behind a lock, snapshots are taken under
/// the lock, and every edit registers its undo with an action name.
///
///     let document = BinaryDocument(contents: Data([1, 2, 3]))
///     try document.replaceBytes(in: 0..<1, with: Data([9]), undoManager: undoManager)
public final class BinaryDocument: ReferenceFileDocument {
  public static let readableContentTypes: [UTType] = [.data]

  private let lock = NSLock()
  /// The bytes; guarded by `lock`.
  nonisolated(unsafe) private var storage: Data

  /// Creates a document holding `contents`.
  public init(contents: Data = Data()) {
    storage = contents
  }

  public required init(configuration: ReadConfiguration) throws {
    storage = try PlainTextDocument.contents(of: configuration.file)
  }

  /// The current bytes.
  public var contents: Data {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }

  /// A copy of the bytes, taken under the lock.
  public func snapshot(contentType: UTType) throws -> Data {
    contents
  }

  public func fileWrapper(snapshot: Data, configuration: WriteConfiguration) throws -> FileWrapper {
    FileWrapper(regularFileWithContents: snapshot)
  }

  /// Replaces the bytes in `range` with `bytes`, registering an undo that
  /// keeps only the bytes replaced.
  ///
  /// - Throws: ``FormatError/Code/invalidEdit`` for a range out of bounds.
  @MainActor
  public func replaceBytes(
    in range: Range<Int>, with bytes: Data, undoManager: UndoManager?
  ) throws(FormatError) {
    let name = bytes.isEmpty ? "Delete Bytes" : range.isEmpty ? "Insert Bytes" : "Replace Bytes"
    try replace(range, with: bytes, actionName: name, undoManager: undoManager)
  }

  /// Inserts `bytes` at `offset`.
  @MainActor
  public func insertBytes(
    _ bytes: Data, at offset: Int, undoManager: UndoManager?
  ) throws(FormatError) {
    try replace(offset..<offset, with: bytes, actionName: "Insert Bytes", undoManager: undoManager)
  }

  /// Deletes the bytes in `range`.
  @MainActor
  public func deleteBytes(in range: Range<Int>, undoManager: UndoManager?) throws(FormatError) {
    try replace(range, with: Data(), actionName: "Delete Bytes", undoManager: undoManager)
  }

  @MainActor
  private func replace(
    _ range: Range<Int>, with bytes: Data, actionName: String, undoManager: UndoManager?
  ) throws(FormatError) {
    // Edits run on the main actor only, so the bounds cannot change
    // between this check and the edit; snapshots may read concurrently.
    let count = contents.count
    guard range.lowerBound >= 0, range.upperBound <= count else {
      throw FormatError(
        .invalidEdit,
        "bytes \(range.lowerBound)..<\(range.upperBound) are out of range (the document has \(count))"
      )
    }
    objectWillChange.send()
    lock.lock()
    let old: Data
    if range == 0..<count {
      // The whole content (`load`): the old bytes go to the undo step and
      // the new ones take their place, each as it is, sharing its storage;
      // neither is copied. (A slice is copied, so that indices start at 0.)
      old = storage
      storage = bytes.startIndex == 0 ? bytes : Data(bytes)
    } else {
      old = storage.subdata(in: range)
      storage.replaceSubrange(range, with: bytes)
    }
    lock.unlock()
    let replaced = range.lowerBound..<(range.lowerBound + bytes.count)
    undoManager?.registerUndo(withTarget: self) { document in
      // In range: undo runs right after the edit it reverts.
      try? document.replace(replaced, with: old, actionName: actionName, undoManager: undoManager)
    }
    // Undoing or redoing, the step keeps the name of the one it reverses.
    if let undoManager, !undoManager.isUndoing, !undoManager.isRedoing {
      undoManager.setActionName(actionName)
    }
  }
}
