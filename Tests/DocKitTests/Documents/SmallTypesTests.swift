import DocKit
import Foundation
import Testing

/// The small public types that the document host uses only in part:
/// progress, read configurations, cancellables, undo user-info keys and
/// the edit that changes nothing.
@Suite("Progress, configurations and other small types")
struct SmallTypesTests {
  @Test("ProgressManager counts its own units and its subprogresses' in proportion")
  func progress() {
    let manager = ProgressManager(totalCount: nil)
    #expect(manager.totalCount == nil)
    #expect(manager.fractionCompleted == 0)  // unknown total
    manager.totalCount = 4
    #expect(manager.totalCount == 4)
    manager.complete(count: 1)
    #expect(manager.completedCount == 1)
    #expect(manager.fractionCompleted == 0.25)

    // Two units handed to a sub-operation of 10, half done: one more unit.
    let child = manager.subprogress(assigningCount: 2).start(totalCount: 10)
    child.complete(count: 5)
    #expect(manager.fractionCompleted == 0.5)
    #expect(manager.completedCount == 1)  // its own units only
    #expect(!manager.isFinished)

    // The other spelling starts a subprogress too.
    let other = manager.subprogress(assigningCount: 1).reporter(totalCount: 1)
    other.complete(count: 1)
    child.complete(count: 5)
    #expect(manager.fractionCompleted == 1)
    #expect(manager.isFinished)
    // Overcounting never reports more than all.
    manager.complete(count: 3)
    #expect(manager.fractionCompleted == 1)

    // A discarded subprogress reports to nobody.
    let alone = Subprogress.discarded.start(totalCount: 2)
    alone.complete(count: 2)
    #expect(alone.isFinished)
    #expect(manager.completedCount == 4)
  }

  @Test("DocumentReadConfiguration compares and hashes by content type")
  func readConfiguration() {
    let text = DocumentReadConfiguration(contentType: .plainText)
    #expect(text.contentType == .plainText)
    #expect(text == DocumentReadConfiguration(contentType: .plainText))
    #expect(text != DocumentReadConfiguration(contentType: .json))
    #expect(Set([text, DocumentReadConfiguration(contentType: .plainText)]).count == 1)
  }

  @Test("AnyCancellable: stored in an array it lives on; equal only to itself; cancels once")
  func cancellable() {
    var cancels = 0
    var kept: [AnyCancellable] = []
    do {
      let cancellable = AnyCancellable { cancels += 1 }
      cancellable.store(in: &kept)
      #expect(kept.count == 1)
      #expect(kept[0] == cancellable)
      #expect(kept[0] != AnyCancellable {})
    }
    #expect(cancels == 0)  // the array still holds it
    kept[0].cancel()
    kept[0].cancel()
    #expect(cancels == 1)
    kept.removeAll()
    #expect(cancels == 1)  // released after its cancel: nothing more runs
  }

  @Test("UndoManager.UserInfoKey: both initializers make the same key")
  func userInfoKey() {
    let key = UndoManager.UserInfoKey(rawValue: "selection")
    #expect(key == UndoManager.UserInfoKey("selection"))
    #expect(key.rawValue == "selection")
    #expect(key != UndoManager.UserInfoKey("other"))
  }

  @Test("DocumentEdit.unchanged changes nothing, and neither does its inverse")
  func unchangedEdit() {
    var value = [1, 2, 3]
    let edit = DocumentEdit<[Int]>.unchanged(actionName: "Nothing")
    let inverse = edit.apply(to: &value)
    #expect(value == [1, 2, 3])
    #expect(inverse.actionName == "Nothing")
    inverse.apply(to: &value)
    #expect(value == [1, 2, 3])
  }
}
