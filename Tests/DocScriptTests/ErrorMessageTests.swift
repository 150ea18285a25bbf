import DocKit
import DocScript
import DocTestSupport
import Foundation
import Testing

/// `ErrorMessage` builds a diagnostic's text from an error's fields: the
/// path shown by the resolver, then the reason. The cases a rewrite of the
/// description's text could get wrong are here.
@Suite("Error messages from fields")
struct ErrorMessageTests {
  static let message = ErrorMessage(
    resolver: PathResolver(
      workingDirectory: URL(fileURLWithPath: "/tmp/w"),
      homeDirectory: URL(fileURLWithPath: "/home/u")))

  /// A file wrapper's failure about `path`.
  static func failure(_ path: String) -> FileWrapperError {
    FileWrapperError(
      .permissionDenied, path: path, message: "openat failed: Permission denied",
      systemCall: "openat", errno: 13)
  }

  @Test(
    "The path is shown as output shows paths, whatever it holds",
    arguments: [
      ("/tmp/w/a.txt", "a.txt"),
      ("/tmp/w/sub/Trip.notes/metadata.json", "sub/Trip.notes/metadata.json"),
      ("/tmp/w", "."),
      ("/elsewhere/a.txt", "/elsewhere/a.txt"),
      // A sibling whose name starts with the working folder's.
      ("/tmp/w2/a", "/tmp/w2/a"),
      ("/tmp/w2", "/tmp/w2"),
      // The working folder's path inside another path.
      ("/x/tmp/w/a.txt", "/x/tmp/w/a.txt"),
      // Blanks and a capital: a name, not a sentence to lower-case.
      ("/tmp/w/Read Me.txt", "Read Me.txt"),
      ("/tmp/w/a b/c", "a b/c"),
      // A newline is the file name's own: shown as the name holds it, as
      // every path in output is.
      ("/tmp/w/a\nb.txt", "a\nb.txt"),
    ])
  func paths(_ path: String, _ shown: String) {
    #expect(
      Self.message.text(for: Self.failure(path)) == "\(shown): openat failed: Permission denied")
  }

  @Test("Without a resolver, paths are shown whole")
  func withoutResolver() {
    #expect(
      ErrorMessage().text(for: Self.failure("/tmp/w/a.txt"))
        == "/tmp/w/a.txt: openat failed: Permission denied")
  }

  @Test("A path that is no file's (inside a serialized tree) is shown as the error gives it")
  func treePath() {
    let error = FileWrapperError(
      .malformedSerialization, path: "pkg/notes/a.json", message: "truncated record")
    #expect(Self.message.text(for: error) == "pkg/notes/a.json: truncated record")
  }

  @Test("DocKit's own CocoaError, from a real read: the file relative to the working folder")
  func realRead() throws {
    let temporary = try TemporaryDirectory()
    let message = ErrorMessage(resolver: PathResolver(workingDirectory: temporary.url))
    let error = try #require(throws: CocoaError.self) {
      _ = try FileWrapper(url: temporary("sub/missing.txt"), options: .immediate)
    }
    let details = try #require(error.documentErrorDetails)
    let reason = try #require(details.reason)
    #expect(message.text(for: error) == "sub/missing.txt: \(reason)")
  }

  @Test("A conflict's advice names the commands, from the conflict's code")
  func conflict() {
    let refusal = DocumentSessionError(
      .conflict, url: URL(fileURLWithPath: "/tmp/w/a.txt"),
      message: "the file changed on disk since it was opened or saved",
      recoverySuggestion: DocumentSessionError.conflictSuggestion)
    #expect(
      Self.message.text(for: refusal)
        == "a.txt: the file changed on disk since it was opened or saved; 'diff --disk' to compare, then 'revert' or 'save --force'"
    )
    // Another refusal keeps DocKit's suggestion as it is.
    let other = DocumentSessionError(
      .unsavedChanges, url: nil, message: "the document has unsaved changes",
      recoverySuggestion: "save it, or close discarding them")
    #expect(
      Self.message.text(for: other)
        == "the document has unsaved changes; save it, or close discarding them")
  }

  /// A document type's error with a place in a file, as the built-in
  /// types' `FormatError` has.
  struct PlacedError: DocumentFileError {
    var fileInDocument: String?
    var line: Int?
    var column: Int?
    var byteOffset: Int?
    var reason: String?
    func naming(file path: String) -> any Error {
      var copy = self
      copy.fileInDocument = path
      return copy
    }
  }

  @Test(
    "A document's error: file, line, column or byte offset, then the reason",
    arguments: [
      (
        PlacedError(fileInDocument: "Trip.notes/a.json", line: 3, column: 7, reason: "bad value."),
        "Trip.notes/a.json:3:7: bad value"
      ),
      (
        PlacedError(fileInDocument: "Bad File.json", line: 1, column: 4, reason: "Unexpected end"),
        "Bad File.json:1:4: Unexpected end"
      ),
      (
        PlacedError(fileInDocument: "/tmp/w/data/x.bin", byteOffset: 12, reason: "bad byte"),
        "data/x.bin: byte 12: bad byte"
      ),
      (PlacedError(line: 2, column: 1, reason: "no file"), "2:1: no file"),
      (PlacedError(reason: "The value is wrong."), "the value is wrong"),
    ])
  func placed(_ error: PlacedError, _ expected: String) {
    #expect(Self.message.text(for: error) == expected)
  }

  /// An error of a kind the renderer does not know.
  struct Unknown: Error, CustomStringConvertible {
    var description: String
  }

  @Test(
    "An error of an unknown kind shows its description, as a diagnostic reads",
    arguments: [
      ("The disk is on fire.", "the disk is on fire"),
      ("/tmp/w/a.txt: on fire", "/tmp/w/a.txt: on fire"),
      ("URL is malformed", "URL is malformed"),
    ])
  func unknown(_ description: String, _ expected: String) {
    #expect(Self.message.text(for: Unknown(description: description)) == expected)
  }

  @Test("A script's own error is its message, as written")
  func scriptError() {
    #expect(Self.message.text(for: ScriptError("Keep This.")) == "Keep This.")
  }
}
