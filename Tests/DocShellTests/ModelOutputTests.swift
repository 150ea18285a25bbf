import DocKit
import DocScript
import DocShell
import DocTestSupport
import Foundation
import Testing

/// What a model prints with `print()` during `test` and `check` is kept
/// with the script it belongs to, and shown only with its failure.
@MainActor
@Suite("What a model prints")
struct ModelOutputTests {
  static var registry: DocumentTypeRegistry {
    DocumentTypeRegistry(documentTypes: [DocumentType(.scripted(ChattyNote.self), kind: .reference)]
    )
  }

  static func docrepl(_ arguments: [String]) async -> (DocShell.ExitStatus, String, String) {
    var output = ""
    var errors = ""
    let status = await Docrepl.run(
      arguments: arguments, registry: registry, environment: [:], output: &output,
      errors: &errors)
    return (status, output, errors)
  }

  @Test("test shows what a failing script's model printed, and nothing of a passing one's")
  func testCapturesPerScript() async throws {
    let folder = try TemporaryDirectory("printed")
    try folder.write(
      "new chatty n\nsay from-passing\nsilently-set x\nshow\n#> x\n", to: "a.docscript")
    try folder.write(
      "new chatty n\nsay from-failing\nsilently-set x\nshow\n#> y\n", to: "b.docscript")
    let (status, output, _) = await Self.docrepl(
      ["test", "--jobs", "2", "--junit", folder("r.xml").path, folder.url.path])
    #expect(status == .failure)
    #expect(!output.contains("from-passing"), "\(output)")
    #expect(
      output.contains(
        "--- what the document model printed (1 line) ---\nfrom-failing\n--- end of what it printed ---\n"
      ), "\(output)")
    let xml = try String(contentsOf: folder("r.xml"), encoding: .utf8)
    #expect(
      xml.contains("<system-out>--- what the document model printed (1 line) ---\nfrom-failing"))
  }

  @Test("A model that prints without end shows its start and its end, with how much was cut")
  func hugeOutputIsCut() async throws {
    let folder = try TemporaryDirectory("printed")
    try folder.write("new chatty n\nsay-lots 200000\nshow\n#> y\n", to: "c.docscript")
    let (_, output, _) = await Self.docrepl(["test", folder("c.docscript").path])
    #expect(output.contains("(200000 lines) ---\nline 1 of the model\n"))
    #expect(output.contains("line 200000 of the model\n--- end of what it printed ---"))
    #expect(output.contains(" lines) not shown …]\n"))
    #expect(output.utf8.count < 64 << 10)
  }

  @Test("check keeps what the type prints out of its report, unless --show-output")
  func checkKeepsOutputOut() async throws {
    let folder = try TemporaryDirectory("printed")
    let (status, output, errors) = await Self.docrepl(
      ["check", "chatty", "-C", folder.url.path, "--seed", "3", "--runs", "5", "--steps", "20"])
    #expect(!output.contains("of the model\n") && !output.contains("\nhi\n"), "\(output)")
    #expect(errors.contains("check: note: chatty printed "), "\(errors) \(status)")
    #expect(errors.contains("--show-output shows it"))
  }
}
