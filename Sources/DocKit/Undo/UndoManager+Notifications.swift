// swift-format-ignore-file: AlwaysUseLowerCamelCase
// These are Apple's names, which are not lower camel case.

public import Foundation

extension NSNotification.Name {
  /// Posted when an undo group is opened or closed, when `canRedo` is
  /// read, and before undo and redo. Not posted when the undo manager opens
  /// an event's top-level group itself, nor when a group is opened during
  /// an undo or redo.
  public static let NSUndoManagerCheckpoint = Self("NSUndoManagerCheckpointNotification")
  /// Posted just before an undo manager performs an undo.
  public static let NSUndoManagerWillUndoChange = Self("NSUndoManagerWillUndoChangeNotification")
  /// Posted just after an undo manager performs an undo.
  public static let NSUndoManagerDidUndoChange = Self("NSUndoManagerDidUndoChangeNotification")
  /// Posted just before an undo manager performs a redo.
  public static let NSUndoManagerWillRedoChange = Self("NSUndoManagerWillRedoChangeNotification")
  /// Posted just after an undo manager performs a redo.
  public static let NSUndoManagerDidRedoChange = Self("NSUndoManagerDidRedoChangeNotification")
  /// Posted when a group is opened: by ``UndoManager/beginUndoGrouping()``,
  /// or for an event by the first registration or begin in it.
  public static let NSUndoManagerDidOpenUndoGroup = Self(
    "NSUndoManagerDidOpenUndoGroupNotification")
  /// Posted before a group closes; its user info holds
  /// ``NSUndoManagerGroupIsDiscardableKey``.
  public static let NSUndoManagerWillCloseUndoGroup = Self(
    "NSUndoManagerWillCloseUndoGroupNotification")
  /// Posted after a group closes. The host counts changes from this.
  public static let NSUndoManagerDidCloseUndoGroup = Self(
    "NSUndoManagerDidCloseUndoGroupNotification")
}

/// The key in `NSUndoManagerWillCloseUndoGroup`'s user
/// info whose `Bool` value says whether the closing group is discardable.
public let NSUndoManagerGroupIsDiscardableKey = "NSUndoManagerGroupIsDiscardableKey"
