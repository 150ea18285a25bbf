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
