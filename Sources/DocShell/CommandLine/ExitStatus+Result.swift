import DocScript

extension ExitStatus {
  /// What input that came to `result` exits with, decided here only: 65
  /// if it was malformed (nothing in it ran), 130 if an interruption
  /// stopped it, else as ``failure(of:)`` says if anything failed, else 0.
  init(_ result: Interpreter.Result) {
    if result.isMalformed {
      self = .dataError
    } else if result.stopReason == .interruption {
      self = .interrupted
    } else if !result.succeeded {
      self = .failure(of: result)
    } else {
      self = .success
    }
  }

  /// What input in which something failed exits with: 66 if a file to
  /// read (a document to open, a script to source) was missing, else 1.
  static func failure(of result: Interpreter.Result) -> ExitStatus {
    result.missingFiles > 0 ? .noInput : .failure
  }
}
