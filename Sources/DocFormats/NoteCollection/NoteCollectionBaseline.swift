import DocKit
import Foundation
import Synchronization

/// Which values of a note collection the package wrappers it was saved
/// through hold, so that a save can trust the collection's change flags.
///
/// A collection's value knows what changed since its base: the content it
/// was read as, or last saved as. That is worth something only if the
/// wrapper the host hands back (`existingFile`) still holds that base. It
/// may not: a snapshot restored after a later save, an undo of such a
/// restore, or a save that failed after editing the wrapper in place all
/// give a value whose base is not what the wrapper holds, and writing only
/// its flagged notes would keep the wrapper's notes in place of the
/// value's, silently. So every value carries one of these, shared by all
/// values of its lineage, and each save records here which content (by its
/// serial) it left in which wrapper (by its ``FileWrapper/contentVersion``).
/// A save trusts its flags only when the wrapper it is given is recorded as
/// holding its base; otherwise it writes every note.
final class NoteCollectionBaseline: Sendable {
  private struct Record {
    var contentVersion: UInt64
    var serial: UInt64
  }

  /// The most recent records, newest last. A handful is enough: a save
  /// consults the record of the last save or read; older ones serve a
  /// preview made in between (`tree`), and a miss only costs a full write.
  private let lock = NSLock()
  /// Guarded by `lock`.
  nonisolated(unsafe) private var records: [Record] = []
  private static let limit = 8
  private static let serials = Atomic<UInt64>(0)

  /// A serial never used before in the process.
  static func nextSerial() -> UInt64 {
    serials.add(1, ordering: .relaxed).newValue
  }

  /// Records that `wrapper` now holds the content with `serial`.
  func record(_ wrapper: FileWrapper, holds serial: UInt64) {
    let record = Record(contentVersion: wrapper.contentVersion, serial: serial)
    lock.lock()
    defer { lock.unlock() }
    records.removeAll { $0.contentVersion == record.contentVersion }
    records.append(record)
    if records.count > Self.limit { records.removeFirst(records.count - Self.limit) }
  }

  /// Whether `wrapper` is recorded as holding the content with `serial`.
  func wrapper(_ wrapper: FileWrapper, holds serial: UInt64) -> Bool {
    let version = wrapper.contentVersion
    lock.lock()
    defer { lock.unlock() }
    return records.contains { $0.contentVersion == version && $0.serial == serial }
  }

  /// Whether some wrapper is recorded as holding the content with `serial`.
  func isRecorded(_ serial: UInt64) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return records.contains { $0.serial == serial }
  }
}
