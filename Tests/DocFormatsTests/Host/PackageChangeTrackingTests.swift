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
