/// Checks UTF-8 in one pass, eight bytes at a time while they are ASCII.
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
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var index = 0
    var nextReport = 1 << 20
    while index < count {
      if index >= nextReport {
        report(index)
        nextReport = index + 1 << 20
      }
      // Eight ASCII bytes at a time, up to the next report.
      let stop = min(count, nextReport)
      while index + 8 <= stop,
        base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index += 8
      }
      guard index < stop else { continue }
      let lead = base.load(fromByteOffset: index, as: UInt8.self)
      if lead < 0x80 {
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
