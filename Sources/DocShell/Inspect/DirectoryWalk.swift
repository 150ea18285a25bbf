import DocScript
import Foundation
import Glibc

/// A tree read entry by entry with `lstat`, for `docrepl inspect` when
/// `FileWrapper` refuses the tree: it lists what `FileWrapper` will not
/// read (a FIFO, a socket, a device, a name that is not UTF-8, a folder it
/// may not open) as what it is, and goes on.
///
/// Like `FileWrapper`'s read, it never follows a symbolic link, never opens
/// anything but folders, and is bounded in depth and in entries.
struct DirectoryWalk {
  /// One item of the tree.
  struct Node {
    enum Kind {
      case directory([(name: String, node: Node)])
      case file(size: Int)
      case link(target: String)
      /// A FIFO, a socket or a device: its kind, in words (`FIFO`).
      case special(String)
      /// An item that could not be read, and why, in words.
      case unreadable(String)
    }

    var kind: Kind
  }

  /// What `FileWrapper` refuses in the tree, each as a relative path and
  /// why, in the order listed.
  private(set) var refusals: [String] = []
  /// Whether an item could not be read at all (a folder that may not be
  /// opened): the listing is then incomplete.
  private(set) var isIncomplete = false
  /// The root's node.
  private(set) var root = Node(kind: .unreadable("not read"))

  private var entries = 0
  private static let maximumDepth = 256
  private static let maximumEntries = 1_000_000

  /// Reads the tree at `path`, shown as `name` in what it reports.
  init(path: String, name: String) {
    root = node(named: Array(path.utf8), in: AT_FDCWD, display: name, depth: 0)
  }

  /// Calls `body` with `bytes`, which need not be UTF-8, as a C string.
  private static func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
    (bytes + [0]).map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { buffer in
      // A buffer of at least one element has an address.
      guard let address = buffer.baseAddress else { preconditionFailure("an empty C string") }
      return body(address)
    }
  }

  /// The item `name` in the folder open as `folder`, found without
  /// following a link: each folder is opened relative to its parent's
  /// descriptor with `O_NOFOLLOW`, so that a folder swapped for a link
  /// while the walk runs cannot lead it outside the tree.
  private mutating func node(
    named name: [UInt8], in folder: Int32, display: String, depth: Int
  )
    -> Node
  {
    var status = stat()
    guard Self.withCString(name, { fstatat(folder, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0
    else {
      let reason = Self.words(errno)
      isIncomplete = true
      refusals.append("\(display): \(reason)")
      return Node(kind: .unreadable(reason))
    }
    switch status.st_mode & S_IFMT {
    case S_IFDIR:
      return directory(named: name, in: folder, display: display, depth: depth)
    case S_IFREG:
      return Node(kind: .file(size: Int(status.st_size)))
    case S_IFLNK:
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = Self.withCString(name) { readlinkat(folder, $0, &buffer, buffer.count - 1) }
      guard count >= 0 else {
        let reason = Self.words(errno)
        isIncomplete = true
        refusals.append("\(display): \(reason)")
        return Node(kind: .unreadable(reason))
      }
      let target = buffer[..<count].map { UInt8(bitPattern: $0) }
      return Node(kind: .link(target: String(decoding: target, as: UTF8.self)))
    default:
      let kind = Self.kindInWords(status.st_mode)
      refusals.append("\(display): a \(kind), which FileWrapper does not read")
      return Node(kind: .special(kind))
    }
  }

  private mutating func directory(
    named name: [UInt8], in parent: Int32, display: String, depth: Int
  ) -> Node {
    guard depth < Self.maximumDepth else {
      isIncomplete = true
      refusals.append("\(display): deeper than \(Self.maximumDepth) folders; not listed")
      return Node(kind: .unreadable("deeper than \(Self.maximumDepth) folders; not listed"))
    }
    let descriptor = Self.withCString(name) {
      openat(parent, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }
    guard descriptor >= 0, let stream = fdopendir(descriptor) else {
      let reason = Self.words(errno)
      if descriptor >= 0 { close(descriptor) }
      isIncomplete = true
      refusals.append("\(display): \(reason)")
      return Node(kind: .unreadable(reason))
    }
    // The stream owns the descriptor: closedir closes it.
    defer { closedir(stream) }
    var names: [[UInt8]] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix { $0 != 0 })
      }
      guard name != [UInt8(ascii: ".")], name != [UInt8(ascii: "."), UInt8(ascii: ".")] else {
        continue
      }
      entries += 1
      guard entries <= Self.maximumEntries else {
        isIncomplete = true
        refusals.append("\(display): more than \(Self.maximumEntries) entries; the rest not listed")
        break
      }
      names.append(name)
    }
    names.sort { $0.lexicographicallyPrecedes($1) }
    var children: [(name: String, node: Node)] = []
    for name in names {
      let shown = Self.displayName(name)
      let childDisplay = display.hasSuffix("/") ? display + shown : display + "/" + shown
      if String(validating: name, as: UTF8.self) == nil {
        refusals.append("\(childDisplay): the name is not UTF-8, which FileWrapper does not read")
      }
      let child = node(named: name, in: dirfd(stream), display: childDisplay, depth: depth + 1)
      children.append((shown, child))
    }
    return Node(kind: .directory(children))
  }

  /// A name to show: control characters and backslashes escaped as the
  /// tree escapes them, and each byte that is not UTF-8 as `\xNN`.
  static func displayName(_ bytes: [UInt8]) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return FileTreeText.escaped(text) }
    var text = ""
    var rest = bytes[...]
    while !rest.isEmpty {
      // The longest prefix that is UTF-8, then one byte escaped.
      var end = rest.endIndex
      while end > rest.startIndex, String(validating: rest[..<end], as: UTF8.self) == nil {
        end -= 1
      }
      if end > rest.startIndex {
        text += FileTreeText.escaped(String(decoding: rest[..<end], as: UTF8.self))
        rest = rest[end...]
      } else {
        let byte = rest.removeFirst()
        text += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return text
  }

  /// An item's kind, in words, from its mode.
  private static func kindInWords(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: "FIFO"
    case S_IFSOCK: "socket"
    case S_IFCHR: "character device"
    case S_IFBLK: "block device"
    default: "item of an unknown kind"
    }
  }

  /// An `errno` in plain words: "permission denied".
  static func words(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
  }
}
