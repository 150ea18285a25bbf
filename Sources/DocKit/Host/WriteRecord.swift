/// What a write of a document tree did, for the session's record of the
/// disk (``DocumentSession/recordDisk(_:at:record:changesAtStart:)``).
enum WriteRecord {
  /// An in-place package save: the directories its plan walked.
  case planned([PackageJournal.PlannedDirectory])
  /// A full write: what it put on disk, item by item.
  case written([FileTreeWriter.Written])
}
