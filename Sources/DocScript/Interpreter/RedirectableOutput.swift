import DocKit
import Foundation

/// The interpreter's own output, innermost under any recording or
/// silencing: what commands print goes to its base (standard output), or
/// while `output FILE` is in force, to that file. Diagnostics, status
/// lines and the rest always go to the base.
@MainActor
final class RedirectableOutput: ForwardingOutput {
  /// The file `output FILE` opened, and its URL.
  private(set) var file: (url: URL, handle: FileHandle)?
  /// Why a write to the file failed, once: the redirection ended there,
  /// and the interpreter says so after the command.
  var failure: (url: URL, reason: String)?

  /// Sends output to `handle` (the file at `url`) from now on, closing any
  /// file before.
  func redirect(to url: URL, handle: FileHandle) {
    restore()
    file = (url, handle)
  }

  /// Sends output to the base again; returns the file it went to.
  @discardableResult
  func restore() -> URL? {
    guard let file else { return nil }
    self.file = nil
    try? file.handle.close()
    return file.url
  }

  override func write(_ text: String) {
    guard let file else {
      base.write(text)
      return
    }
    do {
      try file.handle.write(contentsOf: Data(text.utf8))
    } catch {
      // Nothing is lost silently: the text goes to the base, and the
      // redirection ends with a warning.
      failure = (file.url, (error as NSError).localizedDescription)
      restore()
      base.write(text)
    }
  }
}
