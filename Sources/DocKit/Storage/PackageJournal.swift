import Foundation
import Glibc

/// Saves a package in place at a cost that follows the change: after `k`
/// of its `N` files changed, O(k) bytes and system calls, and still atomic.
///
/// The new versions are staged in a journal directory next to the package
/// (`.<stem>.<hash>.docrepl-journal`, see ``SiblingNames``), each synced. A
/// `COMMIT` file listing the operations, and the package they belong to
/// (its name and directory inode), is then written, synced and renamed into
/// the journal: that rename is the commit point. The operations are applied
/// with renames (a replaced file gets a new inode, so an older revision that
/// shares the old one by a hard link is untouched), the touched directories
/// synced, and the journal removed.
///
/// A crash before the commit point leaves a journal without `COMMIT`, which
/// ``recover(packageAt:removingTemporaryFiles:)`` deletes: none of the
/// changes. A crash after it leaves a journal that recovery rolls forward:
/// all of them. Applying is idempotent, so a crash during recovery is
/// recovered too. A journal is applied only to the directory it records.
///
/// The `COMMIT` record is version 2: JSON with `version`, the owner
/// (`package`, its name, and `inode`, its directory's inode as a decimal
/// string) and `operations`. A version-1 record, which an earlier version
/// wrote, names no owner: recovery never applies it, whatever the
/// package, and leaves it and its journal where they are (a save in place
/// of the package is refused until it is moved away), so that no data in
/// it is lost and none is applied to a package it may not belong to.
///
/// The journal is locked (`flock`) from its creation until it is removed.
/// Recovery touches only a journal it can lock, so a save in progress in
/// another process is never discarded or applied twice; and a second save
/// of the same package meanwhile is refused with ``FileWrapperError/Code/locked``.
enum PackageJournal {
  /// One change to the package, by path inside it.
  enum Operation: Equatable {
    /// Move the item at `path` into the journal as `trash-<id>`.
    case remove(id: Int, path: String)
    /// Create a directory.
    case makeDirectory(path: String, mode: UInt16, exact: Bool)
    /// Move journal entry `<id>` (a file or a link) to `path`.
    case place(id: Int, path: String)
  }

  /// The package a journal belongs to, as its `COMMIT` records it.
  struct Owner: Equatable {
    /// The package's full name (the last path component).
    var name: String
    /// The inode of the package directory, which a journaled save never
    /// replaces. The device number is not recorded: it may change across
    /// reboots, which is when recovery matters most.
    var inode: UInt64
  }

  /// What recovering one package found and did: what a journaled save
  /// takes as proof that the write it belongs to recovered first.
  struct Recovery: Equatable {
    /// The package's path, as recovery resolved it.
    var packagePath: String
    /// Whether a committed save was rolled forward.
    var rolledForward: Bool
  }

  /// What recovery found and did with one journal.
  enum JournalState: Equatable {
    /// There is no journal.
    case absent
    /// An uncommitted journal was removed: none of its save happened.
    case discarded
    /// A committed journal was applied and removed.
    case rolledForward
    /// Another open file description holds the journal's lock: a save in
    /// progress. Left alone.
    case inUse
    /// A committed journal that belongs to another package, or to another
    /// directory that had this name. Left alone, never applied.
    case foreign(reason: String)
    /// A committed journal of an earlier version, which records no owner,
    /// under a name that other packages' names may map to. Left alone.
    case unattributed
  }

  static func journalName(for packageName: String) -> String {
    SiblingNames.journal(for: packageName)
  }
}
