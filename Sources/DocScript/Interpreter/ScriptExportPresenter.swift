import DocKit
import Foundation

/// Where `export` writes: the path after `to`, the default filename in the
/// working folder, or what the interactive prompt answers. The host's
/// `FileExporter` asks it, as it asks the panel on Apple platforms.
@MainActor
struct ScriptExportPresenter: ExportPresenter {
  enum Source {
    /// `to PATH`.
    case path(URL)
    /// The default filename, in the working folder (a script).
    case workingFolder
    /// Ask the user.
    case prompt(any ExportPrompt)
  }

  var source: Source
  var resolver: PathResolver
  /// `--replace`: an existing file is replaced without asking.
  var replacing: Bool

  func destination(defaultFilename: String, contentType: UTType) async -> ExportDestination? {
    switch source {
    case .path(let url):
      return ExportDestination(url: url, replacingExisting: replacing)
    case .workingFolder:
      return ExportDestination(
        url: resolver.workingDirectory.appendingPathComponent(defaultFilename),
        replacingExisting: replacing)
    case .prompt(let prompt):
      guard let answer = await prompt.exportDestination(defaultFilename: defaultFilename) else {
        return nil
      }
      // An empty answer takes the pre-filled name.
      let url = resolver.url(for: answer.isEmpty ? defaultFilename : answer)
      guard !replacing, FileManager.default.fileExists(atPath: url.path) else {
        return ExportDestination(url: url, replacingExisting: replacing)
      }
      guard await prompt.confirmReplace(resolver.display(url)) else { return nil }
      return ExportDestination(url: url, replacingExisting: true)
    }
  }
}
