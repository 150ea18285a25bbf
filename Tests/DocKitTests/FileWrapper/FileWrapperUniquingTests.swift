import DocKit
import Foundation
import Testing

@Suite("FileWrapper: Apple's uniquing of duplicate names")
struct FileWrapperUniquingTests {
  @Test("Duplicate preferred names get \"<n>__#$!@%!#__<name>\" keys, n counting up")
  func duplicateNames() {
    let directory = FileWrapper(directoryWithFileWrappers: [:])
    let first = directory.addRegularFile(
      withContents: Data("1".utf8), preferredFilename: "image.png")
    let second = directory.addRegularFile(
      withContents: Data("2".utf8), preferredFilename: "image.png")
    let third = directory.addRegularFile(
      withContents: Data("3".utf8), preferredFilename: "image.png")
    #expect(first == "image.png")
    #expect(second == "1__#$!@%!#__image.png")
    #expect(third == "2__#$!@%!#__image.png")
    #expect(directory.fileWrappers?[second]?.regularFileContents == Data("2".utf8))
    #expect(directory.fileWrappers?[second]?.preferredFilename == "image.png")
  }

  @Test("A uniqued key that is itself taken is skipped")
  func takenUniquedKey() {
    let directory = FileWrapper(directoryWithFileWrappers: [:])
    directory.addRegularFile(withContents: Data(), preferredFilename: "1__#$!@%!#__a")
    directory.addRegularFile(withContents: Data(), preferredFilename: "a")
    let key = directory.addRegularFile(withContents: Data(), preferredFilename: "a")
    #expect(key == "2__#$!@%!#__a")
  }

  @Test("A child without a preferred name still gets a unique key")
  func unnamedChild() {
    let directory = FileWrapper(directoryWithFileWrappers: [:])
    let key1 = directory.addFileWrapper(FileWrapper(regularFileWithContents: Data()))
    let key2 = directory.addFileWrapper(FileWrapper(regularFileWithContents: Data()))
    #expect(key1 == "1__#$!@%!#__")
    #expect(key2 == "2__#$!@%!#__")
  }

  @Test("init(directoryWithFileWrappers:) uniques equal preferred names in key order")
  func initializerUniquing() {
    let a = FileWrapper(regularFileWithContents: Data("a".utf8))
    let b = FileWrapper(regularFileWithContents: Data("b".utf8))
    a.preferredFilename = "same"
    b.preferredFilename = "same"
    let directory = FileWrapper(directoryWithFileWrappers: ["k1": a, "k2": b])
    #expect(directory.keyForChildFileWrapper(a) == "same")
    #expect(directory.keyForChildFileWrapper(b) == "1__#$!@%!#__same")
  }

  @Test("One wrapper can sit in two directories under different keys")
  func sharedChild() {
    let shared = FileWrapper(regularFileWithContents: Data("shared".utf8))
    shared.preferredFilename = "note.json"
    let left = FileWrapper(directoryWithFileWrappers: [:])
    let right = FileWrapper(directoryWithFileWrappers: [:])
    right.addRegularFile(withContents: Data(), preferredFilename: "note.json")
    #expect(left.addFileWrapper(shared) == "note.json")
    #expect(right.addFileWrapper(shared) == "1__#$!@%!#__note.json")
    #expect(left.keyForChildFileWrapper(shared) == "note.json")
    #expect(right.keyForChildFileWrapper(shared) == "1__#$!@%!#__note.json")
  }

  @Test("Changing preferredFilename re-keys the wrapper in every parent")
  func rekeying() {
    let shared = FileWrapper(regularFileWithContents: Data())
    shared.preferredFilename = "old.txt"
    let left = FileWrapper(directoryWithFileWrappers: [:])
    let right = FileWrapper(directoryWithFileWrappers: [:])
    left.addFileWrapper(shared)
    right.addRegularFile(withContents: Data(), preferredFilename: "new.txt")
    right.addFileWrapper(shared)
    shared.preferredFilename = "new.txt"
    #expect(left.keyForChildFileWrapper(shared) == "new.txt")
    #expect(left.fileWrappers?["old.txt"] == nil)
    #expect(right.keyForChildFileWrapper(shared) == "1__#$!@%!#__new.txt")
    #expect(right.fileWrappers?.count == 2)
  }

  @Test("removeFileWrapper removes the child; keyForChildFileWrapper then says nil")
  func removing() {
    let directory = FileWrapper(directoryWithFileWrappers: [:])
    directory.addRegularFile(withContents: Data(), preferredFilename: "keep")
    let key = directory.addRegularFile(withContents: Data(), preferredFilename: "drop")
    let child = directory.fileWrappers?[key]
    #expect(child != nil)
    if let child {
      directory.removeFileWrapper(child)
      #expect(directory.keyForChildFileWrapper(child) == nil)
      // No longer a child, so renaming it leaves the directory alone.
      child.preferredFilename = "keep"
    }
    #expect(directory.fileWrappers?.keys.sorted() == ["keep"])
  }

  @Test("Names equal as Swift strings (NFC and NFD) are uniqued, not merged")
  func canonicallyEquivalentNames() {
    let directory = FileWrapper(directoryWithFileWrappers: [:])
    let nfc = directory.addRegularFile(withContents: Data("c".utf8), preferredFilename: "caf\u{E9}")
    let nfd = directory.addRegularFile(
      withContents: Data("d".utf8), preferredFilename: "cafe\u{301}")
    #expect(Array(nfc.utf8) == Array("caf\u{E9}".utf8))
    #expect(nfd == "1__#$!@%!#__cafe\u{301}")
    #expect(directory.fileWrappers?.count == 2)
  }
}
