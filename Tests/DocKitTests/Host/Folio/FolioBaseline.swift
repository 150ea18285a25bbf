import DocKit
import Foundation
import Synchronization

/// Which content of a ``Folio`` (by serial) each package wrapper it was
/// read or saved through holds (by the wrapper's `contentVersion`), shared
/// by every value of one lineage.
///
/// A folio's change flags are relative to a base: the content it was read
/// as, or last saved as. They may be trusted only when the wrapper the
/// host hands back (`existingFile`) still holds that base; a value
/// restored from before a later save, or a save that failed after editing
/// the wrapper, gives a value whose base is not what the wrapper holds.
/// The note collection in DocFormats keeps the same record, for the same
/// reason.
final class FolioBaseline: Sendable {
  private struct Record {
    var contentVersion: UInt64
    var serial: UInt64
  }

  private let records = Mutex<[Record]>([])
  /// A handful is enough: a miss only costs a full write.
  private static let limit = 8
  private static let serials = Atomic<UInt64>(0)

  /// A serial never used before in the process.
  static func nextSerial() -> UInt64 {
    serials.add(1, ordering: .relaxed).newValue
  }

  /// Records that `wrapper` now holds the content with `serial`.
  func record(_ wrapper: FileWrapper, holds serial: UInt64) {
    let record = Record(contentVersion: wrapper.contentVersion, serial: serial)
    records.withLock { records in
      records.removeAll { $0.contentVersion == record.contentVersion }
      records.append(record)
      if records.count > Self.limit { records.removeFirst(records.count - Self.limit) }
    }
  }

  /// Whether `wrapper` is recorded as holding the content with `serial`.
  func wrapper(_ wrapper: FileWrapper, holds serial: UInt64) -> Bool {
    let version = wrapper.contentVersion
    return records.withLock { $0.contains { $0.contentVersion == version && $0.serial == serial } }
  }

  /// Whether some wrapper is recorded as holding the content with `serial`.
  func isRecorded(_ serial: UInt64) -> Bool {
    records.withLock { $0.contains { $0.serial == serial } }
  }
}
