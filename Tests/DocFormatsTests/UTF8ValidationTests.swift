import DocKit
import DocTestSupport
import Foundation
import Testing

@testable import DocFormats

/// The one-pass UTF-8 check that reading a text makes agrees with the
/// standard library's on every input, across the word-at-a-time ASCII
/// path and the megabyte boundaries where progress is reported.
@Suite("UTF-8 check: agrees with String(validating:)")
struct UTF8ValidationTests {
  /// Bytes that make the interesting cases: ASCII, continuation bytes,
  /// every kind of lead byte, the overlong and surrogate edges, and bytes
  /// that are never valid.
  static let alphabet: [UInt8] = [
    0x41, 0x0A, 0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
    0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
  ]

  @Test("Random short byte strings")
  func randomBytes() {
    var random = SplitMix64(seed: 8)
    for _ in 0..<200_000 {
      let bytes = (0..<random.below(12)).map { _ in Self.alphabet[random.below(Self.alphabet.count)]
      }
      let expected = String(validating: bytes, as: UTF8.self) != nil
      let actual = bytes.withUnsafeBytes { UTF8Validation.isValid($0) }
      #expect(actual == expected, "\(bytes.map { String($0, radix: 16) })")
      if actual != expected { return }
    }
  }

  /// Records the line feeds a scan reports.
  struct RecordedLineFeeds: UTF8Validation.LineFeeds {
    var offsets: [Int] = []
    mutating func lineFeed(at index: Int) { offsets.append(index) }
  }

  @Test("Longer random byte strings: validity, and every line feed found in order")
  func lineFeedsInRandomBytes() {
    var random = SplitMix64(seed: 9)
    // Mostly ASCII with line feeds, so that the word-at-a-time path runs
    // over words with none, one and several line feeds, and stops at
    // multi-byte and invalid bytes at every offset in a word.
    let ascii: [UInt8] = [0x41, 0x0A, 0x0A, 0x0D, 0x20, 0x7E, 0x00, 0x61, 0x0B, 0x09]
    for _ in 0..<20_000 {
      var bytes: [UInt8] = []
      let start = random.below(4)
      for _ in 0..<random.below(120) {
        if random.below(12) == 0 {
          bytes.append(Self.alphabet[random.below(Self.alphabet.count)])
        } else if random.below(20) == 0 {
          bytes += Array(["é", "日", "🎉", "e\u{301}"][random.below(4)].utf8)
        } else {
          bytes.append(ascii[random.below(ascii.count)])
        }
      }
      let expectedValid =
        String(validating: bytes[min(start, bytes.count)...], as: UTF8.self) != nil
      var feeds = RecordedLineFeeds()
      let valid = bytes.withUnsafeBytes {
        UTF8Validation.scan($0, from: min(start, bytes.count), report: { _ in }, lineFeeds: &feeds)
      }
      #expect(valid == expectedValid, "\(bytes.map { String($0, radix: 16) })")
      if valid {
        let expected = bytes.indices.filter { $0 >= start && bytes[$0] == 0x0A }
        #expect(feeds.offsets == expected, "\(bytes.map { String($0, radix: 16) })")
        if feeds.offsets != expected { return }
      } else {
        // Only line feeds before the first invalid byte, in order.
        #expect(feeds.offsets == feeds.offsets.sorted())
        #expect(feeds.offsets.allSatisfy { bytes[$0] == 0x0A })
      }
      if valid != expectedValid { return }
    }
  }

  @Test("A multi-byte character across a megabyte boundary, and a bad byte after it")
  func acrossReportBoundaries() {
    for shift in 0..<6 {
      var bytes = [UInt8](repeating: 0x61, count: (1 << 20) - 3 + shift)
      bytes += Array("日本🎉é".utf8)
      bytes += [UInt8](repeating: 0x62, count: 100)
      var reports: [Int] = []
      #expect(bytes.withUnsafeBytes { UTF8Validation.isValid($0, report: { reports.append($0) }) })
      #expect(!reports.isEmpty)
      bytes[bytes.count - 50] = 0xC0
      #expect(!bytes.withUnsafeBytes { UTF8Validation.isValid($0) })
    }
  }
}
