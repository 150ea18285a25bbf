import Foundation

/// Decodes ``SerializedTreeFormat`` from untrusted bytes, iteratively.
///
/// Every read is bounds-checked; a length can never ask for more bytes than
/// remain, so no allocation exceeds the input's size. Names are validated
/// as on disk: one path component, UTF-8, strictly ascending in byte order
/// (so no duplicates), and not equal as Swift strings to a sibling.
struct SerializedTreeDecoder {
  private let bytes: [UInt8]
  private let limits: FileWrapper.Limits
  private var offset = 0
  private var entryCount = 0

  init(bytes: [UInt8], limits: FileWrapper.Limits) {
    self.bytes = bytes
    self.limits = limits
  }

  /// Decodes the tree, making `root` its top node.
  mutating func decode(into root: FileWrapper) throws(FileWrapperError) {
    guard bytes.count >= 5, Array(bytes[0..<4]) == SerializedTreeFormat.magic else {
      throw malformed("not a serialized file wrapper (bad magic)", at: "")
    }
    guard bytes[4] == SerializedTreeFormat.version else {
      throw malformed("unsupported version \(bytes[4])", at: "")
    }
    offset = 5
    var rootName: String?
    switch try byte(at: "") {
    case 0: rootName = nil
    case 1: rootName = try name(at: "")
    case let flag: throw malformed("bad root-name flag \(flag)", at: "")
    }
    entryCount = 1
    let rootPath = rootName ?? ""
    try readNode(into: root, path: rootPath)
    // Directories still being filled: the wrapper, its name, its depth, how
    // many children are left and the last name read. Paths are only built
    // for an error, so decoding stays linear in the depth.
    var open: [(wrapper: FileWrapper, name: String, remaining: Int, last: [UInt8]?)] = []
    func directoryPath() -> String { open.map(\.name).joined(separator: "/") }
    func path(_ child: String) -> String { directoryPath() + "/" + child }
    if root.kind == .directory {
      open.append((root, rootPath, try count(at: rootPath), nil))
    }
    while var top = open.popLast() {
      guard top.remaining > 0 else { continue }
      top.remaining -= 1
      open.append(top)
      let key = try name(at: directoryPath())
      let keyBytes = Array(key.utf8)
      if let last = top.last, !last.lexicographicallyPrecedes(keyBytes) {
        throw malformed("names are not in strictly ascending byte order", at: path(key))
      }
      if top.wrapper.children[key] != nil {
        throw FileWrapperError(
          .equivalentFilenames, path: path(key),
          message: "two names differ in bytes but are equal as Swift strings")
      }
      open[open.count - 1].last = keyBytes
      guard open.count <= limits.maximumDepth else {
        throw FileWrapperError(
          .depthLimitExceeded, path: path(key),
          message: "nested deeper than the limit of \(limits.maximumDepth) levels")
      }
      entryCount += 1
      guard entryCount <= limits.maximumEntryCount else {
        throw FileWrapperError(
          .entryLimitExceeded, path: path(key),
          message: "the tree has more than the limit of \(limits.maximumEntryCount) entries")
      }
      let child = FileWrapper(kind: .regularFile, permissions: 0)
      try readNode(into: child, path: path(key))
      top.wrapper.adoptChild(child, named: key)
      child.filename = nil
      if child.kind == .directory {
        open.append((child, key, try count(at: path(key)), nil))
      }
    }
    guard offset == bytes.count else {
      throw malformed("\(bytes.count - offset) bytes after the end of the tree", at: rootPath)
    }
    root.preferredFilename = rootName
  }

  /// Reads a node's kind, mode and (for files and links) body. A
  /// directory's count and children are read by the caller.
  private mutating func readNode(
    into wrapper: FileWrapper, path: @autoclosure () -> String
  ) throws(FileWrapperError) {
    let kindByte = try byte(at: path())
    let mode = UInt16(try byte(at: path())) << 8 | UInt16(try byte(at: path()))
    guard mode <= 0o7777 else { throw malformed("bad mode \(mode)", at: path()) }
    wrapper.permissions = mode
    wrapper.attributesNeedWriting = false
    switch SerializedTreeFormat.Kind(rawValue: kindByte) {
    case .regularFile:
      wrapper.kind = .regularFile
      let length = try count(at: path())
      guard length <= limits.maximumFileSize else {
        throw FileWrapperError(
          .fileTooLarge, path: path(),
          message: "the file is \(length) bytes, more than the limit of "
            + "\(limits.maximumFileSize) bytes (FileWrapper.Limits.maximumFileSize)")
      }
      wrapper.contents = .loaded(Data(bytes[offset..<offset + length]))
      offset += length
    case .symbolicLink:
      wrapper.kind = .symbolicLink
      let length = try count(at: path())
      guard let destination = String(validating: bytes[offset..<offset + length], as: UTF8.self)
      else {
        throw malformed("a symbolic link's destination is not valid UTF-8", at: path())
      }
      offset += length
      wrapper.linkDestination = destination
    case .directory:
      wrapper.kind = .directory
    case nil:
      throw malformed("unknown node kind \(kindByte)", at: path())
    }
  }

  /// A name: a length, then that many bytes of a valid filename.
  private mutating func name(at path: @autoclosure () -> String) throws(FileWrapperError) -> String
  {
    let length = try count(at: path())
    guard let name = String(validating: bytes[offset..<offset + length], as: UTF8.self) else {
      throw FileWrapperError(
        .invalidEncoding,
        path: path() + "/" + FileTreeReader.escaped(Array(bytes[offset..<offset + length])),
        message: "the filename is not valid UTF-8")
    }
    offset += length
    if let problem = FileWrapper.filenameProblem(name) {
      throw FileWrapperError(.invalidFilename, path: path() + "/" + name, message: problem)
    }
    return name
  }

  /// A LEB128 length or count, which must fit in the bytes that remain:
  /// every counted item takes at least one byte.
  private mutating func count(at path: @autoclosure () -> String) throws(FileWrapperError) -> Int {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let next = try byte(at: path())
      guard shift < 63 || (shift == 63 && next <= 1) else {
        throw malformed("a length does not fit in 64 bits", at: path())
      }
      value |= UInt64(next & 0x7F) << shift
      if next & 0x80 == 0 { break }
      shift += 7
    }
    guard value <= UInt64(bytes.count - offset) else {
      throw malformed("a length of \(value) runs past the end of the data", at: path())
    }
    return Int(value)
  }

  private mutating func byte(at path: @autoclosure () -> String) throws(FileWrapperError) -> UInt8 {
    guard offset < bytes.count else { throw malformed("the data ends early", at: path()) }
    defer { offset += 1 }
    return bytes[offset]
  }

  private func malformed(_ message: String, at path: @autoclosure () -> String) -> FileWrapperError
  {
    let path = path()
    return FileWrapperError(
      .malformedSerialization, path: path.isEmpty ? "<serialized>" : path,
      message: "\(message) (at byte \(offset))")
  }
}
