/// Asks the user where to export, the way `fileExporter`'s panel does.
@MainActor public protocol ExportPrompt: AnyObject {
  /// The path the user chose for the exported file, pre-filled with
  /// `defaultFilename` (a relative path starts at the working folder); an
  /// empty string takes `defaultFilename`; nil when they cancelled.
  func exportDestination(defaultFilename: String) async -> String?
  /// Whether to replace the file `path` (as displayed to the user), which
  /// exists.
  func confirmReplace(_ path: String) async -> Bool
  /// Whether to replace the document package `path` (as displayed to the
  /// user), a folder, which exists. By default, ``confirmReplace(_:)``.
  func confirmReplace(folder path: String) async -> Bool
}

extension ExportPrompt {
  public func confirmReplace(folder path: String) async -> Bool {
    await confirmReplace(path)
  }
}
