import DocKit
import Foundation

/// What a save writes, as `docrepl check` compares it: every file of the
/// tree by its path inside it (`""` for a plain file), with its bytes;
/// folders and symbolic links by their paths too. Two states compare equal
/// exactly when they would write the same files.
struct CheckBytes: Equatable, Sendable {
  /// A file's bytes, a folder, or a link's destination.
  enum Entry: Equatable, Sendable {
    case file(Data)
    case folder
    case link(String)
  }

  /// The entries by path, the root's as `""`.
  var entries: [String: Entry]
  /// Why the document could not make its wrapper, if it could not.
  var failure: String?

  /// The entries of `wrapper`.
  init(_ wrapper: FileWrapper) {
    entries = [:]
    Self.add(wrapper, at: "", to: &entries)
  }

  /// The state of a document whose wrapper could not be made.
  init(failure: String) {
    entries = [:]
    self.failure = failure
  }

  /// What is on disk at `url` (not following a link at the top), read
  /// whole; nil when nothing is there.
  init?(readingDiskAt url: URL) {
    guard let wrapper = try? FileWrapper(url: url, options: .immediate) else { return nil }
    self.init(wrapper)
  }

  private static func add(
    _ wrapper: FileWrapper, at path: String, to entries: inout [String: Entry]
  ) {
    if wrapper.isDirectory {
      entries[path] = .folder
      for (name, child) in wrapper.fileWrappers ?? [:] {
        add(child, at: path.isEmpty ? name : path + "/" + name, to: &entries)
      }
    } else if wrapper.isSymbolicLink {
      entries[path] = .link(wrapper.symbolicLinkDestinationURL?.relativePath ?? "")
    } else {
      entries[path] = .file(wrapper.regularFileContents ?? Data())
    }
  }

  /// The tree again, as a new wrapper (named `name`), for the type's own
  /// reader: nil when the document could not be written.
  func wrapper(named name: String) -> FileWrapper? {
    guard failure == nil, entries[""] != nil else { return nil }
    var children: [String: [String]] = [:]
    for path in entries.keys where !path.isEmpty {
      let parent = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
      children[parent, default: []].append(path)
    }
    func make(_ path: String) -> FileWrapper {
      switch entries[path] {
      case .folder?:
        var wrappers: [String: FileWrapper] = [:]
        for child in children[path] ?? [] {
          let name =
            child.lastIndex(of: "/").map { String(child[child.index(after: $0)...]) } ?? child
          wrappers[name] = make(child)
        }
        return FileWrapper(directoryWithFileWrappers: wrappers)
      case .link(let destination)?:
        return FileWrapper(
          symbolicLinkWithDestinationURL: destination.hasPrefix("/")
            ? URL(fileURLWithPath: destination)
            : URL(fileURLWithPath: destination, relativeTo: URL(fileURLWithPath: "/")))
      case .file(let data)?:
        return FileWrapper(regularFileWithContents: data)
      case nil:
        return FileWrapper(regularFileWithContents: Data())
      }
    }
    let root = make("")
    root.preferredFilename = name
    return root
  }

  /// The bytes of the file at `path`, if it is a file.
  func data(at path: String) -> Data? {
    if case .file(let data)? = entries[path] { data } else { nil }
  }

  /// Whether the two differ only in the order of their bytes: every file
  /// that differs holds the same bytes in another order (keys, or a set's
  /// elements, written in another order), and no file is missing.
  func isReordering(of other: CheckBytes) -> Bool {
    let paths = differingPaths(from: other)
    return !paths.isEmpty
      && paths.allSatisfy { path in
        guard let a = data(at: path), let b = other.data(at: path), a.count == b.count else {
          return false
        }
        return a.sorted() == b.sorted()
      }
  }

  /// Whether the root is a folder: a package.
  var isPackage: Bool { entries[""] == .folder }

  /// The paths whose entries differ between the two, sorted: the files to
  /// name in a report.
  func differingPaths(from other: CheckBytes) -> [String] {
    Set(entries.keys).union(other.entries.keys).filter { entries[$0] != other.entries[$0] }.sorted()
  }

  /// The paths of files, sorted.
  var filePaths: [String] {
    entries.compactMap { if case .file = $0.value { $0.key } else { nil } }.sorted()
  }

  /// How many bytes the files hold.
  var byteCount: Int {
    entries.values.reduce(0) { total, entry in
      if case .file(let data) = entry { total + data.count } else { total }
    }
  }
}
