public import Foundation

extension FileWrapper {
  /// The whole tree as bytes, in DocKit's own format (see
  /// `docs/serialized-representation.md`), or nil if a file's contents
  /// cannot be read or the tree contains itself.
  ///
  /// The encoding is canonical: children in byte order of their keys, no
  /// timestamps, so equal trees give equal bytes.
  public var serializedRepresentation: Data? {
    try? serializedRepresentationOrError()
  }

  /// Decodes a tree made by ``serializedRepresentation``, or returns nil if
  /// `serializedRepresentation` is not one.
  ///
  /// The input is treated as hostile: every length is checked against the
  /// bytes left, names must be valid and in strict byte order, and the tree
  /// must stay within ``Limits/default``.
  public convenience init?(serializedRepresentation: Data) {
    try? self.init(validatingSerializedRepresentation: serializedRepresentation, limits: .default)
  }

  /// Decodes a serialized tree, saying what is wrong with a bad one.
  ///
  /// - Throws: ``FileWrapperError`` with code
  ///   ``FileWrapperError/Code/malformedSerialization`` and, as its path,
  ///   the byte offset and the path inside the tree where decoding stopped;
  ///   or a limit code.
  public convenience init(
    validatingSerializedRepresentation data: Data, limits: Limits = .default
  )
    throws(FileWrapperError)
  {
    self.init(kind: .directory, permissions: 0o777)
    var decoder = SerializedTreeDecoder(bytes: [UInt8](data), limits: limits)
    try decoder.decode(into: self)
  }

  /// ``serializedRepresentation``, with the reason when there is none.
  public func serializedRepresentationOrError() throws(FileWrapperError) -> Data {
    var encoder = SerializedTreeEncoder()
    return try encoder.encode(self)
  }
}
