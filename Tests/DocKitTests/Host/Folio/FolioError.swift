import Foundation

/// Why a ``Folio`` could not be read, written or edited: a message, and
/// the file of the package it is about, if any.
struct FolioError: Error, Equatable, CustomStringConvertible {
  var message: String
  var file: String?

  init(_ message: String, file: String? = nil) {
    self.message = message
    self.file = file
  }

  var description: String { file.map { "\($0): \(message)" } ?? message }
}
