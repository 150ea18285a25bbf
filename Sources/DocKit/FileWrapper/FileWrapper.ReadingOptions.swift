extension FileWrapper {
  /// Options for reading a file wrapper from disk.
  public struct ReadingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt

    /// Creates options from their raw bits.
    public init(rawValue: UInt) {
      self.rawValue = rawValue
    }

    /// Read every regular file's contents while reading the tree, instead
    /// of on first access to ``FileWrapper/regularFileContents``.
    ///
    /// The tree's structure (names, kinds and link targets) is always read
    /// up front, so that every unsafe entry is reported by the initializer.
    public static let immediate = ReadingOptions(rawValue: 1 << 0)

    /// Don't memory-map file contents.
    ///
    /// DocKit never maps files: a file truncated by another process while
    /// mapped would kill the reader with `SIGBUS`. The option is accepted
    /// for source compatibility and changes nothing.
    public static let withoutMapping = ReadingOptions(rawValue: 1 << 1)
  }
}
