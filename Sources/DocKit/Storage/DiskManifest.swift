/// What a package holds on disk, as of its last read or save: for each
/// directory (by its path inside the package, `""` for the root), its
/// entries by name. Built in memory from a wrapper tree, so comparing a new
/// tree against it costs no system calls.
struct DiskManifest: Sendable, Equatable {
  enum Entry: Sendable, Equatable {
    case file(DiskIdentity?)
    case directory
    case symbolicLink(String)
  }

  var directories: [String: [String: Entry]] = [:]

  /// The manifest of a tree just read from or written to disk.
  init(tree root: FileWrapper) {
    var pending: [(FileWrapper, String)] = [(root, "")]
    while let (directory, path) = pending.popLast() {
      var entries: [String: Entry] = [:]
      for (name, child) in directory.children {
        switch child.kind {
        case .regularFile:
          entries[name] = .file(child.attributesNeedWriting ? nil : child.diskIdentity)
        case .symbolicLink: entries[name] = .symbolicLink(child.linkDestination)
        case .directory:
          entries[name] = .directory
          pending.append((child, Self.join(path, name)))
        }
      }
      directories[path] = entries
    }
  }

  static func join(_ path: String, _ name: String) -> String {
    path.isEmpty ? name : path + "/" + name
  }
}
