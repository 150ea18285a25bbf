public import Foundation

/// A model of the disk as nodes: the entries of each directory, the bytes
/// of each file, the target of each symbolic link and the mode of each.
/// ``PowerLossFileSystem`` records the tree it starts from; ``CrashStates``
/// applies a permitted subset of the recorded operations to it.
public struct DiskTree: Sendable {
  public typealias Node = PowerLossFileSystem.Node

  /// Each directory's entries, by name.
  public var entries: [Node: [[UInt8]: Node]] = [:]
  /// Each regular file's bytes.
  public var contents: [Node: Data] = [:]
  /// Each symbolic link's target.
  public var targets: [Node: [UInt8]] = [:]
  /// Each node's permission bits.
  public var modes: [Node: UInt16] = [:]

  /// An empty tree.
  public init() {}

  /// How many bytes of a write of `count` bytes a torn write leaves: the
  /// first half, in whole 4 KB pages (a write of one page or less is
  /// never torn: ext4 writes back whole pages).
  public static func tornLength(_ count: Int) -> Int {
    max(4096, count / 2 / 4096 * 4096)
  }

  /// Applies one operation; `torn` applies only the first part of a write.
  public mutating func apply(_ operation: PowerLossFileSystem.Operation, torn: Bool = false) {
    switch operation {
    case .create(let directory, let name, let node, let mode):
      entries[directory, default: [:]][name] = node
      if contents[node] == nil { contents[node] = Data() }
      modes[node] = mode
    case .makeDirectory(let directory, let name, let node, let mode):
      entries[directory, default: [:]][name] = node
      if entries[node] == nil { entries[node] = [:] }
      modes[node] = mode
    case .symbolicLink(let directory, let name, let node, let target):
      entries[directory, default: [:]][name] = node
      targets[node] = target
    case .link(let directory, let name, let node):
      entries[directory, default: [:]][name] = node
    case .rename(let from, let name, let to, let newName, let exchange):
      let moving = entries[from]?[name]
      if exchange {
        let other = entries[to]?[newName]
        entries[from, default: [:]][name] = other
        entries[to, default: [:]][newName] = moving
      } else if let moving, from != to || name != newName {
        entries[from]?[name] = nil
        entries[to, default: [:]][newName] = moving
      }
    case .unlink(let directory, let name):
      entries[directory]?[name] = nil
    case .write(let node, let offset, let bytes):
      let count = torn ? Self.tornLength(bytes.count) : bytes.count
      var data = contents[node] ?? Data()
      if data.count < offset + count { data.count = offset + count }
      data.replaceSubrange(offset..<(offset + count), with: bytes.prefix(count))
      contents[node] = data
    case .truncate(let node, let length):
      var data = contents[node] ?? Data()
      data.count = length
      contents[node] = data
    case .setMode(let node, let mode):
      modes[node] = mode
    case .fsync, .syncfs:
      break
    }
  }

  /// What can be reached from `node`: what a program sees after the crash.
  /// A directory reached again below itself (possible only in a state no
  /// real order made) is cut off there.
  public func item(at node: Node) -> DiskItem {
    var path: Set<Node> = []
    func visit(_ node: Node) -> DiskItem? {
      if let children = entries[node] {
        guard path.insert(node).inserted else { return nil }
        defer { path.remove(node) }
        return .directory(
          node: node, mode: modes[node] ?? 0o755, entries: children.compactMapValues(visit))
      }
      if let target = targets[node] { return .symbolicLink(target: target) }
      return .file(contents: contents[node] ?? Data(), mode: modes[node] ?? 0o644)
    }
    return visit(node) ?? .directory(node: node, mode: 0o755, entries: [:])
  }
}
