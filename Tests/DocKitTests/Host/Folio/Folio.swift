import DocKit
import Foundation

/// A test model, not a format anyone should adopt: a package of small
/// text pages that DocKit's session tests open, edit and save when what
/// they test is the host (journaled in-place package saves, conflicts,
/// copies, recovery, power loss), not a document type. It stands in for
/// DocFormats' note collection, which DocKit's tests may not import, and
/// saves the way that collection does.
///
/// On disk, `Trip.folio/` holds `index.txt` (the title on the first line,
/// then one page id per line, in order) and one `<id>.txt` per page, its
/// text as it is. Files it does not know are kept: a save starts from the
/// package wrapper of the last read or save (`existingFile`) and replaces
/// only the index and the pages that changed, so the others, and any file
/// that is not a page, stay the same inodes. When that wrapper is not
/// known to hold the content the change flags are relative to, every page
/// and the index are written (the unknown files still stay).
///
/// A folio can also be written as one plain-text file (an export).
struct Folio: FileDocument, ChangeTrackingDocument {
  static var readableContentTypes: [UTType] { [.folio] }
  static var writableContentTypes: [UTType] { [.folio, .plainText] }

  /// The name of the index file.
  static let indexFilename = "index.txt"

  /// One page.
  struct Page: Equatable, Sendable, Identifiable {
    /// The page's id, which names its file: `<id>.txt`.
    let id: String
    /// The page's text.
    var text: String

    /// The page's file name.
    var filename: String { "\(id).txt" }
  }

  /// The folio's title.
  private(set) var title: String {
    didSet { serial = FolioBaseline.nextSerial() }
  }
  /// The pages, in order.
  private(set) var pages: [Page] {
    didSet { serial = FolioBaseline.nextSerial() }
  }
  /// Whether `index.txt` must be rewritten.
  private var indexChanged: Bool
  /// The pages whose files must be rewritten, by id, as they are now.
  private var changedPages: [String: Page]
  /// The ids of pages whose files must be removed.
  private var removedPages: Set<String> = []
  /// Identifies this value's content: a copy shares it, an edit makes a
  /// new one.
  private var serial = FolioBaseline.nextSerial()
  /// The serial of the content the change flags are relative to.
  private var baseSerial: UInt64 = 0
  /// Which wrapper holds which content, for every value of this lineage.
  private var baseline = FolioBaseline()

  /// Creates a new folio; everything in it counts as changed.
  init(title: String, pages: [Page] = []) throws(FolioError) {
    try Self.checkTitle(title)
    for page in pages { try Self.checkID(page.id) }
    guard Set(pages.map(\.id)).count == pages.count else {
      throw FolioError("two pages have the same id")
    }
    self.title = title
    self.pages = pages
    indexChanged = true
    changedPages = Dictionary(uniqueKeysWithValues: pages.map { ($0.id, $0) })
  }

  /// Whether anything changed since the last save.
  var hasUnsavedChanges: Bool {
    indexChanged || !changedPages.isEmpty || !removedPages.isEmpty
  }

  // MARK: - Reading

  init(configuration: ReadConfiguration) throws {
    let package = configuration.file
    guard package.isDirectory, let files = package.fileWrappers else {
      throw FolioError("a folio must be a folder", file: package.filename)
    }
    guard let index = files[Self.indexFilename] else {
      throw FolioError("the folio has no \(Self.indexFilename)", file: Self.indexFilename)
    }
    let (title, ids) = try Self.parseIndex(try Self.text(of: index, named: Self.indexFilename))
    self.title = title
    pages = try ids.map { id in
      let name = "\(id).txt"
      guard let file = files[name] else {
        throw FolioError("listed in \(Self.indexFilename) but missing", file: name)
      }
      return Page(id: id, text: try Self.text(of: file, named: name))
    }
    indexChanged = false
    changedPages = [:]
    baseSerial = serial
    baseline.record(package, holds: serial)
  }

  /// The text of a page or of the index: UTF-8, read through the wrapper,
  /// so that its errors (a file too large, one gone) name the file.
  private static func text(of file: FileWrapper, named name: String) throws -> String {
    guard file.isRegularFile else { throw FolioError("expected a regular file", file: name) }
    guard let text = String(data: try file.loadRegularFileContents(), encoding: .utf8) else {
      throw FolioError("not UTF-8 text", file: name)
    }
    return text
  }

  /// The title and the page ids of an index's text.
  private static func parseIndex(_ text: String) throws -> (String, [String]) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count >= 2, lines.removeLast().isEmpty else {
      throw FolioError("expected a title line and a line per page", file: indexFilename)
    }
    let title = lines.removeFirst()
    var seen: Set<String> = []
    for id in lines {
      do { try checkID(id) } catch { throw FolioError(error.message, file: indexFilename) }
      guard seen.insert(id).inserted else {
        throw FolioError("page '\(id)' is listed twice", file: indexFilename)
      }
    }
    return (title, lines)
  }

  /// Ids name files: 1 to 64 ASCII letters, digits, `-` and `_`, not `index`.
  private static func checkID(_ id: String) throws(FolioError) {
    let valid = id.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
          || "-_".unicodeScalars.contains($0))
    }
    guard (1...64).contains(id.utf8.count), valid, id != "index" else {
      throw FolioError("'\(id)' is not a page id")
    }
  }

  /// A title is one line.
  private static func checkTitle(_ title: String) throws(FolioError) {
    guard !title.contains("\n") else { throw FolioError("a title is one line") }
  }

  // MARK: - Writing

  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    switch configuration.contentType {
    case .folio: return packageWrapper(reusing: configuration.existingFile)
    case .plainText: return FileWrapper(regularFileWithContents: Data(plainText.utf8))
    default: throw FolioError("a folio cannot be written as \(configuration.contentType)")
    }
  }

  /// Starts from `existing` when it is a folder: when it is recorded as
  /// holding this value, returns it as it is; when it holds the base of
  /// the change flags, replaces the flagged files only (O(k)); otherwise
  /// writes the index and every page. The files a save does not replace
  /// or remove are left as they are, pages and unknown files alike.
  private func packageWrapper(reusing existing: FileWrapper?) -> FileWrapper {
    guard let package = existing, package.isDirectory else {
      let package = FileWrapper(directoryWithFileWrappers: [:])
      writeEverything(into: package)
      baseline.record(package, holds: serial)
      return package
    }
    if baseline.wrapper(package, holds: serial) { return package }
    if baseline.wrapper(package, holds: baseSerial) {
      if indexChanged { replace(Self.indexFilename, in: package, with: indexText) }
      for id in removedPages.sorted() where changedPages[id] == nil {
        if let old = package.fileWrappers?["\(id).txt"] { package.removeFileWrapper(old) }
      }
      for (_, page) in changedPages.sorted(by: { $0.key < $1.key }) {
        replace(page.filename, in: package, with: page.text)
      }
    } else {
      writeEverything(into: package)
    }
    baseline.record(package, holds: serial)
    return package
  }

  /// Writes the index and every page into `package`, and removes the
  /// pages its own index lists that this value does not have.
  private func writeEverything(into package: FileWrapper) {
    let current = Set(pages.map(\.id))
    var gone = removedPages
    if let index = package.fileWrappers?[Self.indexFilename],
      let text = try? Self.text(of: index, named: Self.indexFilename),
      let (_, listed) = try? Self.parseIndex(text)
    {
      gone.formUnion(listed)
    }
    for id in gone.subtracting(current).sorted() {
      if let old = package.fileWrappers?["\(id).txt"] { package.removeFileWrapper(old) }
    }
    replace(Self.indexFilename, in: package, with: indexText)
    for page in pages { replace(page.filename, in: package, with: page.text) }
  }

  private func replace(_ name: String, in package: FileWrapper, with text: String) {
    if let old = package.fileWrappers?[name] { package.removeFileWrapper(old) }
    package.addRegularFile(withContents: Data(text.utf8), preferredFilename: name)
  }

  /// The index: the title, then a line per page id.
  private var indexText: String {
    ([title] + pages.map(\.id)).map { $0 + "\n" }.joined()
  }

  /// The folio as one text: the title, then each page under its id.
  var plainText: String {
    var text = "# \(title)\n"
    for page in pages {
      text += "\n## \(page.id)\n\n\(page.text)"
      if !page.text.hasSuffix("\n") { text += "\n" }
    }
    return text
  }

  mutating func markSaved(as contentType: UTType) {
    guard contentType == .folio else { return }
    // The host saved the wrapper this value made, which recorded it; if no
    // record says so, the next save writes everything, to be safe.
    baseSerial = baseline.isRecorded(serial) ? serial : 0
    indexChanged = false
    changedPages = [:]
    removedPages = []
  }

  // MARK: - Editing

  /// Renames the folio.
  @discardableResult
  mutating func setTitle(_ newTitle: String) -> DocumentEdit<Self> {
    precondition(!newTitle.contains("\n"), "a title is one line")
    let old = title
    title = newTitle
    indexChanged = true
    return DocumentEdit(actionName: "Rename Folio") { $0.setTitle(old) }
  }

  /// Adds a page at `index` (0-based; the end by default).
  @discardableResult
  mutating func addPage(
    id: String, text: String, at index: Int? = nil
  ) throws(FolioError) -> DocumentEdit<Self> {
    try Self.checkID(id)
    guard !pages.contains(where: { $0.id == id }) else {
      throw FolioError("a page with id '\(id)' already exists")
    }
    let index = index ?? pages.count
    guard (0...pages.count).contains(index) else {
      throw FolioError("position \(index + 1) is out of range")
    }
    insert(Page(id: id, text: text), at: index)
    return DocumentEdit(actionName: "Add Page") { $0.removePage(unchecked: id) }
  }

  private mutating func insert(_ page: Page, at index: Int) {
    pages.insert(page, at: index)
    indexChanged = true
    changedPages[page.id] = page
  }

  /// Removes the page with `id`.
  @discardableResult
  mutating func removePage(id: String) throws(FolioError) -> DocumentEdit<Self> {
    guard pages.contains(where: { $0.id == id }) else {
      throw FolioError("there is no page '\(id)'")
    }
    return removePage(unchecked: id)
  }

  private mutating func removePage(unchecked id: String) -> DocumentEdit<Self> {
    guard let index = pages.firstIndex(where: { $0.id == id }) else {
      return .unchanged(actionName: "Remove Page")
    }
    let page = pages.remove(at: index)
    indexChanged = true
    changedPages[id] = nil
    removedPages.insert(id)
    return DocumentEdit(actionName: "Remove Page") { folio in
      folio.insert(page, at: index)
      return DocumentEdit(actionName: "Remove Page") { $0.removePage(unchecked: page.id) }
    }
  }

  /// Changes a page's text.
  @discardableResult
  mutating func editPage(id: String, text: String) throws(FolioError) -> DocumentEdit<Self> {
    guard pages.contains(where: { $0.id == id }) else {
      throw FolioError("there is no page '\(id)'")
    }
    return replacePage(with: Page(id: id, text: text))
  }

  private mutating func replacePage(with page: Page) -> DocumentEdit<Self> {
    guard let index = pages.firstIndex(where: { $0.id == page.id }) else {
      return .unchanged(actionName: "Edit Page")
    }
    let old = pages[index]
    pages[index] = page
    changedPages[page.id] = page
    return DocumentEdit(actionName: "Edit Page") { $0.replacePage(with: old) }
  }
}
