import Glibc

extension PackageJournal {
  /// Refuses an in-place save that would replace or remove an entry some
  /// other program changed since the package was read or last saved.
  ///
  /// Only the entries the save touches are looked at: one `fstatat` (and,
  /// for a link, one `readlinkat`) per operation, so the check costs O(k)
  /// like the save. A file must still have the device, inode, size and
  /// modification time the manifest recorded; a name the manifest does not
  /// know must still be free; a directory must still be a directory.
  ///
  /// Entries the save does not touch are not compared: they stay as they
  /// are on disk either way, so nothing of another program's is lost.
  ///
  /// - Throws: ``FileWrapperError/Code/changedSinceRead`` naming the first
  ///   changed entry's full path; nothing has been written.
  static func checkUnchanged(
    _ operations: [Operation], manifest: DiskManifest, in packageDirectory: FileDescriptor,
    packagePath: String
  ) throws(FileWrapperError) {
    var checked: Set<String> = []
    for operation in operations {
      let path =
        switch operation {
        case .remove(_, let path), .place(_, let path), .makeDirectory(let path, _, _): path
        }
      guard checked.insert(path).inserted else { continue }
      try checkUnchanged(
        path, expected: recordedEntry(path, in: manifest), in: packageDirectory,
        packagePath: packagePath)
    }
  }

  /// The manifest's entry for `path`, or nil if it records none: a name
  /// inside a directory the manifest does not know is new too.
  private static func recordedEntry(
    _ path: String, in manifest: DiskManifest
  ) -> DiskManifest.Entry? {
    guard let slash = path.lastIndex(of: "/") else { return manifest.directories[""]?[path] }
    let parent = String(path[..<slash])
    return manifest.directories[parent]?[String(path[path.index(after: slash)...])]
  }

  private static func checkUnchanged(
    _ path: String, expected: DiskManifest.Entry?, in packageDirectory: FileDescriptor,
    packagePath: String
  ) throws(FileWrapperError) {
    let fullPath = packagePath + "/" + path
    func changed(_ what: String) -> FileWrapperError {
      FileWrapperError(
        .changedSinceRead, path: fullPath,
        message: "\(what) since the package was opened or saved")
    }
    let status: FileStatus?
    do throws(SystemCallError) {
      status = try FileStatus.of(path, in: packageDirectory, path: fullPath)
    } catch  where error.errno == ENOENT || error.errno == ENOTDIR {
      status = nil
    } catch {
      throw FileWrapperError(error)
    }
    switch (expected, status) {
    case (nil, nil):
      return
    case (nil, let status?):
      throw changed("another program created this \(status.kind)")
    case (_?, nil):
      throw changed("another program removed this entry")
    case (.file(let identity)?, let status?):
      guard status.kind == .regular else {
        throw changed("another program replaced this file with a \(status.kind)")
      }
      // A file whose identity was never recorded (its attributes were to
      // be written) cannot be compared; it was this session's to replace.
      if let identity, identity != status.identity {
        throw changed("another program changed this file")
      }
    case (.directory?, let status?):
      guard status.kind == .directory else {
        throw changed("another program replaced this directory with a \(status.kind)")
      }
    case (.symbolicLink(let destination)?, let status?):
      guard status.kind == .symbolicLink else {
        throw changed("another program replaced this symbolic link with a \(status.kind)")
      }
      let now = try asFileWrapperError { () throws(SystemCallError) in
        try packageDirectory.symbolicLinkDestination(path, path: fullPath)
      }
      if now != Array(destination.utf8) {
        throw changed("another program pointed this symbolic link elsewhere")
      }
    }
  }
}
