extension FileWrapper {
  /// Options for writing a file wrapper to disk.
  public struct WritingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt

    /// Creates options from their raw bits.
    public init(rawValue: UInt) {
      self.rawValue = rawValue
    }

    /// Write into a temporary sibling, `fsync` everything written, then
    /// rename (or, over an existing directory, exchange) it into place and
    /// `fsync` the parent directory. The destination is never half written,
    /// and an existing destination is replaced.
    public static let atomic = WritingOptions(rawValue: 1 << 0)

    /// After a successful write, set each written wrapper's
    /// ``FileWrapper/filename`` to the name it was written under, so that
    /// the next write with `originalContentsURL` can hard-link it.
    public static let withNameUpdating = WritingOptions(rawValue: 1 << 1)
  }
}
