package import Foundation

/// The text encodings `open --encoding` reads and writes, by the names a
/// user types: the IANA name and its common aliases, in any case
/// (`latin1`, `ISO-8859-1`, `cp1252`, `UTF-16LE`).
///
/// Each is a Foundation `String.Encoding`; the built-in text type reads
/// and writes these seven with codecs of its own, byte for byte.
/// ``reading`` carries the one a command asks for to the document's
/// reader, which has no other way to be told (Apple's
/// `FileDocumentReadConfiguration` holds the type and the file only).
package enum TextEncodingName {
  /// The encodings, each with its name as shown and its other names, in
  /// the order help lists them.
  private static let table: [(encoding: String.Encoding, name: String, aliases: [String])] = [
    (.utf8, "UTF-8", ["utf8"]),
    (.utf16, "UTF-16", ["utf16"]),
    (.utf16LittleEndian, "UTF-16LE", ["utf16le"]),
    (.utf16BigEndian, "UTF-16BE", ["utf16be"]),
    (
      .isoLatin1, "ISO-8859-1",
      [
        "latin1", "latin-1", "iso8859-1", "iso_8859-1", "iso_8859-1:1987", "l1", "iso-ir-100",
        "cp819", "ibm819", "csisolatin1",
      ]
    ),
    (.windowsCP1252, "windows-1252", ["cp1252", "x-cp1252", "cswindows1252"]),
    (
      .ascii, "US-ASCII",
      ["ascii", "us", "iso646-us", "ansi_x3.4-1968", "iso-ir-6", "cp367", "ibm367", "csascii"]
    ),
  ]

  /// The short names Tab completion and help offer, one an encoding.
  package static let choices = [
    "utf-8", "utf-16", "utf-16le", "utf-16be", "latin1", "windows-1252", "us-ascii",
  ]

  /// The encodings, as ``choices`` names them, for a message listing them.
  package static var supported: String {
    table.map(\.name).joined(separator: ", ")
  }

  /// The encoding `name` names, in any case; nil for one not supported.
  package static func encoding(named name: String) -> String.Encoding? {
    let wanted = name.lowercased()
    return table.first { $0.name.lowercased() == wanted || $0.aliases.contains(wanted) }?.encoding
  }

  /// The name `encoding` is shown by (`ISO-8859-1`, `UTF-16LE`).
  package static func name(of encoding: String.Encoding) -> String {
    table.first { $0.encoding == encoding }?.name ?? "\(encoding)"
  }

  /// The short name that ``encoding(named:)`` reads back, for a command
  /// a recording writes (`latin1`, `utf-16le`).
  package static func shortName(of encoding: String.Encoding) -> String {
    guard let index = table.firstIndex(where: { $0.encoding == encoding }) else {
      return name(of: encoding)
    }
    return choices[index]
  }

  /// The encoding the document being read is in, set by the command that
  /// reads it (`open --encoding`, and `revert` of a document opened so);
  /// nil for the type's own choice (UTF-8, or UTF-16 after its byte-order
  /// mark).
  @TaskLocal package static var reading: String.Encoding?
}
