package import Foundation
import Glibc

/// Whether a file is text, by what its first 8 KB hold, as git and `file`
/// decide: valid UTF-8 without a NUL byte is text; so is UTF-16 after its
/// byte-order mark. `open` asks when the file's name does not say its
/// type, or names a text type that no registered type reads.
package enum TextContent: Equatable, Sendable {
  /// UTF-8 (ASCII included), with or without its byte-order mark.
  case utf8
  /// UTF-16 in the byte order its byte-order mark gives:
  /// `.utf16LittleEndian` or `.utf16BigEndian`.
  case utf16(String.Encoding)
  /// Not text: a NUL byte, or bytes that are not valid UTF-8.
  case notText

  /// How many bytes from the start are looked at.
  package static let sampleSize = 8192

  /// What `sample`, the first bytes of a file, says. When the sample is
  /// not the whole file (`isWholeFile` false), a character cut at its end
  /// is not held against it.
  package init(sample: [UInt8], isWholeFile: Bool) {
    if let order = Self.utf16Order(of: sample) {
      self = Self.isUTF16(sample, order: order, isWholeFile: isWholeFile) ? .utf16(order) : .notText
    } else {
      self = Self.isUTF8(sample, isWholeFile: isWholeFile) ? .utf8 : .notText
    }
  }

  /// What the regular file at `url` holds, by its first ``sampleSize``
  /// bytes; nil for anything else (a folder, a FIFO or a device, which are
  /// not read here), or a file that cannot be read.
  package init?(fileAt url: URL) {
    // Without blocking: a FIFO is refused by `stat`, before it is opened.
    var status = stat()
    guard stat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var sample = [UInt8](repeating: 0, count: Self.sampleSize + 1)
    var count = 0
    while count < sample.count {
      let read = sample.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress else { return -1 }
        return Glibc.read(descriptor, base + count, buffer.count - count)
      }
      if read < 0, errno == EINTR { continue }
      guard read >= 0 else { return nil }
      if read == 0 { break }
      count += read
    }
    let isWholeFile = count <= Self.sampleSize
    self.init(sample: Array(sample[..<min(count, Self.sampleSize)]), isWholeFile: isWholeFile)
  }

  /// The byte order a UTF-16 byte-order mark at the start gives.
  package static func utf16Order(of bytes: [UInt8]) -> String.Encoding? {
    guard bytes.count >= 2 else { return nil }
    switch (bytes[0], bytes[1]) {
    case (0xFF, 0xFE): return .utf16LittleEndian
    case (0xFE, 0xFF): return .utf16BigEndian
    default: return nil
    }
  }

  /// Whether `bytes` are well-formed UTF-8 without a NUL; a sequence cut
  /// off at the end counts when the bytes are not the whole file.
  static func isUTF8(_ bytes: [UInt8], isWholeFile: Bool) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        guard lead != 0 else { return false }
        index += 1
        continue
      }
      let length: Int
      var lower: UInt8 = 0x80
      var upper: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, lower) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, upper) = (3, 0x9F)
      case 0xF0: (length, lower) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, upper) = (4, 0x8F)
      default: return false
      }
      for offset in 1..<length {
        guard index + offset < count else { return !isWholeFile }
        let byte = bytes[index + offset]
        let (low, high) = offset == 1 ? (lower, upper) : (0x80, 0xBF)
        guard byte >= low, byte <= high else { return false }
      }
      index += length
    }
    return true
  }

  /// Whether `bytes`, which start with a byte-order mark, are well-formed
  /// UTF-16 in `order` without a NUL character; a unit or pair cut off at
  /// the end counts when the bytes are not the whole file.
  static func isUTF16(_ bytes: [UInt8], order: String.Encoding, isWholeFile: Bool) -> Bool {
    let little = order == .utf16LittleEndian
    var units: [UInt16] = []
    var index = 2
    while index + 1 < bytes.count {
      let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
      units.append(little ? first | second << 8 : first << 8 | second)
      index += 2
    }
    if index < bytes.count, isWholeFile { return false }
    var position = 0
    while position < units.count {
      let unit = units[position]
      switch unit {
      case 0: return false
      case 0xD800...0xDBFF:
        guard position + 1 < units.count else { return !isWholeFile }
        guard (0xDC00...0xDFFF).contains(units[position + 1]) else { return false }
        position += 2
      case 0xDC00...0xDFFF: return false
      default: position += 1
      }
    }
    return true
  }
}
