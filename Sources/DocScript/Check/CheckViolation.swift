/// An invariant that broke, where, and the lines that show it.
struct CheckViolation: Sendable, Error {
  /// Which invariant.
  var invariant: CheckInvariant
  /// What happened, in a sentence.
  var message: String
  /// The index of the step after which it was seen; nil when it was seen
  /// at the end of the sequence (undoing and redoing everything).
  var stepIndex: Int?
  /// The lines that follow the sequence in the written script: commands
  /// that lead to what the invariant promises (`undo 3`, `open doc.txt as
  /// saved`) and the `expect` lines that say it. Made only when the
  /// session captures `show` texts (see ``CheckSession/capturesShowText``).
  var tail: [String] = []
}
