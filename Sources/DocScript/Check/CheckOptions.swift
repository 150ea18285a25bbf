package import Foundation

/// How `docrepl check` runs: the type, the seed, the budget and the bounds.
package struct CheckOptions: Sendable {
  /// The short name of the type to check, as `new` takes it (`text`).
  package var typeName: String
  /// The seed of the first sequence; sequence `i` uses `seed + i`, so
  /// `--seed` with that number and `--runs 1` replays it alone.
  package var seed: UInt64
  /// Commands in each sequence, after its setup.
  package var steps = 100
  /// How many sequences; nil for as many as `timeLimit` allows.
  package var runs: Int? = 100
  /// Stop starting sequences after this long; nil for no limit.
  package var timeLimit: Duration?
  /// A file to open (from a temporary folder) instead of starting from
  /// `new`.
  package var startFile: URL?
  /// A step that takes longer than this is reported as a hang.
  package var hangBound: Duration = .seconds(10)
  /// K: invariant 5 (an in-place save equals a full save) is checked at
  /// the first save, at a save once K steps have passed since it last
  /// was, and at the end of a sequence. A full save costs O(N) in the
  /// document's size; every K steps it costs O(N/K) a step.
  package var fullSaveInterval = 16
  /// The most replays shrinking may try.
  package var shrinkBudget = 3000
  /// A folder to run the sequences in (each in a new folder of its own
  /// inside it, removed afterwards; nothing already there is touched),
  /// which the caller removes; nil for a temporary folder of the
  /// checker's own. `docrepl check` passes one whose `fsync` it skips.
  package var workFolder: URL?
  /// The program's name, as a failure script's comments give the
  /// commands that replay it: `docrepl`, or a REPL's own.
  package var programName = "docrepl"
  /// The invariants checked; all by default. Fewer only to measure what
  /// each costs (`scripts/bench check`).
  package var invariants: Set<CheckInvariant> = Set(CheckInvariant.allCases)
  /// How states are compared (`--compare`); nil for automatically: by
  /// bytes, and by value once the encoding is found not deterministic.
  package var compare: CheckComparisonMode?

  /// Options for checking the type `typeName` from `seed`.
  package init(typeName: String, seed: UInt64) {
    self.typeName = typeName
    self.seed = seed
  }
}

/// What a `docrepl check` came to.
package struct CheckReport: Sendable {
  /// The sequences run, the failing one included.
  package var runs = 0
  /// The commands run in them, setup and the end's undo and redo left out.
  package var steps = 0
  /// The invariant that broke, if one did; nil when every run held.
  package var failure: CheckFailure?
  /// The longest any step took.
  package var slowestStep: Duration = .zero
  /// Why a sequence could not start (`--from` a file that does not open,
  /// or cannot be saved as a copy); nothing ran after it.
  package var setupFailure: String?
  /// The finding that the type's encoding is not deterministic, if it is
  /// not: reported once, never as an invariant failure.
  package var encodingFinding: CheckEncodingFinding?
  /// What the invariants that compare states (1 to 6) compared them by,
  /// in the end.
  package var comparison: CheckComparisonUse = .bytes
  /// Comparisons that could not be judged (see
  /// ``CheckComparisonUse/notJudged(reason:)``), by invariant.
  package var skippedComparisons: [CheckInvariant: Int] = [:]
}

/// An invariant that broke, with the shrunk script that shows it.
package struct CheckFailure: Sendable {
  /// Which invariant.
  package var invariant: CheckInvariant
  /// The seed of the sequence that broke it.
  package var seed: UInt64
  /// What happened, as seen on the shrunk sequence.
  package var message: String
  /// The script: comments, the setup, the shrunk commands, and what
  /// should hold as `expect` lines that fail on the code checked.
  package var script: String
  /// How many commands the sequence had when the failure was found
  /// (setup included).
  package var originalCommandCount: Int
  /// How many commands the written script has: setup included, `expect`
  /// lines and comments not.
  package var commandCount: Int
  /// How many replays shrinking took.
  package var shrinkReplays: Int
  /// What the broken invariant compared states by.
  package var comparison: CheckComparisonUse = .bytes
  /// Whether replaying ``script`` with `docrepl run` fails through its
  /// `expect` lines. When not (a difference only a comparison by value
  /// sees), the script says so in a comment and `docrepl check
  /// --from-failure` reproduces it.
  package var expectLinesFail = true

  /// `check-failure-<seed>.docscript`.
  package var fileName: String { "check-failure-\(seed).docscript" }
}

/// Why a check cannot start.
package struct CheckError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  package enum Kind: Sendable {
    /// No registered type has the name.
    case unknownType
    /// The `--from` file does not exist.
    case missingFile
    /// A temporary folder could not be made.
    case temporaryFolder
    /// A failure script to reproduce is not one `docrepl check` wrote.
    case notAFailureScript
  }

  /// What went wrong.
  package var kind: Kind
  /// The message, as `docrepl check` prints it after `error:`.
  package var message: String

  /// The message.
  package var description: String { message }
}
