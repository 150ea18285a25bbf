import DocKit
import DocTestSupport
import Foundation

/// A folio titled "Trip" of `count` pages (`n1`… holding `text 1`…),
/// written to `name` in `temporary`.
func makeFolio(
  _ temporary: TemporaryDirectory, name: String = "Trip.folio", count: Int
) throws -> URL {
  let folio = try Folio(
    title: "Trip", pages: (1...count).map { .init(id: "n\($0)", text: "text \($0)") })
  let url = temporary(name)
  try folio.fileWrapper(configuration: .init(contentType: .folio, existingFile: nil))
    .write(to: url, options: .atomic, originalContentsURL: nil)
  return url
}

extension Folio {
  /// The pages' texts by id.
  var texts: [String: String] {
    Dictionary(uniqueKeysWithValues: pages.map { ($0.id, $0.text) })
  }

  /// The folio at `url`, read without a session.
  static func read(_ url: URL) throws -> Folio {
    try Folio(configuration: .init(contentType: .folio, file: FileWrapper(url: url)))
  }
}
