import Foundation

/// Why a document type was refused when it registered: one of its commands
/// has the name of a built-in command, which would hide it (or be hidden
/// by it) at every call. See ``CommandSpec/extendsBuiltin`` for the one
/// declared way to share a built-in's name.
public struct CommandNameCollision: Error, Equatable, CustomStringConvertible {
  /// The type's short name.
  public let typeName: String
  /// The command's name, which is the built-in's.
  public let command: String
  /// The built-in's usage line, as `help` shows it.
  public let builtinUsage: String
  /// Whether the command declared ``CommandSpec/extendsBuiltin`` for a
  /// built-in that cannot be extended.
  public let declaredExtension: Bool

  public var description: String {
    let reason =
      declaredExtension
      ? "declares that it extends the built-in '\(builtinUsage)', which says no arguments of its own and cannot be extended"
      : "has the name of the built-in command '\(builtinUsage)'; rename it, or, for 'set', declare extendsBuiltin"
    return "document type '\(typeName)' was not registered: its command '\(command)' \(reason)"
  }
}
