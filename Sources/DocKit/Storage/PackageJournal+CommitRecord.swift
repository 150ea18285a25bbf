import Foundation
import Glibc

// The COMMIT record: the operations and the package they belong to, encoded.

extension PackageJournal {
  static func encode(
    _ operations: [Operation], owner: Owner
  ) throws(FileWrapperError) -> Data {
    let records: [[String: Any]] = operations.map { operation in
      switch operation {
      case .remove(let id, let path): ["op": "remove", "id": id, "path": path]
      case .makeDirectory(let path, let mode, let exact):
        ["op": "mkdir", "path": path, "mode": Int(mode), "exact": exact]
      case .place(let id, let path): ["op": "place", "id": id, "path": path]
      }
    }
    do {
      return try JSONSerialization.data(
        withJSONObject: [
          "version": 2, "package": owner.name, "inode": String(owner.inode),
          "operations": records,
        ], options: [.sortedKeys])
    } catch {
      throw FileWrapperError(.ioFailure, path: "COMMIT", message: "cannot encode the journal")
    }
  }

  /// Parses a COMMIT record, refusing anything that could reach outside the
  /// package: every path is made of valid names. Version 2 records the
  /// package it belongs to; version 1 (earlier versions) does not.
  static func decode(
    _ data: Data, path: String
  ) throws(FileWrapperError) -> ([Operation], Owner?) {
    func malformed(_ detail: String) -> FileWrapperError {
      FileWrapperError(.malformedSerialization, path: path, message: "malformed journal: \(detail)")
    }
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let version = root["version"] as? Int, version == 1 || version == 2,
      let records = root["operations"] as? [[String: Any]]
    else { throw malformed("not a version 1 or 2 record") }
    var owner: Owner?
    if version == 2 {
      guard let name = root["package"] as? String, FileWrapper.filenameProblem(name) == nil,
        let text = root["inode"] as? String, let inode = UInt64(text)
      else { throw malformed("no valid owner") }
      owner = Owner(name: name, inode: inode)
    }
    var operations: [Operation] = []
    for record in records {
      guard let kind = record["op"] as? String, let itemPath = record["path"] as? String,
        !itemPath.isEmpty,
        itemPath.split(separator: "/", omittingEmptySubsequences: false).allSatisfy({
          FileWrapper.filenameProblem(String($0)) == nil
        })
      else { throw malformed("bad operation") }
      switch kind {
      case "remove":
        guard let id = record["id"] as? Int, id >= 0 else { throw malformed("bad id") }
        operations.append(.remove(id: id, path: itemPath))
      case "mkdir":
        guard let mode = record["mode"] as? Int, (0...0o7777).contains(mode) else {
          throw malformed("bad mode")
        }
        operations.append(
          .makeDirectory(
            path: itemPath, mode: UInt16(mode), exact: record["exact"] as? Bool ?? false))
      case "place":
        guard let id = record["id"] as? Int, id >= 0 else { throw malformed("bad id") }
        operations.append(.place(id: id, path: itemPath))
      default:
        throw malformed("unknown operation '\(kind)'")
      }
    }
    return (operations, owner)
  }
}
