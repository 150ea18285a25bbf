import Foundation

/// What the next save of a session would write, made without writing: see
/// ``DocumentSession/contentsForNextSave()``.
public struct SaveContents {
  /// The tree the save would write.
  public let wrapper: FileWrapper
  /// The tree of the last read or write, whose entries the save reuses
  /// wherever ``wrapper`` holds them; nil when there is none, and for a
  /// `Document`-family document.
  public let existing: FileWrapper?
  /// Whether ``wrapper``'s root is ``existing``'s (a copy of it).
  public let reusesRoot: Bool
  /// Whether the document's own writer wrote ``wrapper`` into a temporary
  /// folder (a `Document`-family document), so that nothing in it is
  /// known to be reused.
  public let writtenByDocument: Bool
}
