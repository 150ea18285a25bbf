package import DocKit
import Foundation

/// A file wrapper's tree drawn as text, one entry a line, each directory's
/// entries in byte order of their names, with the lines of `tree(1)`:
///
///     Trip.notes/  (directory, new)
///     ├── latest.json -> note-2.json  (symbolic link, reused)
///     └── note-2.json  (file, 88 bytes, new)
///
/// What follows each name is the caller's: the language's `tree` marks
/// what a save reuses, `docrepl inspect` gives types and sizes. Names and
/// link targets have their control characters escaped (``escaped(_:)``),
/// so a name that holds a line break, which `FileWrapper` allows, cannot
/// forge a line. The walk is iterative, so no depth exhausts the stack.
package enum FileTreeText {
  /// One entry of the tree, for the caller to describe.
  package struct Entry {
    /// The entry's wrapper.
    package let wrapper: FileWrapper
    /// Its name, as it is, not escaped.
    package let name: String
    /// A directory's entries' names, in the order drawn; empty otherwise.
    package let childNames: [String]
  }

  /// Appends the tree of `root`, named `name`, to `text`. Each entry's line
  /// is the lines its ancestors draw, its connector, its escaped name, `/`
  /// after a directory's or ` -> TARGET` after a symbolic link's, then
  /// what `describe` appends, then a line break.
  ///
  /// One string is appended to piece by piece: no string a line, and no
  /// second copy to join them, for trees of hundreds of thousands of files.
  package static func draw(
    _ root: FileWrapper, name: String, into text: inout String,
    describe: (Entry, inout String) -> Void
  ) {
    draw(
      root, name: name, into: &text,
      children: { wrapper in
        guard wrapper.isDirectory else { return nil }
        let children = wrapper.fileWrappers ?? [:]
        return children.keys.sorted(by: bytewisePrecedes).compactMap { name in
          children[name].map { (name, $0) }
        }
      },
      linkTarget: { wrapper in
        wrapper.isSymbolicLink ? wrapper.symbolicLinkDestinationURL?.relativePath ?? "" : nil
      },
      describe: { wrapper, name, childNames, text in
        describe(Entry(wrapper: wrapper, name: name, childNames: childNames), &text)
      })
  }

  /// Appends the tree of any kind of node: `children` gives a directory's
  /// entries in the order drawn (nil for a node that is no directory),
  /// `linkTarget` a symbolic link's target (nil for another node), and
  /// `describe` what follows a node's name, given the node, its name and
  /// its children's names. Names are shown through `display`, which
  /// escapes control characters unless the caller escaped them already.
  package static func draw<Node>(
    _ root: Node, name: String, into text: inout String,
    children: (Node) -> [(name: String, node: Node)]?,
    linkTarget: (Node) -> String?,
    display: (String) -> String = escaped,
    describe: (Node, String, [String], inout String) -> Void
  ) {
    // Each pending entry: its node, its name, and the prefix its line
    // gets (the tree lines drawn by its ancestors) plus its own connector.
    var pending: [(node: Node, name: String, prefix: String, connector: String)] = [
      (root, name, "", "")
    ]
    while let entry = pending.popLast() {
      text += entry.prefix
      text += entry.connector
      text += display(entry.name)
      guard let entries = children(entry.node) else {
        if let target = linkTarget(entry.node) {
          text += " -> "
          text += escaped(target)
        }
        describe(entry.node, entry.name, [], &text)
        text += "\n"
        continue
      }
      text += "/"
      describe(entry.node, entry.name, entries.map(\.name), &text)
      text += "\n"
      let childPrefix =
        entry.prefix
        + (entry.connector.isEmpty ? "" : entry.connector == "└── " ? "    " : "│   ")
      for (index, child) in entries.enumerated().reversed() {
        let connector = index == entries.count - 1 ? "└── " : "├── "
        pending.append((child.node, child.name, childPrefix, connector))
      }
    }
  }

  /// Whether `a` sorts before `b` in byte order of their UTF-8, as
  /// `a.utf8.lexicographicallyPrecedes(b.utf8)` but with one `memcmp`.
  package static func bytewisePrecedes(_ a: String, _ b: String) -> Bool {
    let fast = a.utf8.withContiguousStorageIfAvailable { x in
      b.utf8.withContiguousStorageIfAvailable { y -> Bool in
        var order: Int32 = 0
        if let left = x.baseAddress, let right = y.baseAddress {
          order = memcmp(left, right, min(x.count, y.count))
        }
        return order != 0 ? order < 0 : x.count < y.count
      }
    }
    return (fast ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  /// Escapes C0 controls, DEL and backslash as `\n`, `\t`, `\\` or `\xNN`.
  package static func escaped(_ name: String) -> String {
    // Most names need nothing escaped: return them without rebuilding.
    guard name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") })
    else { return name }
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
