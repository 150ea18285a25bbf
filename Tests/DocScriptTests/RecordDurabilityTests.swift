import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

/// `record FILE` makes its new file with DocKit's atomic write, so the
/// file's name is synced into its folder before the first input is
/// recorded: a power loss cannot take the whole recording away.
@MainActor
@Suite("record: the new file is durable")
struct RecordDurabilityTests {
  @Test("record creates the file by a rename that the folder's sync follows")
  func folderSyncedAfterCreation() async throws {
    let temporary = try TemporaryDirectory()
    let output = CapturedOutput()
    let interpreter = Interpreter(
      registry: DocumentTypeRegistry(),
      options: Interpreter.Options(workingDirectory: temporary.url), output: output)
    let fileSystem = SyncOrderFileSystem()
    let result = await FileSystemContext.$current.withValue(fileSystem) {
      await interpreter.run(
        ScriptSource(
          name: "t.docscript", text: "record session.docscript\nprint hi\nrecord stop\n"))
    }
    #expect(result.failures == 0)
    #expect(fileSystem.syncedFolder(temporary.url, afterRenameTo: "session.docscript"))
    let recorded = try Data(contentsOf: temporary("session.docscript"))
    #expect(Array(recorded) == Array("print hi\n#> hi\n".utf8))
  }

  @Test("record without --replace refuses an existing file and leaves its bytes")
  func existingFileKept() async throws {
    let temporary = try TemporaryDirectory()
    let canary = try temporary.write("keep me\n", to: "session.docscript")
    let output = CapturedOutput()
    let interpreter = Interpreter(
      registry: DocumentTypeRegistry(),
      options: Interpreter.Options(workingDirectory: temporary.url), output: output)
    let result = await interpreter.run(
      ScriptSource(name: "t.docscript", text: "record session.docscript\n"))
    #expect(result.failures == 1)
    let diagnostic = try #require(output.diagnostics.first)
    #expect(diagnostic.message == "'session.docscript' already exists")
    #expect(Array(try Data(contentsOf: canary)) == Array("keep me\n".utf8))
  }
}
