import DocKit
import Foundation
import Glibc

/// The prompt's history file: where it is, what goes in, and writing it
/// safely.
///
/// The file holds one entry a line, oldest first; a backslash is written
/// `\\` and a line break inside an entry `\n`, so that an entry of
/// several lines (a heredoc, a group) stays one entry. It is written
/// whole to a temporary file of mode 0600 that is then renamed over it,
/// so that a crash leaves the old history or the new, never half of one;
/// entries another session saved meanwhile are kept.
struct History {
  /// How many entries the file and the prompt keep; the oldest go first.
  static let capacity = 1000

  /// The file, or nil when history is off.
  let url: URL?
  /// Every entry, oldest first: the file's, then this session's.
  private(set) var entries: [String]
  /// This session's entries not yet in the file.
  private var unsaved: [String] = []

  /// The history in `url` (none when nil), loaded now.
  init(url: URL?) {
    self.url = url
    entries = url.map(Self.load) ?? []
  }

  /// Where history lives: `--history FILE` (`override`) first, then
  /// `DOCREPL_HISTORY`, then `docrepl/history` in the state folder
  /// (`$XDG_STATE_HOME`, else `$HOME/.local/state`: DocKit's
  /// `DocumentHost.stateHome(environment:)`, which finds the autosave
  /// folder too). An empty `--history` or `DOCREPL_HISTORY` turns history
  /// off, and so does having no home. Another program (`program`) keeps
  /// its own: `NOTES_REPL_HISTORY`, else `notes-repl/history`.
  static func location(
    override: String?, environment: [String: String], in folder: URL,
    program: ProgramName = .current
  ) -> URL? {
    if let path = override ?? environment[program.historyVariable] {
      return path.isEmpty ? nil : URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
    }
    return DocumentHost.stateHome(environment: environment)?
      .appendingPathComponent(program.text).appendingPathComponent("history")
  }

  /// Adds `entry`, unless it starts with a space (kept out on purpose),
  /// is blank, or repeats the last entry. Returns whether it was added.
  mutating func add(_ entry: String) -> Bool {
    guard url != nil, let first = entry.first, first != " ",
      !entry.allSatisfy(\.isWhitespace), entry != entries.last
    else { return false }
    entries.append(entry)
    if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    unsaved.append(entry)
    return true
  }

  /// Writes the entries not yet saved: the file's current entries, then
  /// them, capped. Throws a message naming the file.
  mutating func save() throws(Failure) {
    guard let url, !unsaved.isEmpty else { return }
    var merged = Self.load(from: url)
    for entry in unsaved where entry != merged.last { merged.append(entry) }
    if merged.count > Self.capacity { merged.removeFirst(merged.count - Self.capacity) }
    let text = merged.map { Self.encode($0) + "\n" }.joined()
    try Self.writeAtomically(Array(text.utf8), to: url)
    unsaved.removeAll()
  }

  /// Why history could not be saved.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  // MARK: - The file

  static func load(from url: URL) -> [String] {
    guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    return Array(lines.suffix(capacity).map { decode(String($0)) })
  }

  static func encode(_ entry: String) -> String {
    entry.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
  }

  static func decode(_ line: String) -> String {
    var result = ""
    var escaped = false
    for character in line {
      if escaped {
        result.append(character == "n" ? "\n" : character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// Writes `bytes` over `url` with DocKit's atomic write (a synced
  /// temporary file renamed over it, then the folder synced), so that a
  /// power loss leaves the old history or the new. A new file gets mode
  /// 0600, a missing folder mode 0700.
  static func writeAtomically(_ bytes: [UInt8], to url: URL) throws(Failure) {
    do {
      try AtomicFile.write(
        bytes, to: url, as: .history, newFilePermissions: 0o600, makingFoldersWith: 0o700)
    } catch {
      let folder = url.deletingLastPathComponent()
      let made = FileManager.default.fileExists(atPath: folder.path)
      let reason = error.errno.map { String(cString: strerror($0)) } ?? error.message
      throw Failure(
        description: made
          ? "cannot write the history file '\(url.path)': \(reason)"
          : "cannot make the folder '\(folder.path)': \(reason)")
    }
  }
}
