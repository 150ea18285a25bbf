extension FileWrapper {
  /// Where a directory wrapper was last known to match the disk: in the
  /// package that a ``DiskManifest`` describes (by its token), at `path`
  /// inside it.
  ///
  /// A package save compares a directory whose sync point is the save's
  /// own only under its ``FileWrapper/changedKeys``, and every other
  /// directory entry by entry. So after one note of 100,000 changed, the
  /// plan visits one entry, not 100,000. The point is recorded when the
  /// manifest is made from a tree just read or written, and again for
  /// each directory a package save visited, once the save has succeeded;
  /// a failed save leaves the changes noted, to be planned again.
  struct SyncPoint: Equatable {
    /// The ``DiskManifest/token`` of the manifest the directory matched.
    var manifest: UInt64
    /// The directory's path inside the package, `""` for the root.
    var path: String
  }
}
