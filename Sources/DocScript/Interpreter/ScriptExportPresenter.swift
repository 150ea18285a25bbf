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

  /// Why the presenter gave no destination though nobody cancelled: the
  /// place chosen is one no export may write. `export` reports it.
  final class Refusal {
    var error: (any Error)?
  }

  var source: Source
  var resolver: PathResolver
  /// `--replace`: an existing file is replaced without asking.
  var replacing: Bool
  /// `--force`: a read-only file too.
  var forcing = false
  /// The document's own file, which is never offered or replaced.
  var ownFile: URL?
  /// The interpreter's checks of a destination (the working folder, an
  /// open package, the document's own file); throws to refuse it.
  var check: @MainActor (URL) throws -> Void = { _ in }
  /// Set when a destination was refused.
  let refusal = Refusal()

  /// What the user answered at the prompt, for a recording to replay.
  final class Choice {
    /// Whether the user confirmed replacing a file that was there.
    var replacing = false
  }

  /// Set when the prompt's dialog chose the destination.
  let choice = Choice()

  func destination(defaultFilename: String, contentType: UTType) async -> ExportDestination? {
    switch source {
    case .path(let url):
      return ExportDestination(url: url, replacingExisting: replacing, replacingReadOnly: forcing)
    case .workingFolder:
      let url = resolver.workingDirectory.appendingPathComponent(defaultFilename)
      guard refuses(url, contentType: contentType) != nil else { return nil }
      return ExportDestination(url: url, replacingExisting: replacing, replacingReadOnly: forcing)
    case .prompt(let prompt):
      let offered = freeName(for: defaultFilename)
      guard let answer = await prompt.exportDestination(defaultFilename: offered) else {
        return nil
      }
      // An empty answer takes the pre-filled name. The dialog takes a
      // name in the working folder, as `--name` does, not a path.
      let name = answer.isEmpty ? offered : answer
      guard name != ".", name != "..", !name.contains("/") else {
        refusal.error = ScriptError(
          "'\(name)' is not a file name; the export dialog takes a name, not a path")
        return nil
      }
      let url = resolver.url(for: name)
      guard let outcome = refuses(url, contentType: contentType) else { return nil }
      guard !replacing, outcome != .write else {
        return ExportDestination(url: url, replacingExisting: replacing, replacingReadOnly: forcing)
      }
      let shown = resolver.display(url)
      let isFolder = (try? WriteDestination.inspect(url))?.kind == .folder
      let replace =
        isFolder ? await prompt.confirmReplace(folder: shown) : await prompt.confirmReplace(shown)
      guard replace else { return nil }
      choice.replacing = true
      return ExportDestination(url: url, replacingExisting: true, replacingReadOnly: forcing)
    }
  }

  /// What an export of `contentType` without flags does at `url`, by the
  /// destination policy; nil (with ``refusal`` set) when no export may
  /// write there whatever the answer: a place the interpreter refuses, a
  /// FIFO, device or socket, or a folder when the type is not a package.
  /// A folder for a package type is offered for replacing: the document's
  /// own reader then decides whether it is one of its packages.
  private func refuses(_ url: URL, contentType: UTType) -> DestinationPolicy.Outcome? {
    do {
      try check(url)
      var destination = try WriteDestination.inspect(url)
      let writesPackage = contentType.conforms(to: .directory)
      if destination.kind == .folder, writesPackage { destination.kind = .documentPackage }
      let outcome = DestinationPolicy.outcome(
        of: .export, at: destination, writesPackage: writesPackage)
      if outcome == .refuse {
        throw ScriptError(
          "\(resolver.display(url)): "
            + (DestinationPolicy.reason(for: .refuse, at: destination, writesPackage: writesPackage)
              ?? "refused"))
      }
      return outcome
    } catch {
      refusal.error = error
      return nil
    }
  }

  /// `name` if nothing is at it in the working folder and it is not the
  /// document's own file; else the first of `base 2.ext`, `base 3.ext`
  /// and onward that is free, the way macOS names copies.
  func freeName(for name: String) -> String {
    let folder = resolver.workingDirectory
    func isFree(_ candidate: String) -> Bool {
      let url = folder.appendingPathComponent(candidate)
      if let ownFile,
        url.resolvingSymlinksInPath().path == ownFile.resolvingSymlinksInPath().path
      {
        return false
      }
      return (try? WriteDestination.inspect(url))?.kind == .nothing
    }
    guard !isFree(name) else { return name }
    let url = URL(fileURLWithPath: name)
    let base = url.deletingPathExtension().lastPathComponent
    let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
    var number = 2
    while !isFree("\(base) \(number)\(suffix)") { number += 1 }
    return "\(base) \(number)\(suffix)"
  }
}
