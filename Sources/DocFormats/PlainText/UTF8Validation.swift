/// Checks UTF-8 and finds the line feeds in one pass, eight bytes at a
/// time while they are ASCII.
///
/// Reading a large text checks its bytes once, before any line is made,
/// without building a `String`. The rules are those of Unicode's
/// well-formed UTF-8 (table 3-7): no overlong forms, no surrogates, nothing
/// past U+10FFFF.
enum UTF8Validation {
  /// Whether `bytes` are well-formed UTF-8.
  ///
  /// - Complexity: O(n), a word at a time through ASCII.
  /// - Parameter report: Called with the bytes checked, every megabyte.
  static func isValid(
    _ bytes: UnsafeRawBufferPointer, report: (Int) -> Void = { _ in }
  ) -> Bool {
    var ignored = IgnoredLineFeeds()
    return scan(bytes, report: report, lineFeeds: &ignored)
  }

  /// What a scan calls with each line feed's offset, in order. A value
  /// passed `inout`, not a closure, so that the state it keeps is not
  /// captured: captured variables cost a dynamic exclusivity check on
  /// each access, which on a file of 1.5 million lines cost more than the
  /// scan.
  protocol LineFeeds {
    mutating func lineFeed(at index: Int)
  }

  private struct IgnoredLineFeeds: LineFeeds {
    func lineFeed(at index: Int) {}
  }

  /// Whether `bytes[start...]` are well-formed UTF-8, telling `lineFeeds`
  /// the offset of each line feed (0x0A) in order, as it goes; it stops
  /// at the first byte that is not valid, having told it of the line
  /// feeds before it.
  ///
  /// A line feed never occurs inside a multi-byte sequence, so finding
  /// them needs no decoding: while a word of eight bytes is ASCII, its
  /// line feeds are the bytes that `word ^ 0x0A0A…` makes zero.
  ///
  /// - Complexity: O(n), a word at a time through ASCII.
  /// - Parameter report: Called with the offset reached, every megabyte.
  @inline(__always)
  static func scan<Feeds: LineFeeds>(
    _ bytes: UnsafeRawBufferPointer, from start: Int = 0, report: (Int) -> Void,
    lineFeeds: inout Feeds
  ) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var index = start
    var nextReport = 1 << 20
    while index < count {
      if index >= nextReport {
        report(index)
        nextReport = index + 1 << 20
      }
      // Eight ASCII bytes at a time, up to the next report. In a word of
      // ASCII bytes `x = word ^ 0x0A…` has no high bit set, so a byte of
      // `x + 0x7F…` has its high bit clear exactly where `x` is 0 (no carry
      // crosses a byte): those bytes are the line feeds.
      let stop = min(count, nextReport)
      while index + 8 <= stop {
        // A tight loop over words with neither, then the line feeds of
        // the word that stopped it, if that word is ASCII.
        var word: UInt64 = 0
        var feeds: UInt64 = 0
        while index + 8 <= stop {
          word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
          feeds = ~((word ^ 0x0A0A_0A0A_0A0A_0A0A) &+ 0x7F7F_7F7F_7F7F_7F7F)
          if (word | feeds) & 0x8080_8080_8080_8080 != 0 { break }
          index &+= 8
        }
        guard index + 8 <= stop, word & 0x8080_8080_8080_8080 == 0 else { break }
        feeds &= 0x8080_8080_8080_8080
        repeat {
          lineFeeds.lineFeed(at: index &+ feeds.trailingZeroBitCount &>> 3)
          feeds &= feeds &- 1
        } while feeds != 0
        index &+= 8
      }
      guard index < stop else { continue }
      let lead = base.load(fromByteOffset: index, as: UInt8.self)
      if lead < 0x80 {
        if lead == 0x0A { lineFeeds.lineFeed(at: index) }
        index += 1
        continue
      }
      func byte(_ offset: Int) -> UInt8? {
        index + offset < count ? base.load(fromByteOffset: index + offset, as: UInt8.self) : nil
      }
      func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
        byte(offset).map(range.contains) ?? false
      }
      switch lead {
      case 0xC2...0xDF:
        guard continuation(1) else { return false }
        index += 2
      case 0xE0...0xEF:
        let second: ClosedRange<UInt8> =
          lead == 0xE0 ? 0xA0...0xBF : lead == 0xED ? 0x80...0x9F : 0x80...0xBF
        guard continuation(1, second), continuation(2) else { return false }
        index += 3
      case 0xF0...0xF4:
        let second: ClosedRange<UInt8> =
          lead == 0xF0 ? 0x90...0xBF : lead == 0xF4 ? 0x80...0x8F : 0x80...0xBF
        guard continuation(1, second), continuation(2), continuation(3) else { return false }
        index += 4
      default:
        return false
      }
    }
    return true
  }
}
