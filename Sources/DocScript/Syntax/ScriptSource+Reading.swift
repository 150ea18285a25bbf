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
  package init?(name: String, contentsOfFile path: String) {
    guard let source = try? Self.reading(name: name, contentsOfFile: path) else { return nil }
    self = source
  }

  /// Why a script file could not be read, in words that follow its name:
  /// `ff: refusing to read a FIFO`.
  package struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, lower case.
    package var reason: String
    package var description: String { reason }
    /// Nothing is at the path.
    package static let noSuchFile = ReadError(reason: "no such file")
    /// The path is a FIFO (a named pipe, or a pipe such as `/dev/stdin`).
    package static let fifo = ReadError(reason: "refusing to read a FIFO")
  }

  /// Reads the script at `path` (following links, as every editor does),
  /// as ``init(name:contentsOfFile:)`` does, saying why it could not.
  ///
  /// Only a regular file is read. A FIFO, a socket or a device is refused
  /// without being read (opening a FIFO is made not to wait for a writer),
  /// as `open` refuses one: reading it could block forever.
  package static func reading(
    name: String, contentsOfFile path: String
  ) throws(ReadError) -> ScriptSource {
    let (descriptor, status) = try openForReading(
      path, flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    defer { close(descriptor) }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw ReadError(reason: "is a folder, not a script")
    case S_IFIFO: throw .fifo
    case S_IFSOCK: throw ReadError(reason: "refusing to read a socket")
    case S_IFCHR, S_IFBLK: throw ReadError(reason: "refusing to read a device")
    default: throw ReadError(reason: "not a regular file")
    }
    // Blocking reads again (a regular file never blocks; this is tidiness).
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    guard let bytes = readAll(descriptor) else {
      throw ReadError(reason: String(cString: strerror(errno)).lowercased())
    }
    return ScriptSource(name: name, bytes: bytes)
  }

  /// Reads standard input to its end, the same way.
  package static func standardInput(name: String = "<stdin>") -> ScriptSource? {
    readAll(STDIN_FILENO).map { ScriptSource(name: name, bytes: $0) }
  }

  /// Everything left to read from `descriptor`. A regular file's size
  /// sizes the buffer; a file that grows meanwhile, or a pipe, grows it.
  static func readAll(_ descriptor: Int32) -> [UInt8]? {
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
