/// The line editor this test build links, as the package's traits chose
/// it (`LineEditingReadline`, the default, or `LineEditingLibedit`), for
/// the prompt tests whose keys or screen differ between the two.
enum LineEditorBuild {
  #if LineEditingLibedit
    /// Whether the build links libedit rather than GNU readline.
    static let isLibedit = true
    /// What the line editor itself writes at Ctrl-D on an empty line:
    /// libedit echoes the end-of-file character, as tcsh does.
    static let endOfInputEcho = "^D"
  #else
    /// Whether the build links libedit rather than GNU readline.
    static let isLibedit = false
    /// What the line editor itself writes at Ctrl-D on an empty line.
    static let endOfInputEcho = ""
  #endif
}
