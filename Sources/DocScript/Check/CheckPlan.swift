import Foundation

/// What every sequence of one `docrepl check` shares: the names of its
/// files and its bounds.
struct CheckPlan: Sendable {
  /// The short name `new` takes.
  var typeName: String
  /// The working file the document is saved as: `doc.txt`.
  var fileName: String
  /// Where `save-to` writes the full copy that invariant 5 compares with,
  /// and written scripts their copies: `check-copy.txt`.
  var copyName: String
  /// The file to start from, instead of `new`.
  var startFile: URL?
  /// A step that takes longer is a hang (invariant 7).
  var hangBound: Duration
  /// Invariant 5 is checked at a save when this many steps have passed
  /// since it last was (and at the first save, and at the end).
  var fullSaveInterval: Int
  /// The invariants checked.
  var invariants: Set<CheckInvariant> = Set(CheckInvariant.allCases)

  /// Whether `invariant` is checked.
  func checks(_ invariant: CheckInvariant) -> Bool { invariants.contains(invariant) }

  /// Whether each step's bytes are needed: by invariants 1, 2, 3 and 6.
  var observesBytes: Bool {
    !invariants.isDisjoint(with: [
      .allOrNothing, .undoRestores, .savedPointHolds, .snapshotsAreValues,
    ])
  }

  /// `doc`, the name of the document.
  static let documentName = "doc"

  /// The steps every sequence starts with.
  var setup: [CheckStep] {
    if let startFile {
      return [
        CheckStep(
          .start,
          [.literal("open"), .value(startFile.path), .literal("as"), .literal(Self.documentName)]),
        CheckStep(.adopt, [.literal("save-as"), .literal(Word.quoted(fileName))]),
      ]
    }
    return [
      CheckStep(
        .start, [.literal("new"), .literal(Word.quoted(typeName)), .literal(Self.documentName)])
    ]
  }
}
