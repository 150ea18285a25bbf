import DocKit
import Foundation

/// What `show` prints for a document type without a description of its
/// own: the bytes a save would write, as text when they are UTF-8 and as a
/// hex dump (in the form of `hexdump -C`) when they are not. A package
/// lists each of its files, sorted by path, under a `== path ==` line.
enum FileContentsDescription {
  static func describe(_ wrapper: FileWrapper) -> String {
    guard wrapper.isDirectory else { return describe(wrapper, path: nil) }
    var parts: [String] = []
    collect(wrapper, path: "", into: &parts)
    return parts.joined(separator: "\n")
  }

  private static func collect(_ wrapper: FileWrapper, path: String, into parts: inout [String]) {
    let children = (wrapper.fileWrappers ?? [:]).sorted {
      Array($0.key.utf8).lexicographicallyPrecedes($1.key.utf8)
    }
    for (name, child) in children {
      let childPath = path.isEmpty ? name : path + "/" + name
      if child.isDirectory {
        collect(child, path: childPath, into: &parts)
      } else {
        parts.append(describe(child, path: childPath))
      }
    }
  }

  private static func describe(_ wrapper: FileWrapper, path: String?) -> String {
    let header = path.map { "== \($0) ==\n" } ?? ""
    if wrapper.isSymbolicLink {
      return header + "-> " + (wrapper.symbolicLinkDestinationURL?.relativePath ?? "?")
    }
    let data = wrapper.regularFileContents ?? Data()
    if let text = String(validating: data, as: UTF8.self), !text.contains("\0") {
      return header + (text.hasSuffix("\n") ? String(text.dropLast()) : text)
    }
    return header + hexDump(data)
  }

  /// `hexdump -C`: offset, sixteen bytes in two groups of eight, the
  /// printable characters between bars, and the length on the last line.
  static func hexDump(_ data: Data) -> String {
    func hex(_ value: Int, width: Int) -> String {
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    let bytes = [UInt8](data)
    var lines: [String] = []
    var offset = 0
    while offset < bytes.count {
      let row = bytes[offset..<min(offset + 16, bytes.count)]
      var line = hex(offset, width: 8) + "  "
      for column in 0..<16 {
        line += column < row.count ? hex(Int(row[row.startIndex + column]), width: 2) + " " : "   "
        if column == 7 { line += " " }
      }
      line +=
        " |" + String(row.map { (0x20..<0x7f).contains($0) ? Character(UnicodeScalar($0)) : "." })
        + "|"
      lines.append(line)
      offset += 16
    }
    lines.append(hex(bytes.count, width: 8))
    return lines.joined(separator: "\n")
  }
}
