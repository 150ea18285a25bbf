/// A word Tab may complete an argument to, as a document type offers it
/// through ``ScriptableDocument/scriptCompletions(forArgument:prefix:session:)``.
public struct CompletionCandidate: Hashable, Sendable {
  /// The whole argument, unescaped: `/items/0/name`, not just `name`.
  public var value: String
  /// Whether the word is complete, so that a unique completion is
  /// followed by a blank; false for something that goes on, such as a
  /// folder or a JSON container.
  public var isFinal: Bool
  /// Where the candidate comes in its document (a JSON key's position
  /// among its siblings). When every match has one, the matches are
  /// listed in that order, not sorted.
  public var order: Int?

  /// Creates a candidate.
  public init(_ value: String, isFinal: Bool = true, order: Int? = nil) {
    self.value = value
    self.isFinal = isFinal
    self.order = order
  }
}
