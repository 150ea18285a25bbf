#if LineEditingLibedit
  import CLibedit
#else
  import CReadline
#endif

// The package's traits choose the line editor: LineEditingReadline (GNU
// readline, GPL-3.0; the default) or LineEditingLibedit (libedit, BSD).
// Exactly one is linked: both would put two `readline`s in one program.
#if LineEditingLibedit && LineEditingReadline
  #error(
    "DocShell's traits LineEditingReadline and LineEditingLibedit exclude each other: enable one (a dependency's explicit traits replace its defaults)"
  )
#elseif !LineEditingLibedit && !LineEditingReadline
  #error(
    "DocShell needs a line editor: enable the trait LineEditingReadline (GNU readline, the default) or LineEditingLibedit (libedit)"
  )
#endif

/// The line editor this build of DocShell links, which the prompt reads
/// lines with: GNU readline by default, libedit with the package trait
/// `LineEditingLibedit`. Both are used through the readline interface
/// (the `CReadline` and `CLibedit` shims have the same helpers).
enum LineEditor {
  /// Its name and, for GNU readline, the linked library's version, as
  /// `--version` shows it: "GNU readline 8.2", or "libedit".
  static var current: String {
    let name = String(cString: docrepl_line_editor_name())
    guard let version = docrepl_line_editor_version() else { return name }
    return "\(name) \(String(cString: version))"
  }

}
