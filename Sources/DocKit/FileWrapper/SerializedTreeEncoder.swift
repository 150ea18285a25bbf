import Foundation

/// Encodes a file-wrapper tree in ``SerializedTreeFormat``, iteratively.
struct SerializedTreeEncoder {
  private enum Step {
    case node(FileWrapper, path: String)
    case name(String)
    case leave(ObjectIdentifier)
  }

  private var bytes: [UInt8] = []

  mutating func encode(_ root: FileWrapper) throws(FileWrapperError) -> Data {
    bytes = SerializedTreeFormat.magic + [SerializedTreeFormat.version]
    if let name = root.preferredFilename {
      bytes.append(1)
      append(string: name)
    } else {
      bytes.append(0)
    }
    var onPath: Set<ObjectIdentifier> = []
    var steps: [Step] = [.node(root, path: root.preferredFilename ?? "")]
    while let step = steps.popLast() {
      switch step {
      case .name(let name):
        append(string: name)
      case .leave(let directory):
        onPath.remove(directory)
      case .node(let wrapper, let path):
        let kind: SerializedTreeFormat.Kind =
          switch wrapper.kind {
          case .regularFile: .regularFile
          case .directory: .directory
          case .symbolicLink: .symbolicLink
          }
        let mode = wrapper.permissions & 0o7777
        bytes += [kind.rawValue, UInt8(mode >> 8), UInt8(mode & 0xFF)]
        switch wrapper.kind {
        case .regularFile:
          let data = try wrapper.loadRegularFileContents()
          append(length: data.count)
          bytes += data
        case .symbolicLink:
          append(string: wrapper.linkDestination)
        case .directory:
          guard onPath.insert(ObjectIdentifier(wrapper)).inserted else {
            throw FileWrapperError(
              .cycle, path: path, message: "the directory wrapper contains itself")
          }
          let children = wrapper.sortedChildren
          append(length: children.count)
          steps.append(.leave(ObjectIdentifier(wrapper)))
          for (key, child) in children.reversed() {
            steps.append(.node(child, path: path + "/" + key))
            steps.append(.name(key))
          }
        }
      }
    }
    return Data(bytes)
  }

  private mutating func append(length: Int) {
    var value = UInt64(length)
    repeat {
      var byte = UInt8(value & 0x7F)
      value >>= 7
      if value != 0 { byte |= 0x80 }
      bytes.append(byte)
    } while value != 0
  }

  private mutating func append(string: String) {
    append(length: string.utf8.count)
    bytes += string.utf8
  }
}
