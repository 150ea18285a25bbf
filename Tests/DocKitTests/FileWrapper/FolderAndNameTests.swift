import Foundation
import Testing

@testable import DocKit

/// A save splits its resolved path into folder and name without a `URL`
/// where the path is canonical; the split must be what `URL` gives for
/// every path, canonical or not.
@Suite("A file path's folder and name are what URL gives, for every kind of path")
struct FolderAndNameTests {
  static let paths = [
    "/tmp/notes.txt", "/notes.txt", "/a/b/c/d.json", "/tmp/with blank/name with blank.txt",
    "/tmp/%20percent/50%.txt", "/tmp/caf\u{E9}/r\u{E9}sum\u{E9}.txt",
    "/tmp/cafe\u{301}/re\u{301}sume\u{301}.txt", "/tmp/\u{301}/x", "/tmp/a\u{301}", "/tmp/.hidden",
    "/tmp/..data", "/tmp/.../x", "/tmp/name.", "/tmp/a:b/c;d",
    "/tmp/emoji \u{1F600}/\u{1F468}\u{200D}\u{1F469}",
    "/tmp/./x", "/tmp/../x", "/tmp//x", "/tmp/x/.", "/tmp/x/..", "relative/x.txt", "x.txt",
  ]

  @Test("Folder and name match URL's, byte for byte", arguments: paths)
  func matchesURL(_ path: String) {
    let split = FileWrapper.folderAndName(ofPath: path)
    let location = URL(fileURLWithPath: path, isDirectory: false)
    #expect(Array(split.folder.utf8) == Array(location.deletingLastPathComponent().path.utf8))
    #expect(Array(split.name.utf8) == Array(location.lastPathComponent.utf8))
  }

  @Test("A file path keeps its bytes and loses only its trailing slashes")
  func filePath() throws {
    let decomposed = "/tmp/cafe\u{301}/"
    let path = try FileWrapper.filePath(of: URL(fileURLWithPath: decomposed))
    #expect(Array(path.utf8) == Array("/tmp/cafe\u{301}".utf8))
    #expect(try FileWrapper.filePath(of: URL(fileURLWithPath: "/")) == "/")
  }
}
