/// A file a command was asked to read does not exist: the document
/// `open` names, or the script `source` names.
///
/// It reads as its ``ScriptError``; the run counts it in
/// ``Interpreter/Result/missingFiles``, so that `docrepl` can exit with
/// 66 (`EX_NOINPUT`) as it does for a missing script.
struct MissingFileError: Error {
  /// The error as reported.
  var error: ScriptError
}
