import DocKit
import DocScript
import Foundation

/// A file wrapper's tree as text, one entry per line, in byte order, with
/// each entry's `UTType` inferred from its name:
///
///     Trip.notes/  (directory, 3 entries, public.folder)
///     ├── latest.json -> note-2.json  (symlink, public.symlink)
///     ├── metadata.json  (file, 96 bytes, public.json)
///     └── note-2.json  (file, 88 bytes, public.json)
///     1 directory, 2 files, 1 symlink; 184 bytes in files
///
/// The tree is drawn by ``FileTreeText``, as the language's `tree` is:
/// control characters in names are escaped, so a hostile name cannot forge
/// a line. The walk is iterative; it visits each wrapper object once per
/// place it appears. No file's contents are read: sizes are the ones
/// `lstat` reported when the tree was read.
struct FileTreeListing {
  let text: String

  init(_ root: FileWrapper, name: String) {
    var text = ""
    var tally = Tally()
    FileTreeText.draw(root, name: name, into: &text) { entry, text in
      let wrapper = entry.wrapper
      if wrapper.isDirectory {
        tally.directory(named: entry.name, entries: entry.childNames.count, into: &text)
      } else if wrapper.isSymbolicLink {
        tally.link(into: &text)
      } else {
        tally.file(named: entry.name, size: Int(wrapper.regularFileSize ?? 0), into: &text)
      }
    }
    self.text = text + tally.summary
  }

  /// The tree a ``DirectoryWalk`` read, in the same form, with what
  /// `FileWrapper` does not read listed as what it is:
  ///
  ///     box/  (directory, 2 entries, public.folder)
  ///     ├── a.txt  (file, 3 bytes, public.plain-text)
  ///     └── pipe  (FIFO, not read)
  ///     1 directory, 1 file, 0 symlinks, 1 other; 3 bytes in files
  init(_ walk: DirectoryWalk, name: String) {
    var text = ""
    var tally = Tally()
    FileTreeText.draw(
      walk.root, name: DirectoryWalk.displayName(Array(name.utf8)), into: &text,
      children: { node in
        if case .directory(let children) = node.kind { children } else { nil }
      },
      linkTarget: { node in
        if case .link(let target) = node.kind { target } else { nil }
      },
      display: { $0 },
      describe: { node, name, childNames, text in
        switch node.kind {
        case .directory: tally.directory(named: name, entries: childNames.count, into: &text)
        case .file(let size): tally.file(named: name, size: size, into: &text)
        case .link: tally.link(into: &text)
        case .special(let kind): tally.other("\(kind), not read", into: &text)
        case .unreadable(let reason): tally.other("not read: \(reason)", into: &text)
        }
      })
    self.text = text + tally.summary
  }

  /// What each line says after its name, and the counts for the last
  /// line, for either kind of tree.
  private struct Tally {
    var types = TypeNames()
    var directories = 0
    var files = 0
    var links = 0
    var others = 0
    var bytes = 0

    mutating func directory(named name: String, entries: Int, into text: inout String) {
      directories += 1
      text += "  (directory, "
      text += entries == 1 ? "1 entry" : "\(entries) entries"
      text += ", "
      text += types.directory(named: name)
      text += ")"
    }

    mutating func file(named name: String, size: Int, into text: inout String) {
      files += 1
      bytes += size
      text += "  (file, "
      text += FileTreeListing.count(size, "byte")
      text += ", "
      text += types.file(named: name)
      text += ")"
    }

    mutating func link(into text: inout String) {
      links += 1
      text += "  (symlink, \(UTType.symbolicLink.identifier))"
    }

    /// What `FileWrapper` does not read: counted as an "other", which the
    /// last line names only when there is one.
    mutating func other(_ description: String, into text: inout String) {
      others += 1
      text += "  (\(description))"
    }

    /// `1 directory, 2 files, 0 symlinks; 3 bytes in files`, and a line
    /// break.
    var summary: String {
      var counts = [
        FileTreeListing.count(directories, "directory", "directories"),
        FileTreeListing.count(files, "file"), FileTreeListing.count(links, "symlink"),
      ]
      if others > 0 { counts.append(FileTreeListing.count(others, "other")) }
      return counts.joined(separator: ", ") + "; \(FileTreeListing.count(bytes, "byte")) in files\n"
    }
  }

  /// A file's type from its extension, as Finder infers it: the first
  /// declared type claiming the extension, a dynamic type if none does,
  /// `public.data` without an extension.
  static func type(ofFileNamed name: String) -> UTType {
    let pathExtension = URL(fileURLWithPath: name).pathExtension
    return pathExtension.isEmpty ? .data : UTType(filenameExtension: pathExtension) ?? .data
  }

  /// A directory's type: a declared package type claiming its extension,
  /// or `public.folder`.
  static func type(ofDirectoryNamed name: String) -> UTType {
    let pathExtension = URL(fileURLWithPath: name).pathExtension
    guard !pathExtension.isEmpty,
      let type = UTType(filenameExtension: pathExtension, conformingTo: .directory), type.isDeclared
    else { return .folder }
    return type
  }

  /// The type identifiers of one listing, looked up once per extension:
  /// a tree of 200,000 files has a handful of extensions, and building a
  /// `URL` and asking the type registry for each file cost more than
  /// reading the tree.
  struct TypeNames {
    private var files: [Substring: String] = [:]
    private var directories: [Substring: String] = [:]

    /// The identifier of ``FileTreeListing/type(ofFileNamed:)``.
    mutating func file(named name: String) -> String {
      Self.identifier(of: name, remembered: &files, FileTreeListing.type(ofFileNamed:))
    }

    /// The identifier of ``FileTreeListing/type(ofDirectoryNamed:)``.
    mutating func directory(named name: String) -> String {
      Self.identifier(of: name, remembered: &directories, FileTreeListing.type(ofDirectoryNamed:))
    }

    /// The identifier of `type(name)`, remembered in `known` by the
    /// name's extension when it is a simple one.
    private static func identifier(
      of name: String, remembered known: inout [Substring: String], _ type: (String) -> UTType
    ) -> String {
      guard let key = FileTreeListing.simpleExtension(of: name) else {
        return type(name).identifier
      }
      if let identifier = known[key] { return identifier }
      let identifier = type(name).identifier
      known[key] = identifier
      return identifier
    }
  }

  /// The extension of a plain name, or nil for any other name.
  ///
  /// A plain name starts with an ASCII letter or digit and holds only
  /// those, `-`, `_` and single dots, not last: `note-1.json`,
  /// `archive.tar.gz`, `README`. Its extension is the text after the last
  /// dot, or `""` without one, exactly as `URL(fileURLWithPath:)` gives it
  /// (checked against every such name of up to five characters). The rules
  /// `URL` applies to other names (leading or doubled dots, spaces,
  /// non-ASCII, escaping) are left to `URL` itself.
  static func simpleExtension(of name: String) -> Substring? {
    let utf8 = name.utf8
    guard let first = utf8.first, first.isASCIILetterOrDigit else { return nil }
    var lastDot: String.UTF8View.Index?
    var previousWasDot = false
    for index in utf8.indices {
      let byte = utf8[index]
      if byte == UInt8(ascii: ".") {
        if previousWasDot { return nil }
        lastDot = index
        previousWasDot = true
      } else if byte.isASCIILetterOrDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
      {
        previousWasDot = false
      } else {
        return nil
      }
    }
    guard let lastDot else { return name[name.endIndex...] }
    guard !previousWasDot else { return nil }
    return name[utf8.index(after: lastDot)...]
  }

  fileprivate static func count(
    _ number: Int, _ singular: String, _ plural: String? = nil
  )
    -> String
  {
    "\(number) " + (number == 1 ? singular : plural ?? singular + "s")
  }
}

extension UInt8 {
  fileprivate var isASCIILetterOrDigit: Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
  }
}
