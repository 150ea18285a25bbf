import DocKit
import DocTestSupport
import Foundation
import Testing

/// ``AtomicFile``, the one whole-file write of the history, `test --update`
/// and the recording, under a fault at each of its calls in turn.
@Suite("AtomicFile: a fault at any call keeps the old file, or writes the new one whole")
struct AtomicFileFaultTests {
  @Test(
    "Each call failing in turn: the write fails and the old bytes and permissions stay, or it succeeds and the file keeps its permissions"
  )
  func everyCallFailing() throws {
    let old = Array("canary 0d2c\n".utf8)
    let new = Array("new bytes\n".utf8)
    func file(in temporary: TemporaryDirectory) throws -> URL {
      let url = temporary("script.docscript")
      try Data(old).write(to: url)
      #expect(chmod(url.path, 0o751) == 0)
      return url
    }
    let counting = FaultInjectingFileSystem()
    let reference = try TemporaryDirectory()
    try FileSystemContext.$current.withValue(counting) {
      try AtomicFile.write(new, to: try file(in: reference), as: .report)
    }
    #expect(counting.callCount > 5)
    for call in 1...counting.callCount {
      let temporary = try TemporaryDirectory()
      let url = try file(in: temporary)
      let failing = FaultInjectingFileSystem(failingCall: call, with: .eio)
      let failed: Bool
      do {
        try FileSystemContext.$current.withValue(failing) {
          try AtomicFile.write(new, to: url, as: .report)
        }
        failed = false
      } catch {
        failed = true
      }
      #expect(failing.didFail)
      let bytes = Array(try Data(contentsOf: url))
      #expect(bytes == (failed ? old : new), "call \(call)")
      #expect(FileStat(url)?.permissions == 0o751, "call \(call)")
    }
  }
}
