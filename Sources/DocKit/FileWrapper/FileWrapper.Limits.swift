extension FileWrapper {
  /// Bounds on the trees DocKit reads from disk or decodes, so that no input
  /// can exhaust the stack, memory or file descriptors.
  ///
  ///     let limits = FileWrapper.Limits(maximumDepth: 16)
  ///     let package = try FileWrapper(url: url, options: [], limits: limits)
  public struct Limits: Sendable, Hashable {
    /// How many directory levels below the root may be read. The root is
    /// level 0, its children level 1.
    public var maximumDepth: Int
    /// How many entries the whole tree may hold, the root included.
    public var maximumEntryCount: Int

    /// Creates limits.
    public init(maximumDepth: Int = 256, maximumEntryCount: Int = 1_000_000) {
      self.maximumDepth = maximumDepth
      self.maximumEntryCount = maximumEntryCount
    }

    /// 256 levels and a million entries: far beyond any real document,
    /// and well inside what a process can walk.
    public static let `default` = Limits()
  }
}
