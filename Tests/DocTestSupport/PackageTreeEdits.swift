package import DocKit
import Foundation
import Testing

/// Holds a wrapper between two edits of a test.
package final class Holder: @unchecked Sendable {
  package var wrapper: FileWrapper?

  package init() {}
}

/// An edit of a package wrapper, for ``ClosurePackage``.
package final class WrapperEdit: @unchecked Sendable {
  package let body: (FileWrapper) throws -> Void

  package init(_ body: @escaping (FileWrapper) throws -> Void) {
    self.body = body
  }
}

/// A folder document that runs its edit on the wrapper it was read from
/// (or last saved) and saves that wrapper, as Apple's package example
/// edits `existingFile`; it can keep references into the tree.
package struct ClosurePackage: FileDocument {
  package static let readableContentTypes: [UTType] = [.folder]
  package var edit: WrapperEdit?

  package init(edit: WrapperEdit?) {
    self.edit = edit
  }

  package init(configuration: ReadConfiguration) throws {}

  package func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    let root = configuration.existingFile ?? FileWrapper(directoryWithFileWrappers: [:])
    try edit?.body(root)
    return root
  }
}

/// A folder document that applies its edits to the wrapper it was read
/// from, as Apple's package example edits `existingFile`.
package struct EditingPackage: FileDocument {
  package static let readableContentTypes: [UTType] = [.folder]
  package var edits: [TreeEdit] = []

  package init(edits: [TreeEdit]) {
    self.edits = edits
  }

  package init(configuration: ReadConfiguration) throws {}

  package func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    try TreeEdit.apply(edits, to: configuration.existingFile)
  }
}

/// One edit of a package tree, by path, and the same edit of a model of it.
package enum TreeEdit: Sendable, CustomStringConvertible {
  case write(String, String)
  case remove(String)
  case makeDirectory(String)
  case rename(String, to: String)
  case chmod(String, UInt16)

  /// An entry of the model: a file's text and (if set) its mode.
  package enum Node: Equatable {
    case file(String, mode: UInt16?)
    case directory
  }

  package var description: String {
    switch self {
    case .write(let path, let text): "write \(path) \(text)"
    case .remove(let path): "remove \(path)"
    case .makeDirectory(let path): "mkdir \(path)"
    case .rename(let path, let name): "rename \(path) \(name)"
    case .chmod(let path, let mode): "chmod \(path) \(String(mode, radix: 8))"
    }
  }

  /// Applies `edits` to `tree` (a new folder if nil) and returns it.
  package static func apply(_ edits: [TreeEdit], to tree: FileWrapper?) throws -> FileWrapper {
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
  package static func flatten(_ tree: FileWrapper) throws -> [String: Node] {
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
  package static func random(
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
