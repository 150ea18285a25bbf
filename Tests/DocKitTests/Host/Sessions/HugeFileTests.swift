import DocKit
import DocTestSupport
import Foundation
import Testing

/// A 64 GiB sparse file costs no disk, and used to end the process with
/// "unable to allocate memory" when a document was opened.
@MainActor
@Suite("Document session: a file too large to read is an error, never a crash")
struct HugeFileTests {
  @Test("Opening a package that lists a 64 GiB page fails with an error naming the page")
  func hugePage() async throws {
    let temporary = try TemporaryDirectory()
    let url = try makeFolio(temporary, count: 3)
    try makeSparseFile(at: url.appendingPathComponent("n2.txt"), size: 64 << 30)
    let error = await #expect(throws: (any Error).self) {
      try await DocumentSession<Folio>.open(
        url, environment: testEnvironment(temporary))
    }
    #expect(error.map { "\($0)" }?.contains("n2.txt") == true)
    // The package is untouched.
    #expect(FileStat(url.appendingPathComponent("n2.txt"))?.size == 64 << 30)
  }

  @Test("Opening a 64 GiB text file fails with an error")
  func hugeTextFile() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("huge.txt")
    try makeSparseFile(at: url, size: 64 << 30)
    await #expect(throws: (any Error).self) {
      try await DocumentSession<TextMemo>.open(
        url, environment: testEnvironment(temporary))
    }
  }
}
