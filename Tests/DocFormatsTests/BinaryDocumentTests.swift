import DocFormats
import DocKit
import Foundation
import Testing

@Suite("Binary: a reference document with Mutex storage")
struct BinaryDocumentTests {
  @Test("Any bytes read and write back exactly")
  func roundTrip() throws {
    let bytes = Data((0...255).map(UInt8.init) + [0, 0, 255])
    let document = try BinaryDocument(
      configuration: .init(contentType: .data, file: FileWrapper(regularFileWithContents: bytes)))
    let wrapper = try document.fileWrapper(
      snapshot: try document.snapshot(contentType: .data),
      configuration: .init(contentType: .data, existingFile: nil))
    #expect(wrapper.regularFileContents == bytes)
    #expect(BinaryDocument.readableContentTypes == [.data])
    #expect(throws: FormatError.self) {
      try BinaryDocument(
        configuration: .init(contentType: .data, file: FileWrapper(directoryWithFileWrappers: [:])))
    }
  }

  @MainActor
  @Test("Edits register named undo actions that undo and redo; bad ranges are refused")
  func edits() throws {
    let undoManager = UndoManager()
    let document = BinaryDocument(contents: Data([1, 2, 3, 4]))
    var changes = 0
    let subscription = document.objectWillChange.sink { changes += 1 }
    try document.replaceBytes(in: 1..<3, with: Data([9]), undoManager: undoManager)
    undoManager.markEventBoundary()
    try document.insertBytes(Data([7, 7]), at: 0, undoManager: undoManager)
    undoManager.markEventBoundary()
    try document.deleteBytes(in: 4..<5, undoManager: undoManager)
    undoManager.markEventBoundary()
    #expect(document.contents == Data([7, 7, 1, 9]))
    #expect(changes == 3)
    #expect(undoManager.undoActionName == "Delete Bytes")
    undoManager.undo()
    #expect(undoManager.undoActionName == "Insert Bytes")
    undoManager.undo()
    #expect(undoManager.undoActionName == "Replace Bytes")
    undoManager.undo()
    #expect(document.contents == Data([1, 2, 3, 4]))
    undoManager.redo()
    undoManager.redo()
    undoManager.redo()
    #expect(document.contents == Data([7, 7, 1, 9]))
    let error = #expect(throws: FormatError.self) {
      try document.replaceBytes(in: 3..<9, with: Data(), undoManager: undoManager)
    }
    #expect(error?.code == .invalidEdit)
    #expect(changes == 9)  // six from undo and redo; none from the refused edit
    _ = subscription
  }

  @MainActor
  @Test(
    "Snapshots are taken under the lock: serializing concurrently with edits never sees a torn state"
  )
  func concurrentSnapshots() async throws {
    // Every edit replaces the whole content with 4,096 copies of one byte,
    // so a snapshot torn by an edit would mix two bytes.
    let size = 4_096
    let document = BinaryDocument(contents: Data(repeating: 0, count: size))
    let serializers = (0..<8).map { _ in
      Task.detached { () -> Bool in
        var consistent = true
        for _ in 0..<200 {
          let snapshot = try document.snapshot(contentType: .data)
          let wrapper = try document.fileWrapper(
            snapshot: snapshot, configuration: .init(contentType: .data, existingFile: nil))
          let bytes = wrapper.regularFileContents ?? Data()
          consistent = consistent && bytes.count == size && Set(bytes).count == 1
        }
        return consistent
      }
    }
    for value in 1...200 {
      try document.replaceBytes(
        in: 0..<size, with: Data(repeating: UInt8(value), count: size), undoManager: nil)
      await Task.yield()
    }
    for serializer in serializers {
      #expect(try await serializer.value)
    }
  }
}
