/// Asks the user where to export, the way `fileExporter`'s panel does.
@MainActor public protocol ExportPrompt: AnyObject {
  /// The path the user chose for the exported file, pre-filled with
  /// `defaultFilename` (a relative path starts at the working folder),
  /// or nil when they cancelled.
  func exportDestination(defaultFilename: String) async -> String?
  /// Whether to replace `path` (as displayed to the user), which exists.
  func confirmReplace(_ path: String) async -> Bool
}
