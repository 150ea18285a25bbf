import DocKit
import Foundation
import Testing

@Suite("FileWrapper(): the NSObject initializer")
struct FileWrapperPlainInitTests {
  @Test("FileWrapper() is an empty regular file, as documented in differences.md")
  func emptyRegularFile() throws {
    let wrapper = FileWrapper()
    #expect(wrapper.isRegularFile)
    #expect(!wrapper.isDirectory)
    #expect(!wrapper.isSymbolicLink)
    #expect(wrapper.regularFileContents == Data())
    #expect(wrapper.fileWrappers == nil)
    #expect(wrapper.filename == nil)
    #expect(wrapper.preferredFilename == nil)
    #expect(
      (wrapper.fileAttributes[FileAttributeKey.posixPermissions.rawValue] as? NSNumber)?.intValue
        == 0o666)
  }

  @Test("FileWrapper() can be named, added to a directory and written")
  func writable() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("docrepl-plain-init-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let child = FileWrapper()
    child.preferredFilename = "empty.txt"
    let package = FileWrapper(directoryWithFileWrappers: [:])
    package.addFileWrapper(child)
    let url = folder.appendingPathComponent("doc.pkg", isDirectory: true)
    try package.write(to: url, options: .atomic, originalContentsURL: nil)
    let written = try Data(contentsOf: url.appendingPathComponent("empty.txt"))
    #expect(written.isEmpty)
  }

  @Test("A subclass can call super.init()")
  func subclass() {
    final class Placeholder: FileWrapper {
      let tag: Int
      init(tag: Int) {
        self.tag = tag
        super.init()
      }
    }
    let wrapper = Placeholder(tag: 7)
    #expect(wrapper.tag == 7)
    #expect(wrapper.isRegularFile)
  }
}
