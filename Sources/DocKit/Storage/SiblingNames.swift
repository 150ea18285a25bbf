/// The names of the items DocKit keeps beside a document while it saves
/// it: the journal of a package saved in place, and the temporary items of
/// atomic writes.
///
/// Each name holds the start of the document's name, for people reading a
/// directory listing, and a hash of the whole name, so that two documents
/// whose names share a long prefix never share a journal or a temporary
/// file:
///
///     .<stem>.<hash>.docrepl-journal
///     .<stem>.<hash>.docrepl-<random>.tmp    (a write in progress)
///     .<stem>.<hash>.docrepl-<random>.old    (the old item, moved aside)
///
/// `<stem>` is the document's name cut to at most ``stemLimit`` bytes, at a
/// character boundary; `<hash>` is the first 8 bytes of the SHA-256 of the
/// whole name, in hexadecimal. The longest name is 244 bytes.
enum SiblingNames {
  /// How many bytes of the document's name a sibling name keeps.
  static let stemLimit = 200

  /// `<stem>.<hash>`: what every sibling name of `name` starts with, after
  /// its dot.
  static func tag(for name: String) -> String {
    var stem = Substring(name)
    while stem.utf8.count > stemLimit { stem.removeLast() }
    let digest = SHA256.hash(Array(name.utf8)).prefix(8)
    let hex = digest.map { byte in
      let text = String(byte, radix: 16)
      return byte < 16 ? "0" + text : text
    }
    return stem + "." + hex.joined()
  }

  /// The journal directory of the package `name`.
  static func journal(for name: String) -> String {
    "." + tag(for: name) + ".docrepl-journal"
  }

  /// What every temporary item of `name` starts with.
  static func temporaryPrefix(for name: String) -> String {
    "." + tag(for: name) + ".docrepl-"
  }

  /// A new temporary name for an atomic write of `name`.
  static func temporary(for name: String) -> String {
    temporaryPrefix(for: name) + random() + ".tmp"
  }

  /// A new name for the old item, moved aside while `name` is replaced on a
  /// file system without `RENAME_EXCHANGE`.
  static func aside(for name: String) -> String {
    temporaryPrefix(for: name) + random() + ".old"
  }

  private static func random() -> String {
    String(UInt64.random(in: .min ... .max), radix: 36)
  }

  // MARK: - Names earlier versions used

  /// The journal name earlier versions gave the package `name`:
  /// `.<name>.docrepl-journal`, the name cut to fit 255 bytes. Cut names
  /// are shared by every name with the same start.
  static func legacyJournal(for name: String) -> (name: String, isCut: Bool) {
    var stem = Substring(name)
    while stem.utf8.count + 18 > 255 { stem.removeLast() }
    return ("." + stem + ".docrepl-journal", stem.utf8.count < name.utf8.count)
  }

  /// The prefix of the temporary names earlier versions gave `name`, or
  /// nil where they cut the name (and so shared it with other names).
  static func legacyTemporaryPrefix(for name: String) -> String? {
    name.utf8.count + 36 > 255 ? nil : "." + name + ".docrepl-"
  }
}
