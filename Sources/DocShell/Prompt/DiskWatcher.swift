import DocScript
import Foundation
import Glibc

/// The folders that hold the open documents' files, watched with inotify
/// while the prompt waits, so that a change another program makes is
/// noticed at once (what `NSFilePresenter` tells a document on Apple
/// platforms). Only the prompt has one: scripts, `-c`, piped input,
/// `test` and `check` watch nothing.
///
/// A file document is watched through its folder, for its own name: so a
/// file replaced by a rename (as editors and docrepl itself save), written
/// in place, or removed is seen alike. A package is watched in every
/// folder of its tree too (inotify is not recursive), and its folder
/// again when one is added. What an event means is not decided here: the
/// watcher only says which documents' files were touched, and
/// ``DiskChangeReporter`` asks the sessions whether the disk still holds
/// what they last read or wrote.
///
/// inotify sees changes made through this machine's kernel: a write to a
/// network file system (NFS, SMB) from another machine is not seen.
@MainActor
final class DiskWatcher {
  /// The inotify descriptor, readable when events are waiting.
  let descriptor: Int32
  /// What each watch watches: the folder, and the documents it is
  /// watched for, each with the one name it cares about (nil for any
  /// name: a folder of a package).
  private var watches: [Int32: (folder: String, interests: [Interest])] = [:]
  /// The watch of each folder watched.
  private var watchOfFolder: [String: Int32] = [:]
  /// The documents the watches were last laid out for.
  private var laidOutFor: [Interpreter.DocumentOnDisk] = []
  /// Whether a package's tree changed shape (a folder added, a watch
  /// dropped), so the watches must be laid out again.
  private var needsLayout = true

  /// A document's interest in a folder's events.
  private struct Interest {
    var document: String
    /// The name in the folder that concerns it; nil for every name.
    var name: String?
  }

  /// What happened when the watches were laid out.
  enum LayoutProblem: Error, Equatable {
    /// `inotify_add_watch` failed with ENOSPC: the user's limit of watches
    /// (`fs.inotify.max_user_watches`) is reached.
    case watchLimit
  }

  /// The events that concern a document's file.
  private static let mask =
    UInt32(
      IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR) | UInt32(IN_EXCL_UNLINK)

  /// The most folders of one package that are watched: a package larger
  /// than this is watched in its first folders only.
  static let folderLimit = 4_096

  /// A watcher, or nil when inotify cannot be had (no descriptor left).
  init?() {
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// Watches the folders of `documents` (and drops the watches no
  /// longer needed). Laying out again costs nothing when the documents
  /// and their trees are as before.
  func watch(_ documents: [Interpreter.DocumentOnDisk]) throws(LayoutProblem) {
    guard needsLayout || documents != laidOutFor else { return }
    var interests: [String: [Interest]] = [:]
    for document in documents {
      let (folder, name) = Self.split(document.path)
      interests[folder, default: []].append(Interest(document: document.name, name: name))
      if document.isFolder {
        for folder in Self.folders(of: document.path) {
          interests[folder, default: []].append(Interest(document: document.name, name: nil))
        }
      }
    }
    for (folder, watch) in watchOfFolder where interests[folder] == nil {
      inotify_rm_watch(descriptor, watch)
      watches[watch] = nil
      watchOfFolder[folder] = nil
    }
    for (folder, wanted) in interests.sorted(by: { $0.key < $1.key }) {
      let watch = inotify_add_watch(descriptor, folder, Self.mask)
      if watch < 0 {
        if errno == ENOSPC { throw .watchLimit }
        // A folder removed meanwhile, or one not to be read: nothing to
        // watch there.
        continue
      }
      if let old = watchOfFolder[folder], old != watch { watches[old] = nil }
      watchOfFolder[folder] = watch
      watches[watch] = (folder, wanted)
    }
    laidOutFor = documents
    needsLayout = false
  }

  /// Reads the events waiting, and those that follow within a moment
  /// (a program's write comes in several: truncate, write, close, or a
  /// temporary file renamed over), and returns the documents whose files
  /// they touched. Waits at most `settleLimit`.
  func touchedDocuments(
    quietFor quiet: Duration = .milliseconds(60), settleLimit: Duration = .milliseconds(600)
  ) -> Set<String> {
    var touched = readEvents()
    let start = ContinuousClock.now
    while ContinuousClock.now - start < settleLimit {
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, Int32(quiet / .milliseconds(1))) > 0 else { break }
      touched.formUnion(readEvents())
    }
    return touched
  }

  /// Reads every event waiting, without waiting.
  private func readEvents() -> Set<String> {
    var touched: Set<String> = []
    let size = 64 * 1024
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
    defer { buffer.deallocate() }
    while true {
      let count = read(descriptor, buffer, size)
      guard count > 0 else { break }
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= count {
        let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
        let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
        let name =
          event.len > 0
          ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : nil
        offset += MemoryLayout<inotify_event>.size + Int(event.len)
        touched.formUnion(documents(touchedBy: event, named: name))
      }
    }
    return touched
  }

  /// The documents one event concerns.
  private func documents(touchedBy event: inotify_event, named name: String?) -> [String] {
    if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
      // Events were lost: every document may have changed.
      needsLayout = true
      return watches.values.flatMap { $0.interests.map(\.document) }
    }
    guard let (folder, interests) = watches[event.wd] else { return [] }
    if event.mask & UInt32(IN_IGNORED) != 0 {
      // The folder went: its watch is gone, and is laid out again.
      watches[event.wd] = nil
      if watchOfFolder[folder] == event.wd { watchOfFolder[folder] = nil }
      needsLayout = true
    }
    if event.mask & UInt32(IN_ISDIR) != 0,
      event.mask & UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE) != 0
    {
      needsLayout = true
    }
    return interests.filter { $0.name == nil || name == nil || $0.name == name }.map(\.document)
  }

  /// The folder that holds `path`, and its name in it.
  private static func split(_ path: String) -> (folder: String, name: String) {
    let url = URL(fileURLWithPath: path)
    return (url.deletingLastPathComponent().path, url.lastPathComponent)
  }

  /// The folder at `path` and every folder beneath it (not through
  /// links), up to ``folderLimit``.
  private static func folders(of path: String) -> [String] {
    var found = [path]
    var pending = [path]
    while let folder = pending.popLast(), found.count < folderLimit {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
        continue
      }
      for name in names.sorted() {
        let child = folder + "/" + name
        var status = stat()
        guard lstat(child, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { continue }
        found.append(child)
        pending.append(child)
        if found.count >= folderLimit { break }
      }
    }
    return found
  }
}
