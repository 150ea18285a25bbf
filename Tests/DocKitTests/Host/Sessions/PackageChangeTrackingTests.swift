import DocKit
import DocTestSupport
import Foundation
import Testing

/// A package save plans only the entries that changed since the last save
/// (each directory wrapper remembers its changed children). These tests
/// edit a package's wrapper in place at random, through Apple's API alone,
/// and check after every save that the disk holds exactly the tree the
/// edits made: a change the tracking missed would be a file left stale.
@MainActor
@Suite("Package saves plan only what changed, and miss nothing")
struct PackageChangeTrackingTests {
  @Test("Random edits at every depth, saved in place round after round", arguments: [1, 2, 3, 4])
  func randomEdits(seed: UInt64) async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("Tree.package")
    var model: [String: TreeEdit.Node] = ["a.txt": .file("a", mode: nil), "sub": .directory]
    try TreeEdit.apply([.write("a.txt", "a"), .makeDirectory("sub")], to: nil)
      .write(to: url, options: .atomic, originalContentsURL: nil)
    let session = try await DocumentSession<EditingPackage>.open(
      url, contentType: .folder, environment: testEnvironment(temporary))
    var random = SplitMix64(seed: seed)
    for round in 1...25 {
      var edits: [TreeEdit] = []
      for step in 0..<Int.random(in: 1...4, using: &random) {
        edits.append(TreeEdit.random(in: &model, label: "r\(round)s\(step)", using: &random))
      }
      session.setDocument(EditingPackage(edits: edits), actionName: "Edit")
      try await session.save()
      let onDisk = try TreeEdit.flatten(FileWrapper(url: url, options: .immediate))
      #expect(onDisk == model, "round \(round): \(edits)")
      guard onDisk == model else { return }
    }
  }

  @Test("A change deep inside an unchanged folder is saved, and a file's new mode too")
  func deepChange() async throws {
    let temporary = try TemporaryDirectory()
    let url = temporary("Deep.package")
    try TreeEdit.apply(
      [
        .makeDirectory("x"), .makeDirectory("x/y"), .makeDirectory("x/y/z"),
        .write("x/y/z/deep.txt", "old"), .write("x/y/keep.txt", "keep"),
      ], to: nil
    ).write(to: url, options: .atomic, originalContentsURL: nil)
    let session = try await DocumentSession<EditingPackage>.open(
      url, contentType: .folder, environment: testEnvironment(temporary))
    session.setDocument(
      EditingPackage(edits: [.write("x/y/z/deep.txt", "new"), .chmod("x/y/keep.txt", 0o600)]))
    try await session.save()
    let onDisk = try TreeEdit.flatten(FileWrapper(url: url, options: .immediate))
    #expect(onDisk["x/y/z/deep.txt"] == .file("new", mode: nil))
    #expect(onDisk["x/y/keep.txt"] == .file("keep", mode: 0o600))
  }
}

extension PackageChangeTrackingTests {
  /// Opens the folder `name` made by `edits` in `temporary`.
  private func openFolder(
    _ temporary: TemporaryDirectory, _ name: String, _ edits: [TreeEdit]
  ) async throws -> (DocumentSession<ClosurePackage>, URL) {
    let url = temporary(name)
    try TreeEdit.apply(edits, to: nil).write(to: url, options: .atomic, originalContentsURL: nil)
    let session = try await DocumentSession<ClosurePackage>.open(
      url, contentType: .folder, environment: testEnvironment(temporary))
    return (session, url)
  }

  /// Saves after `edit` runs on the package wrapper.
  private func save(
    _ session: DocumentSession<ClosurePackage>, _ edit: @escaping (FileWrapper) throws -> Void
  ) async throws {
    session.setDocument(ClosurePackage(edit: WrapperEdit(edit)), actionName: "Edit")
    try await session.save()
  }

  private func onDisk(_ url: URL) throws -> [String: TreeEdit.Node] {
    try TreeEdit.flatten(FileWrapper(url: url, options: .immediate))
  }

  @Test("A folder put back where another folder has since been saved is planned again")
  func folderPutBack() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await openFolder(
      temporary, "Back.package", [.makeDirectory("a"), .write("a/x.txt", "x")])
    let kept = Holder()
    try await save(session) { root in
      let first = try #require(root.fileWrappers?["a"])
      // Its file's bytes, read now: the save removes the file from disk.
      _ = try #require(first.fileWrappers?["x.txt"]).loadRegularFileContents()
      kept.wrapper = first
      root.removeFileWrapper(first)
      _ = try TreeEdit.apply([.makeDirectory("a"), .write("a/y.txt", "y")], to: root)
    }
    #expect(try onDisk(url) == ["a": .directory, "a/y.txt": .file("y", mode: nil)])
    try await save(session) { root in
      root.removeFileWrapper(try #require(root.fileWrappers?["a"]))
      root.addFileWrapper(try #require(kept.wrapper))
    }
    #expect(try onDisk(url) == ["a": .directory, "a/x.txt": .file("x", mode: nil)])
  }

  @Test("read(from:) of a folder whose file is also in another folder: both are saved")
  func rereadSharedFile() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await openFolder(
      temporary, "Shared.package",
      [.makeDirectory("a"), .write("a/f.txt", "old"), .makeDirectory("b")])
    try await save(session) { root in
      let file = try #require(root.fileWrappers?["a"]?.fileWrappers?["f.txt"])
      try #require(root.fileWrappers?["b"]).addFileWrapper(file)
    }
    #expect(try onDisk(url)["b/f.txt"] == .file("old", mode: nil))
    let source = temporary("source")
    try TreeEdit.apply([.write("f.txt", "NEW")], to: nil)
      .write(to: source, options: .atomic, originalContentsURL: nil)
    try await save(session) { root in
      try #require(root.fileWrappers?["a"]).read(from: source)
    }
    #expect(try onDisk(url)["a/f.txt"] == .file("NEW", mode: nil))
    #expect(try onDisk(url)["b/f.txt"] == .file("NEW", mode: nil))
  }

  @Test("A wrapper changed while its package is being saved is saved by the next save")
  func changeDuringSave() async throws {
    let temporary = try TemporaryDirectory()
    let (session, url) = try await openFolder(temporary, "Busy.package", [.write("a.txt", "a")])
    let kept = Holder()
    session.setDocument(
      ClosurePackage(
        edit: WrapperEdit { root in
          kept.wrapper = root
          _ = try TreeEdit.apply([.write("a.txt", "b")], to: root)
        }), actionName: "Edit")
    let gate = GatedFileSystem(holding: .fsync)
    let saving = Task(executorPreference: QueueTaskExecutor()) {
      try await FileSystemContext.$current.withValue(gate) { try await session.save() }
    }
    await gate.reached()
    try #require(kept.wrapper).addRegularFile(
      withContents: Data("n".utf8), preferredFilename: "n.txt")
    gate.proceed()
    try await saving.value
    #expect(try onDisk(url) == ["a.txt": .file("b", mode: nil)])
    try await save(session) { _ in }
    #expect(try onDisk(url) == ["a.txt": .file("b", mode: nil), "n.txt": .file("n", mode: nil)])
  }
}

/// Holds a wrapper between two edits of a test.
final class Holder: @unchecked Sendable {
  var wrapper: FileWrapper?
}

/// An edit of a package wrapper, for ``ClosurePackage``.
final class WrapperEdit: @unchecked Sendable {
  let body: (FileWrapper) throws -> Void

  init(_ body: @escaping (FileWrapper) throws -> Void) {
    self.body = body
  }
}

/// A folder document that runs its edit on the wrapper it was read from
/// (or last saved) and saves that wrapper, as Apple's package example
/// edits `existingFile`; it can keep references into the tree.
struct ClosurePackage: FileDocument {
  static let readableContentTypes: [UTType] = [.folder]
  var edit: WrapperEdit?

  init(edit: WrapperEdit?) {
    self.edit = edit
  }

  init(configuration: ReadConfiguration) throws {}

  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    let root = configuration.existingFile ?? FileWrapper(directoryWithFileWrappers: [:])
    try edit?.body(root)
    return root
  }
}

/// A folder document that applies its edits to the wrapper it was read
/// from, as Apple's package example edits `existingFile`.
struct EditingPackage: FileDocument {
  static let readableContentTypes: [UTType] = [.folder]
  var edits: [TreeEdit] = []

  init(edits: [TreeEdit]) {
    self.edits = edits
  }

  init(configuration: ReadConfiguration) throws {}

  func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    try TreeEdit.apply(edits, to: configuration.existingFile)
  }
}

/// One edit of a package tree, by path, and the same edit of a model of it.
enum TreeEdit: Sendable, CustomStringConvertible {
  case write(String, String)
  case remove(String)
  case makeDirectory(String)
  case rename(String, to: String)
  case chmod(String, UInt16)

  /// An entry of the model: a file's text and (if set) its mode.
  enum Node: Equatable {
    case file(String, mode: UInt16?)
    case directory
  }

  var description: String {
    switch self {
    case .write(let path, let text): "write \(path) \(text)"
    case .remove(let path): "remove \(path)"
    case .makeDirectory(let path): "mkdir \(path)"
    case .rename(let path, let name): "rename \(path) \(name)"
    case .chmod(let path, let mode): "chmod \(path) \(String(mode, radix: 8))"
    }
  }

  /// Applies `edits` to `tree` (a new folder if nil) and returns it.
  static func apply(_ edits: [TreeEdit], to tree: FileWrapper?) throws -> FileWrapper {
    let root = tree ?? FileWrapper(directoryWithFileWrappers: [:])
    func parent(of path: String) throws -> (FileWrapper, String) {
      var directory = root
      let parts = path.split(separator: "/").map(String.init)
      for part in parts.dropLast() {
        directory = try #require(directory.fileWrappers?[part], "no folder \(part) in \(path)")
      }
      return (directory, parts.last ?? "")
    }
    for edit in edits {
      switch edit {
      case .write(let path, let text):
        let (directory, name) = try parent(of: path)
        if let old = directory.fileWrappers?[name] { directory.removeFileWrapper(old) }
        directory.addRegularFile(withContents: Data(text.utf8), preferredFilename: name)
      case .remove(let path):
        let (directory, name) = try parent(of: path)
        directory.removeFileWrapper(try #require(directory.fileWrappers?[name]))
      case .makeDirectory(let path):
        let (directory, name) = try parent(of: path)
        let folder = FileWrapper(directoryWithFileWrappers: [:])
        folder.preferredFilename = name
        directory.addFileWrapper(folder)
      case .rename(let path, let newName):
        let (directory, name) = try parent(of: path)
        try #require(directory.fileWrappers?[name]).preferredFilename = newName
      case .chmod(let path, let mode):
        let (directory, name) = try parent(of: path)
        let file = try #require(directory.fileWrappers?[name])
        var attributes = file.fileAttributes
        attributes[FileAttributeKey.posixPermissions.rawValue] = NSNumber(value: Int(mode))
        file.fileAttributes = attributes
      }
    }
    return root
  }

  /// The tree as paths, with modes other than a file's default 0644.
  static func flatten(_ tree: FileWrapper) throws -> [String: Node] {
    var result: [String: Node] = [:]
    var pending: [(FileWrapper, String)] = [(tree, "")]
    while let (directory, prefix) = pending.popLast() {
      for (name, child) in directory.fileWrappers ?? [:] {
        let path = prefix.isEmpty ? name : prefix + "/" + name
        if child.isDirectory {
          result[path] = .directory
          pending.append((child, path))
        } else {
          let text = String(decoding: try #require(child.regularFileContents), as: UTF8.self)
          let mode = (child.fileAttributes[FileAttributeKey.posixPermissions.rawValue] as? NSNumber)
            .map { UInt16($0.intValue) }
          result[path] = .file(text, mode: mode == 0o644 ? nil : mode)
        }
      }
    }
    return result
  }

  /// A random edit valid for `model`, applied to it.
  static func random(
    in model: inout [String: Node], label: String, using random: inout SplitMix64
  ) -> TreeEdit {
    let folders = [""] + model.filter { $0.value == .directory }.keys.sorted()
    let files = model.filter { $0.value != .directory }.keys.sorted()
    func pick<T>(_ options: [T]) -> T {
      options[Int.random(in: options.indices, using: &random)]
    }
    func join(_ folder: String, _ name: String) -> String {
      folder.isEmpty ? name : folder + "/" + name
    }
    func parentAndName(_ path: String) -> (String, String) {
      guard let slash = path.lastIndex(of: "/") else { return ("", path) }
      return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<3 where !files.isEmpty:
      // A new wrapper replaces the file, with the default mode.
      let path = pick(files)
      model[path] = .file(label, mode: nil)
      return .write(path, label)
    case 3 where !files.isEmpty:
      let path = pick(files)
      let mode: UInt16 = pick([0o600, 0o640, 0o755])
      if case .file(let text, _) = model[path] { model[path] = .file(text, mode: mode) }
      return .chmod(path, mode)
    case 4 where model.count > 2:
      let path = pick(model.keys.sorted())
      for key in model.keys where key == path || key.hasPrefix(path + "/") { model[key] = nil }
      return .remove(path)
    case 5 where !model.isEmpty:
      let path = pick(model.keys.sorted())
      let (folder, _) = parentAndName(path)
      let target = join(folder, label)
      for key in model.keys.sorted() where key == path || key.hasPrefix(path + "/") {
        model[target + key.dropFirst(path.count)] = model.removeValue(forKey: key)
      }
      return .rename(path, to: label)
    case 6 where folders.count < 12:
      let path = join(pick(folders), label)
      model[path] = .directory
      return .makeDirectory(path)
    default:
      let path = join(pick(folders), label + ".txt")
      model[path] = .file(label, mode: nil)
      return .write(path, label)
    }
  }
}
