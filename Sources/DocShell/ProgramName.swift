import Foundation

/// The name the program calls itself by: `docrepl`, or the name of a
/// program built with ``Docrepl/main(documentTypes:name:arguments:)``
/// (`notes-repl`), taken from its executable or given.
///
/// Help, the man page, the completion scripts, message prefixes
/// (`notes-repl run: error: …`), readline's application name (the `$if`
/// section of `~/.inputrc`), the prompt, and the state folder that holds
/// the history and the autosaves all use it, so that another program's
/// history and autosaves never mix with `docrepl`'s. The program runs with
/// its name as ``current``, a task-local value, as DocKit's
/// `DocumentHost` does.
struct ProgramName: Sendable, Hashable, CustomStringConvertible {
  /// The name as typed at the shell: `notes-repl`.
  let text: String

  /// `docrepl` itself.
  static let docrepl = ProgramName(validated: "docrepl")

  /// The name of the program running now: ``docrepl`` unless
  /// ``Docrepl`` runs under another.
  @TaskLocal static var current: ProgramName = .docrepl

  private init(validated text: String) { self.text = text }

  /// `text`, if it can name a program: 1 to 64 ASCII letters, digits, `.`,
  /// `-`, `_` and `+`, not starting with `.` or `-`. Anything else (a
  /// space, a quote, a slash) would break the completion scripts and the
  /// man page, which name the program unquoted.
  init?(_ text: String) {
    let allowed = text.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (CharacterSet.alphanumerics.contains(scalar) || ".-_+".unicodeScalars.contains(scalar))
    }
    guard allowed, (1...64).contains(text.utf8.count), !text.hasPrefix("."), !text.hasPrefix("-")
    else { return nil }
    self.text = text
  }

  /// The name an executable at `path` (`argv[0]`) is run by: its last
  /// component, as a shell or a symbolic link named it (`notes-repl` for
  /// `/usr/local/bin/notes-repl`, even when that is a link to `docrepl`);
  /// ``docrepl`` when that is no usable name.
  init(executablePath path: String) {
    let base = path.split(separator: "/").last.map(String.init) ?? ""
    self = ProgramName(base) ?? .docrepl
  }

  var description: String { text }

  /// `name` a shell function or variable may hold: every character but a
  /// letter, a digit or `_` becomes `_` (`notes_repl`).
  var identifier: String {
    String(
      text.unicodeScalars.map { scalar in
        scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_")
          ? Character(scalar) : "_"
      })
  }

  /// The variable that names the history file: `DOCREPL_HISTORY`,
  /// `NOTES_REPL_HISTORY`.
  var historyVariable: String { identifier.uppercased() + "_HISTORY" }

  /// `text` with `docrepl`, where it names the program, replaced by this
  /// name, and `DOCREPL_HISTORY` by ``historyVariable``: for the tables
  /// of ``CommandLineReference``, written for `docrepl`. A word that only
  /// contains the name is left alone (`org.docrepl`, `docrepl-test`,
  /// `Docrepl.main`), and so is `docs/docrepl.1`, a file of docrepl's
  /// sources.
  func naming(_ text: String) -> String {
    guard self != .docrepl, text.contains("docrepl") || text.contains("DOCREPL_HISTORY") else {
      return text
    }
    let source = Array(text.unicodeScalars)
    let word = Array("docrepl".unicodeScalars)
    let kept = Array("docs/docrepl.1".unicodeScalars)
    func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
      scalar.isASCII
        && (CharacterSet.alphanumerics.contains(scalar) || "-_".unicodeScalars.contains(scalar))
    }
    func matches(_ pattern: [Unicode.Scalar], at index: Int) -> Bool {
      index + pattern.count <= source.count
        && Array(source[index..<index + pattern.count]) == pattern
    }
    var result = String.UnicodeScalarView()
    var index = 0
    while index < source.count {
      if matches(kept, at: index) {
        result.append(contentsOf: kept)
        index += kept.count
        continue
      }
      if matches(word, at: index) {
        let before = index > 0 ? source[index - 1] : " "
        let after = index + word.count < source.count ? source[index + word.count] : " "
        let standsAlone =
          !(before.isASCII && CharacterSet.alphanumerics.contains(before))
          && !".-".unicodeScalars.contains(before) && !isNameCharacter(after)
        if standsAlone {
          result.append(contentsOf: self.text.unicodeScalars)
          index += word.count
          continue
        }
      }
      result.append(source[index])
      index += 1
    }
    return String(result).replacingOccurrences(of: "DOCREPL_HISTORY", with: historyVariable)
  }
}
