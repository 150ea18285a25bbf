extension FileWrapper {
  /// Where a directory wrapper was last recorded as matching the disk: in
  /// the package that a ``DiskManifest`` describes (by its token), at
  /// `path` inside it, under a stamp that the manifest keeps for that path.
  ///
  /// A package save compares a directory only under its
  /// ``FileWrapper/changedKeys`` when its sync point is the save's own:
  /// the same manifest, its own path, and the stamp the manifest now
  /// holds for that path. Any other directory is compared entry by entry.
  /// So after one note of 100,000 changed, the plan visits one entry, not
  /// 100,000. The stamp is what makes a directory put back where another
  /// has since been saved (by an undo, say) count as out of sync: the
  /// manifest gave that path a new stamp when the other was saved there,
  /// and forgets a path's stamp when the path is removed.
  ///
  /// Points are recorded when the session makes the manifest from a tree
  /// it has just read or written in full, and again, once a package save
  /// has succeeded, for each directory the save planned; a failed save
  /// leaves the changes noted, to be planned again. No point is recorded
  /// if any wrapper changed while the save ran (see
  /// ``FileWrapper/changeCount``): the next save plans those changes too.
  struct SyncPoint: Equatable {
    /// The ``DiskManifest/token`` of the manifest the directory matched.
    var manifest: UInt64
    /// The directory's path inside the package, `""` for the root.
    var path: String
    /// The stamp the manifest recorded for `path` at the same time.
    var stamp: UInt64
  }
}
