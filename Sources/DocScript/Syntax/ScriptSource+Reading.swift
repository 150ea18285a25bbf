import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension ScriptSource {
  /// Reads the script at `path` into memory, its bytes held once: no
  /// `Data` beside the array, no buffer grown by doubling when the file's
  /// size is known. Nil when the file cannot be opened or read.
  ///
  /// - Parameters:
  ///   - name: What its diagnostics call it (the path as the user wrote it).
  ///   - path: The file's path.
  public init?(name: String, contentsOfFile path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    guard let bytes = Self.readAll(descriptor) else { return nil }
    self.init(name: name, bytes: bytes)
  }

  /// Reads standard input to its end, the same way.
  public static func standardInput(name: String = "<stdin>") -> ScriptSource? {
    readAll(STDIN_FILENO).map { ScriptSource(name: name, bytes: $0) }
  }

  /// Everything left to read from `descriptor`. A regular file's size
  /// sizes the buffer; a file that grows meanwhile, or a pipe, grows it.
  private static func readAll(_ descriptor: Int32) -> [UInt8]? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    let isRegular = (status.st_mode & S_IFMT) == S_IFREG
    // One byte more than the size, so that reaching the end needs no
    // second buffer.
    var capacity = isRegular ? max(Int(status.st_size) + 1, 1) : 1 << 16
    var bytes: [UInt8] = []
    while true {
      var failed = false
      let before = bytes.count
      let room = capacity - before
      bytes.reserveCapacity(capacity)
      bytes.append(contentsOf: repeatElement(0, count: room))
      let got = bytes.withUnsafeMutableBufferPointer { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < room {
          let n = read(descriptor, base + before + filled, room - filled)
          if n < 0 {
            if errno == EINTR { continue }
            failed = true
            break
          }
          if n == 0 { break }
          filled += n
        }
        return filled
      }
      bytes.removeLast(room - got)
      guard !failed else { return nil }
      if got < room { return bytes }
      capacity *= 2
    }
  }
}
