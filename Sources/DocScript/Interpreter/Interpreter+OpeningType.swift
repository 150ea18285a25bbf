import DocKit
import Foundation

extension Interpreter {
  /// What `open` reads a file with: the registered type, the type to open
  /// it as (nil: the kind's types in turn), and the text encoding, if one
  /// is chosen.
  struct OpeningChoice {
    var entry: DocumentTypeRegistry.Entry
    var openAs: UTType?
    var encoding: String.Encoding?
  }

  /// How `open` reads `url`, whose name says `type` (`openAs` when the
  /// name decides it, as ``DocumentSession/typeForContents(of:explicit:)``
  /// gives them).
  ///
  /// The type the name says wins, unless only a catch-all (`public.data`)
  /// reads it and the name does not say the file is anything but text: no
  /// extension (`Makefile`), one no type declares (`.toml`), or a text type
  /// no registered type reads (`.yaml`, which the UTType table knows as
  /// `public.text`). Such a file is decided by content (``TextContent``):
  /// text opens as `public.plain-text`, anything else as the catch-all.
  /// With `--encoding` (`encoding`), the file is text whatever it holds,
  /// and the type that reads it must be the text type. A text file that
  /// starts with a UTF-16 byte-order mark is read in that order.
  func openingChoice(
    for url: URL, type: UTType, openAs: UTType?, explicit: UTType?,
    encoding: (value: String.Encoding, argument: Argument)?, at path: Argument
  ) throws -> OpeningChoice {
    guard let entry = registry.entry(reading: type) ?? registry.entries.last else {
      throw ScriptError("no document type reads \(type.identifier)", at: path)
    }
    let textEntry = registry.entry(reading: .plainText).flatMap { Self.readsText($0) ? $0 : nil }
    let readsSpecifically = entry.readableContentTypes.contains {
      type.conforms(to: $0) && $0 != .data && $0 != .item
    }
    if explicit == nil, !readsSpecifically, let textEntry, openAs == nil || type.conforms(to: .text)
    {
      if let encoding {
        return OpeningChoice(entry: textEntry, openAs: .plainText, encoding: encoding.value)
      }
      switch TextContent(fileAt: url) {
      case .utf8?: return OpeningChoice(entry: textEntry, openAs: .plainText, encoding: nil)
      case .utf16(let order)?:
        return OpeningChoice(entry: textEntry, openAs: .plainText, encoding: order)
      case .notText?, nil: break
      }
    }
    guard Self.readsText(entry) else {
      if let encoding {
        throw ScriptError(
          "--encoding reads a file as text; \(resolver.display(url)) opens as \(type.identifier)",
          at: encoding.argument,
          notes: [.init("leave out --encoding, or give a text type with --type public.plain-text")])
      }
      return OpeningChoice(entry: entry, openAs: openAs, encoding: nil)
    }
    if let encoding { return OpeningChoice(entry: entry, openAs: openAs, encoding: encoding.value) }
    if case .utf16(let order)? = TextContent(fileAt: url) {
      return OpeningChoice(entry: entry, openAs: openAs, encoding: order)
    }
    return OpeningChoice(entry: entry, openAs: openAs, encoding: nil)
  }

  /// Whether `entry` is the text type: one that reads `public.plain-text`.
  static func readsText(_ entry: DocumentTypeRegistry.Entry) -> Bool {
    entry.readableContentTypes.contains(.plainText)
  }

  /// The encoding `--encoding` names, with its argument; nil without it.
  func textEncoding(_ argument: Argument?) throws -> (value: String.Encoding, argument: Argument)? {
    guard let argument else { return nil }
    guard let encoding = TextEncodingName.encoding(named: argument.text) else {
      throw ScriptError(
        "unknown encoding '\(argument.text)'", at: argument,
        notes: [
          Suggestions.note(for: argument.text.lowercased(), among: TextEncodingName.choices)
            ?? .init("the encodings are " + TextEncodingName.supported)
        ])
    }
    return (encoding, argument)
  }

  /// The note for a text file that is not UTF-8, opened without
  /// `--encoding`: the command that opens it as ISO-8859-1, which reads
  /// any bytes.
  func encodingAdvice(for arguments: ParsedArguments, path: Argument) -> Diagnostic.Note {
    var command = "open " + Word.quoted(path.text)
    if let name = arguments[BuiltinParameter.asName] { command += " as " + Word.quoted(name.text) }
    if let type = arguments[BuiltinParameter.type] {
      command += " --type " + Word.quoted(type.text)
    }
    return .init(
      "if the file is in another encoding, name it: '\(command) --encoding latin1' reads ISO-8859-1 (the encodings are \(TextEncodingName.supported))"
    )
  }
}
