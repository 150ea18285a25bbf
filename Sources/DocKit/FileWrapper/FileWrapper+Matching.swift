public import Foundation

extension FileWrapper {
  /// Whether the item at `url` still looks like what this wrapper holds.
  ///
  /// As on Apple platforms, contents are not compared: the kinds must be
  /// equal, a regular file's modification date must match within a second
  /// (and, stricter than Apple, its size must match when known), a link's
  /// destination must be equal, and a directory must hold the same names,
  /// each matching recursively. Links at `url` are never followed. Any
  /// error reading `url` means no match.
  public func matchesContents(of url: URL) -> Bool {
    guard let path = try? Self.filePath(of: url) else { return false }
    var pending: [(wrapper: FileWrapper, directory: FileDescriptor, name: String, path: String)] = [
      (self, .workingDirectory, path, path)
    ]
    var visited = 0
    while let (wrapper, directory, name, path) = pending.popLast() {
      visited += 1
      guard visited <= Limits.default.maximumEntryCount,
        let status = try? FileStatus.of(name, in: directory, path: path)
      else { return false }
      switch (wrapper.kind, status.kind) {
      case (.regularFile, .regular):
        guard let date = wrapper.modificationDate,
          abs(date.timeIntervalSince1970 - status.modificationTime) < 1
        else { return false }
        if let size = wrapper.knownSize, size != status.size { return false }
      case (.symbolicLink, .symbolicLink):
        guard let raw = try? directory.symbolicLinkDestination(name, path: path),
          raw.elementsEqual(wrapper.linkDestination.utf8)
        else { return false }
      case (.directory, .directory):
        guard
          let descriptor = try? FileDescriptor.open(
            name, in: directory, flags: FileDescriptor.directoryFlags, path: path),
          let names = try? descriptor.directoryEntryNames(path: path)
        else { return false }
        let children = wrapper.sortedChildren
        let sortedNames = names.sorted { $0.lexicographicallyPrecedes($1) }
        guard children.map({ Array($0.key.utf8) }) == sortedNames else { return false }
        for (key, child) in children {
          pending.append((child, descriptor, key, path + "/" + key))
        }
      default:
        return false
      }
    }
    return true
  }

  /// A regular file's size, if known without reading it.
  var knownSize: Int64? {
    switch contents {
    case .loaded(let data): Int64(data.count)
    case .streamed(let source): Int64(source.count)
    case .onDisk(_, let identity): identity.size
    case .unreadable: nil
    }
  }
}
