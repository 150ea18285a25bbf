import DocKit
public import Foundation

/// The text a diagnostic shows for an error a command met: the one place
/// where errors become words.
///
/// The text is built from the error's fields, not from its description:
/// DocKit's errors give the file, the reason and the suggestion
/// (`CocoaError.documentErrorDetails`), and a ``DocumentFileError`` (the
/// built-in types' `FormatError`) gives the file inside the document, the
/// line, the column or the byte offset, and the reason. The path is shown
/// by the ``resolver``, as all output shows paths: relative to the working
/// folder when inside it. DocKit's advice for a conflict becomes the
/// commands that act on it. Any other error (a document type's own) shows
/// its description.
///
/// Wherever it comes from, the text reads as a diagnostic: a sentence
/// loses its capital and its final period, a path or a name keeps its case.
///
///     let message = ErrorMessage(resolver: PathResolver(workingDirectory: folder))
///     message.text(for: error)  // "notes/a.json:1:2: unexpected 'n', expected a string key"
public struct ErrorMessage: Sendable {
  /// Shows paths; nil shows them as the error gives them.
  public var resolver: PathResolver?

  /// A renderer showing paths with `resolver`, or as the errors give them
  /// when nil.
  public init(resolver: PathResolver? = nil) {
    self.resolver = resolver
  }

  /// What the interpreter says instead of DocKit's conflict suggestion.
  static let conflictAdvice = "'diff --disk' to compare, then 'revert' or 'save --force'"
  /// What the interpreter says instead of DocKit's advice for a read-only
  /// file.
  static let readOnlyAdvice = "'save --force' writes it anyway"

  /// The text of `error`.
  public func text(for error: any Error) -> String {
    switch error {
    case let error as ScriptError:
      return error.message
    case let error as ConfinementError:
      return error.message(shown: display(error.url))
    case let error as CocoaError:
      if let details = error.documentErrorDetails, let reason = details.reason {
        return text(
          for: details, reason: reason, conflict: error.documentSessionError?.code == .conflict)
      }
      return Self.sentence(
        error.userInfo[NSLocalizedDescriptionKey] as? String ?? error.localizedDescription)
    case let error as DocumentSessionError:
      return text(
        for: DocumentErrorDetails(error), reason: error.message, conflict: error.code == .conflict)
    case let error as FileWrapperError:
      let details = DocumentErrorDetails(error)
      return text(for: details, reason: details.reason ?? error.message, conflict: false)
    case let error as any DocumentFileError:
      if let reason = error.reason { return text(for: error, reason: reason) }
      return Self.sentence(String(describing: error))
    default:
      return Self.sentence(String(describing: error))
    }
  }

  /// `url` as output shows it: a file's path by the resolver, another
  /// URL whole.
  public func display(_ url: URL) -> String {
    guard url.isFileURL else { return url.absoluteString }
    return resolver?.display(url) ?? url.path
  }

  /// `path: reason; advice`, or the reason as a sentence without a path.
  private func text(for details: DocumentErrorDetails, reason: String, conflict: Bool) -> String {
    let advice =
      conflict
      ? Self.conflictAdvice
      : details.recoverySuggestion == DocumentSessionError.readOnlySuggestion
        ? Self.readOnlyAdvice : details.recoverySuggestion
    let said = Self.withoutPeriod(reason) + (advice.map { "; " + $0 } ?? "")
    guard let url = details.url else { return Self.sentence(said) }
    return display(url) + ": " + Self.withoutPeriod(said)
  }

  /// `file:line:column: reason`, with the parts that are known (the byte
  /// offset when the line is not).
  private func text(for error: any DocumentFileError, reason: String) -> String {
    let file = error.fileInDocument.map {
      $0.hasPrefix("/") ? display(URL(fileURLWithPath: $0)) : $0
    }
    var place = [file, error.line.map(String.init), error.column.map(String.init)]
      .compactMap { $0 }.joined(separator: ":")
    if let offset = error.byteOffset, error.line == nil {
      place += (place.isEmpty ? "" : ": ") + "byte \(offset)"
    }
    guard !place.isEmpty else { return Self.sentence(reason) }
    return place + ": " + Self.withoutPeriod(reason)
  }

  /// `text` without a final period.
  static func withoutPeriod(_ text: String) -> String {
    text.hasSuffix(".") ? String(text.dropLast()) : text
  }

  /// `text` as a diagnostic's message: without a final period, and with a
  /// capital starting a sentence lower-cased, but not one starting a path
  /// (`Trip.notes: …`) or a name (`Makefile: …`, `URL`).
  static func sentence(_ text: String) -> String {
    let text = withoutPeriod(text)
    let firstWord = text.prefix { $0 != " " }
    guard let first = text.first, first.isUppercase,
      text.dropFirst().first.map({ !$0.isUppercase }) ?? true,
      !firstWord.contains(where: { $0.isNumber || "./:_-~".contains($0) })
    else { return text }
    return first.lowercased() + text.dropFirst()
  }
}
