/// The names of the items DocKit keeps beside a document while it saves
/// it: the journal of a package saved in place, and the temporary items of
/// atomic writes.
///
/// Each name holds the start of the document's name, for people reading a
/// directory listing, and a hash of the whole name, so that two documents
/// whose names share a long prefix never share a journal or a temporary
/// file:
///
///     .<stem>.<hash>.<host>-journal
///     .<stem>.<hash>.<host>-<random>.tmp    (a write in progress)
///     .<stem>.<hash>.<host>-<random>.old    (the old item, moved aside)
///
/// `<host>` is the identifier of the program hosting the document
/// (``DocumentHost/current``, `docrepl` by default). `<stem>` is the
/// document's name cut at a character boundary to at most
/// ``stemLimit(host:)`` bytes; `<hash>` is the first 8 bytes of the
/// SHA-256 of the whole name, in hexadecimal. The longest name is 244
/// bytes, whatever the host.
enum SiblingNames {
  /// How many bytes of the document's name a sibling name keeps: 200 for
  /// `docrepl`, fewer for a longer host identifier.
  static func stemLimit(host: String) -> Int {
    207 - host.utf8.count
  }

  /// `<stem>.<hash>`: what every sibling name of `name` starts with, after
  /// its dot.
  static func tag(for name: String, host: String) -> String {
    // A save names its journal and its temporary file from the same
    // name, and the next save the same again: the last tag is kept. Keys
    // compare as bytes: names that are the same only as Unicode text
    // have other hashes.
    let key = name + "/" + host
    if let known = lastTag.withLock({ last in
      last.flatMap { $0.key.utf8.elementsEqual(key.utf8) ? $0.tag : nil }
    }) {
      return known
    }
    let tag = computedTag(for: name, host: host)
    lastTag.withLock { $0 = (key, tag) }
    return tag
  }

  /// The last tag made, with its name and host (`name/host`: a name
  /// holds no slash).
  private static let lastTag = Locked<(key: String, tag: String)?>(nil)

  private static func computedTag(for name: String, host: String) -> String {
    var stem = Substring(name)
    while stem.utf8.count > stemLimit(host: host) { stem.removeLast() }
    let digest = SHA256.hash(Array(name.utf8)).prefix(8)
    let hex = digest.map { byte in
      let text = String(byte, radix: 16)
      return byte < 16 ? "0" + text : text
    }
    return stem + "." + hex.joined()
  }

  /// The journal directory of the package `name`.
  static func journal(for name: String, host: String = DocumentHost.current.identifier) -> String {
    "." + tag(for: name, host: host) + "." + host + "-journal"
  }

  /// What every temporary item of `name` starts with.
  static func temporaryPrefix(
    for name: String, host: String = DocumentHost.current.identifier
  ) -> String {
    "." + tag(for: name, host: host) + "." + host + "-"
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

  /// The hosts whose journals and temporary items recovery looks for: this
  /// one's, and the default's, which a program that sets its own
  /// identifier may have written before it did.
  static var recoveredHosts: [String] {
    let host = DocumentHost.current.identifier
    let byDefault = DocumentHost.default.identifier
    return host == byDefault ? [host] : [host, byDefault]
  }

  private static func random() -> String {
    String(UInt64.random(in: .min ... .max), radix: 36)
  }
}
