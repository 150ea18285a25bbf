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
    /// The largest regular file, in bytes, whose contents may be read into
    /// memory (or decoded from a serialized representation).
    ///
    /// The size `fstat` reports is checked before anything is read, and a
    /// file that grows while it is read is cut off one byte past that size
    /// (and reported as changed), so no read holds more than this plus one
    /// byte. Reading a tree lazily reads no contents, so it may list a
    /// larger file; ``FileWrapper/loadRegularFileContents()`` then throws
    /// ``FileWrapperError/Code/fileTooLarge`` for it.
    public var maximumFileSize: Int

    /// Creates limits.
    public init(
      maximumDepth: Int = 256, maximumEntryCount: Int = 1_000_000,
      maximumFileSize: Int = 1 << 30
    ) {
      self.maximumDepth = maximumDepth
      self.maximumEntryCount = maximumEntryCount
      self.maximumFileSize = maximumFileSize
    }

    /// 256 levels, a million entries and 1 GiB per file: far beyond any
    /// real document, and well inside what a process can walk and hold.
    ///
    /// A file's contents live in memory as one `Data` (DocKit never maps
    /// files), and an open document often holds a second copy in its own
    /// model; 1 GiB keeps the two within an ordinary machine's memory,
    /// where a 64 GiB sparse file (which costs no disk) would otherwise
    /// end the process. Raise it for documents that hold larger media.
    public static let `default` = Limits()
  }
}
