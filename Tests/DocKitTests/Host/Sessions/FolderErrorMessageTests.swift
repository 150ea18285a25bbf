import DocKit
import DocTestSupport
import Foundation
import Testing

/// scripts/fault-test found that a failed `openat` or `fsync` of the
/// document's folder was reported as `.: fsync failed`: the folder's path
/// (the working folder, shown as `.`) and nothing about the document.
@MainActor
@Suite("Document session: a failed call on the document's folder names the document")
struct FolderErrorMessageTests {
  @Test("Every failed call of a save names the call, and a folder's names the document")
  func everyCallNamesTheDocument() async throws {
    let reference = try TemporaryDirectory()
    let counter = FaultInjectingFileSystem()
    let referenceSession = try await Self.editedText(in: reference)
    try await FileSystemContext.$current.withValue(counter) { try await referenceSession.save() }
    var folderErrors = 0
    for call in 1...counter.callCount {
      let temporary = try TemporaryDirectory()
      let session = try await Self.editedText(in: temporary)
      let injector = FaultInjectingFileSystem(failingCall: call, with: .eio)
      do {
        try await FileSystemContext.$current.withValue(injector) { try await session.save() }
        continue
      } catch let cocoa as CocoaError {
        // Other errors (a conflict when `fstat` fails) name the file itself.
        guard let error = cocoa.fileWrapperError else { continue }
        let description = cocoa.localizedDescription
        if let systemCall = error.systemCall {
          #expect(description.contains(systemCall), "call \(call): \(description)")
        }
        if error.path == temporary.url.path {
          folderErrors += 1
          #expect(description.contains("(the folder of a.txt)"), "call \(call): \(description)")
        }
      }
    }
    #expect(folderErrors > 0)
  }

  static func editedText(
    in temporary: TemporaryDirectory
  ) async throws -> DocumentSession<TextMemo> {
    let url = try temporary.write("old\n", to: "a.txt")
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.insert(["new"], at: 1) }
    try await session.endEvent()
    return session
  }
}
