import DocKit
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
/// Control characters in names are escaped, so a hostile name cannot forge
/// a line. The walk is iterative; it visits each wrapper object once per
/// place it appears.
struct FileTreeListing {
  let text: String

  init(_ root: FileWrapper, name: String) {
    var lines: [String] = []
    var directories = 0
    var files = 0
    var links = 0
    var bytes = 0
    // Each pending entry: its wrapper, its name, and the prefix its line
    // gets (the tree lines drawn by its ancestors) plus its own connector.
    var pending: [(wrapper: FileWrapper, name: String, prefix: String, connector: String)] = [
      (root, name, "", "")
    ]
    while let entry = pending.popLast() {
      let wrapper = entry.wrapper
      let label = Self.escaped(entry.name)
      if wrapper.isDirectory {
        directories += 1
        let children = (wrapper.fileWrappers ?? [:]).sorted {
          $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
        }
        let count = children.count == 1 ? "1 entry" : "\(children.count) entries"
        let type = Self.type(ofDirectoryNamed: entry.name)
        lines.append(entry.prefix + entry.connector + label + "/  (directory, \(count), \(type))")
        let childPrefix =
          entry.prefix
          + (entry.connector.isEmpty ? "" : entry.connector == "└── " ? "    " : "│   ")
        for (index, child) in children.enumerated().reversed() {
          let connector = index == children.count - 1 ? "└── " : "├── "
          pending.append((child.value, child.key, childPrefix, connector))
        }
      } else if wrapper.isSymbolicLink {
        links += 1
        let target = wrapper.symbolicLinkDestinationURL?.relativePath ?? ""
        lines.append(
          entry.prefix + entry.connector + label + " -> " + Self.escaped(target)
            + "  (symlink, \(UTType.symbolicLink))")
      } else {
        files += 1
        let size = wrapper.regularFileContents?.count ?? 0
        bytes += size
        let type = Self.type(ofFileNamed: entry.name)
        lines.append(
          entry.prefix + entry.connector + label + "  (file, \(Self.count(size, "byte")), \(type))")
      }
    }
    lines.append(
      [
        Self.count(directories, "directory", "directories"), Self.count(files, "file"),
        Self.count(links, "symlink"),
      ]
      .joined(separator: ", ") + "; \(Self.count(bytes, "byte")) in files")
    text = lines.joined(separator: "\n") + "\n"
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

  private static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(number) " + (number == 1 ? singular : plural ?? singular + "s")
  }

  /// Escapes C0 controls, DEL and backslash as `\n`, `\t`, `\\` or `\xNN`.
  static func escaped(_ name: String) -> String {
    var text = ""
    for scalar in name.unicodeScalars {
      switch scalar {
      case "\n": text += "\\n"
      case "\t": text += "\\t"
      case "\r": text += "\\r"
      case "\\": text += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        text +=
          "\\x" + (scalar.value < 0x10 ? "0" : "")
          + String(scalar.value, radix: 16, uppercase: true)
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text
  }
}
