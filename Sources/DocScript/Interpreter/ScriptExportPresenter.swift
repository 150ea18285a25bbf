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
  /// The document's own file, which is never offered or replaced.
  var ownFile: URL?
  /// The interpreter's checks of a destination (the working folder, an
  /// open package, the document's own file); throws to refuse it.
  var check: @MainActor (URL) throws -> Void = { _ in }
  /// Set when a destination was refused.
  let refusal = Refusal()

  func destination(defaultFilename: String, contentType: UTType) async -> ExportDestination? {
    switch source {
    case .path(let url):
      return ExportDestination(url: url, replacingExisting: replacing)
    case .workingFolder:
      let url = resolver.workingDirectory.appendingPathComponent(defaultFilename)
      guard refuses(url, contentType: contentType) != nil else { return nil }
      return ExportDestination(url: url, replacingExisting: replacing)
    case .prompt(let prompt):
      let offered = freeName(for: defaultFilename)
      guard let answer = await prompt.exportDestination(defaultFilename: offered) else {
        return nil
      }
      // An empty answer takes the pre-filled name.
      let url = resolver.url(for: answer.isEmpty ? offered : answer)
      guard let kind = refuses(url, contentType: contentType) else { return nil }
      guard !replacing, kind != .nothing else {
        return ExportDestination(url: url, replacingExisting: replacing)
      }
      let shown = resolver.display(url)
      let replace =
        kind == .package
        ? await prompt.confirmReplace(folder: shown) : await prompt.confirmReplace(shown)
      guard replace else { return nil }
      return ExportDestination(url: url, replacingExisting: true)
    }
  }

  /// What is at a destination.
  enum Occupant {
    case nothing, file, package
  }

  /// What is at `url`, or nil (with ``refusal`` set) when no export may
  /// write there: a place the interpreter refuses, or a folder that is
  /// not a document package of `contentType`.
  private func refuses(_ url: URL, contentType: UTType) -> Occupant? {
    do {
      try check(url)
    } catch {
      refusal.error = error
      return nil
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      return Self.isLink(url) ? .file : .nothing
    }
    guard isDirectory.boolValue else { return .file }
    let folderType = UTType(filenameExtension: url.pathExtension, conformingTo: .directory)
    guard let folderType, folderType.isDeclared, folderType != .folder,
      contentType.conforms(to: .directory), folderType.conforms(to: contentType)
    else {
      refusal.error = ScriptError(
        "'\(resolver.display(url))' is a folder; docrepl replaces only files and document packages"
      )
      return nil
    }
    return .package
  }

  /// Whether `url` is a symbolic link (one that leads nowhere counts).
  private static func isLink(_ url: URL) -> Bool {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
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
      return !FileManager.default.fileExists(atPath: url.path) && !Self.isLink(url)
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
