import DocKit
import DocScript
import DocShell
import DocTestSupport
import Foundation
import Glibc
import Testing

/// An explicit `save` of a document whose model changed without telling
/// its undo manager writes it, and says so; a save of a document that is
/// genuinely unchanged still writes nothing.
@MainActor
@Suite("Saving changes the model did not record")
struct UnrecordedChangeSaveTests {
  static let notice =
    "the model recorded no change, but its content differs from the file: saved anyway"

  /// Runs `script` with `docrepl run -C folder` in process over `registry`.
  static func run(
    _ script: String, in folder: TemporaryDirectory, registry: DocumentTypeRegistry
  ) async throws -> (status: DocShell.ExitStatus, output: String, errors: String) {
    let file = try folder.write(script, to: "s.docscript")
    var output = ""
    var errors = ""
    let status = await Docrepl.run(
      arguments: ["run", "-C", folder.url.path, file.path], registry: registry, environment: [:],
      output: &output, errors: &errors)
    return (status, output, errors)
  }

  /// Runs `script` with `docrepl test` in process over `registry`: its
  /// `#>` and `#!` lines say what it must print, diagnostics included.
  static func test(
    _ script: String, registry: DocumentTypeRegistry
  ) async throws -> (
    status: DocShell.ExitStatus, output: String
  ) {
    let folder = try TemporaryDirectory("unrecorded")
    let file = try folder.write(script, to: "s.docscript")
    var output = ""
    var errors = ""
    let status = await Docrepl.run(
      arguments: ["test", file.path], registry: registry, environment: [:], output: &output,
      errors: &errors)
    return (status, output)
  }

  static func inode(_ url: URL) -> UInt64 {
    var info = stat()
    return stat(url.path, &info) == 0 ? UInt64(info.st_ino) : 0
  }

  @Test("A reference document changed behind its undo manager's back is saved, with a warning")
  func savesUnrecordedChange() async throws {
    let folder = try TemporaryDirectory("unrecorded")
    try folder.write("one", to: "n.chatty")
    let registry = DocumentTypeRegistry(documentTypes: [
      DocumentType(.scripted(ChattyNote.self), kind: .reference)
    ])
    let result = try await Self.run(
      "open n.chatty\nsilently-set two\nexpect clean\nsave\nexpect clean\n", in: folder,
      registry: registry)
    #expect(result.status == .success, "\(result.errors)")
    #expect(try String(contentsOf: folder("n.chatty"), encoding: .utf8) == "two")
    let test = try await Self.test(
      """
      new chatty n
      silently-set one
      save n.chatty
      close
      open n.chatty
      silently-set two
      save
      #! warning: n.chatty: \(Self.notice)
      close
      open n.chatty
      show
      #> two
      """, registry: registry)
    #expect(test.status == .success, "\(test.output)")
  }

  @Test("A document that did not change is not written, and gets no warning")
  func unchangedWritesNothing() async throws {
    let folder = try TemporaryDirectory("unrecorded")
    try folder.write("one", to: "n.chatty")
    let before = Self.inode(folder("n.chatty"))
    let registry = DocumentTypeRegistry(documentTypes: [
      DocumentType(.scripted(ChattyNote.self), kind: .reference)
    ])
    let result = try await Self.run(
      "open n.chatty\nsilently-set one\nsave\n", in: folder, registry: registry)
    #expect(result.status == .success, "\(result.errors)")
    #expect(Self.inode(folder("n.chatty")) == before)
    let test = try await Self.test(
      "new chatty n\nsilently-set one\nsave n.chatty\nclose\nopen n.chatty\nsave\n",
      registry: registry)
    #expect(test.status == .success, "\(test.output)")
  }

  @Test("A package's unrecorded change is saved in place: only the changed file is written")
  func packageInPlace() async throws {
    let folder = try TemporaryDirectory("unrecorded")
    let registry = DocumentTypeRegistry()
    registry.register(.scripted(FaultyPackage<EditWithoutUndo>.self), kind: .reference)
    let setup = try await Self.run(
      "new faulty p\ntitle Trip\nappend one\nsave p.faulty\nclose\n", in: folder,
      registry: registry)
    #expect(setup.status == .success, "\(setup.errors)")
    let title = Self.inode(folder("p.faulty/title.txt"))
    let result = try await Self.run(
      "open p.faulty\nappend two\nexpect clean\nsave\n", in: folder, registry: registry)
    #expect(result.status == .success, "\(result.errors)")
    #expect(
      try String(contentsOf: folder("p.faulty/lines.txt"), encoding: .utf8) == "one\ntwo\n")
    #expect(Self.inode(folder("p.faulty/title.txt")) == title)
    // Saved again with nothing new: nothing is written, nothing said.
    let lines = Self.inode(folder("p.faulty/lines.txt"))
    let again = try await Self.run("open p.faulty\nsave\n", in: folder, registry: registry)
    #expect(again.status == .success)
    #expect(Self.inode(folder("p.faulty/lines.txt")) == lines)
    let test = try await Self.test(
      """
      new faulty p
      title T
      append one
      save p.faulty
      close
      open p.faulty
      append two
      save
      #! warning: p.faulty: \(Self.notice)
      save
      close
      open p.faulty
      show
      #> title: T
      #> 1: one
      #> 2: two
      """, registry: registry)
    #expect(test.status == .success, "\(test.output)")
  }
}
