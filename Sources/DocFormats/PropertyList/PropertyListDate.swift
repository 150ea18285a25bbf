import Foundation

/// Dates as property lists write them: `2026-12-04T10:00:00Z`, in UTC,
/// converted to and from seconds since 2001-01-01T00:00:00Z (the value
/// ``PropertyListValue/date(_:)`` holds), with the proleptic Gregorian
/// calendar, as Apple's parser converts them.
///
/// The XML rendering of a binary property list writes a date's fraction
/// of a second as well (`2026-12-04T10:00:00.25Z`), in as many digits as
/// read back to the same `Double`, so that a binary file's dates survive
/// an edit; ``parse(_:)`` reads such a fraction.
enum PropertyListDate {
  /// Seconds from 1970-01-01 to 2001-01-01.
  static let referenceOffset: Double = 978_307_200

  /// The seconds since 2001 that `text` names, nil if it is not
  /// `YYYY-MM-DDTHH:MM:SSZ` (a year of four digits, optionally signed;
  /// Apple's writer gives exactly this).
  static func parse(_ text: some Collection<UInt8>) -> Double? {
    var bytes = Array(text)
    var fraction = 0.0
    if let dot = bytes.firstIndex(of: UInt8(ascii: ".")) {
      // A fraction of a second, as the XML rendering of a binary file
      // writes it: digits between the dot and the final Z.
      guard bytes.last == UInt8(ascii: "Z"), dot + 1 < bytes.count - 1,
        bytes[(dot + 1)..<(bytes.count - 1)].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        let value = Double(String(decoding: [0x30] + bytes[dot..<(bytes.count - 1)], as: UTF8.self))
      else { return nil }
      fraction = value
      bytes.removeSubrange(dot..<(bytes.count - 1))
    }
    var sign: Int64 = 1
    if bytes.first == UInt8(ascii: "-") {
      sign = -1
      bytes.removeFirst()
    } else if bytes.first == UInt8(ascii: "+") {
      bytes.removeFirst()
    }
    guard bytes.count >= 20 else { return nil }
    let yearDigits = bytes.count - 16
    func number(_ range: Range<Int>) -> Int64? {
      var value: Int64 = 0
      for index in range {
        let byte = bytes[index]
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int64(byte - 0x30)
      }
      return value
    }
    let base = yearDigits
    guard yearDigits >= 4, yearDigits <= 9, let year = number(0..<yearDigits),
      bytes[base] == UInt8(ascii: "-"), let month = number((base + 1)..<(base + 3)),
      bytes[base + 3] == UInt8(ascii: "-"), let day = number((base + 4)..<(base + 6)),
      bytes[base + 6] == UInt8(ascii: "T"), let hour = number((base + 7)..<(base + 9)),
      bytes[base + 9] == UInt8(ascii: ":"), let minute = number((base + 10)..<(base + 12)),
      bytes[base + 12] == UInt8(ascii: ":"), let second = number((base + 13)..<(base + 15)),
      bytes[base + 15] == UInt8(ascii: "Z"),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    let days = daysFromCivil(year: sign * year, month: month, day: day)
    let unix = Double(days) * 86_400 + Double(hour * 3600 + minute * 60 + second)
    return unix - referenceOffset + fraction
  }

  /// `value` (seconds since 2001) as `YYYY-MM-DDTHH:MM:SSZ`, the seconds
  /// rounded down, as Apple's writer writes it; with `exact`, followed by
  /// the fraction of a second that reads back to `value` exactly.
  static func format(_ value: Double) -> String { format(value, exact: false) }

  /// `value` as ``format(_:)`` writes it; with `exact`, followed by the
  /// fraction of a second.
  static func format(_ value: Double, exact: Bool) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return "0001-01-01T00:00:00Z" }
    return format(value, fraction: exact ? value - value.rounded(.down) : 0)
  }

  /// The digits after the dot of `fraction` (in 0..<1), the fewest that
  /// read back to it exactly.
  static func fractionDigits(_ fraction: Double) -> String {
    var count = 1
    while true {
      let text = String(format: "%.\(count)f", fraction)
      if Double(text) == fraction || count >= 1_100 {
        var digits = String(text.drop { $0 != "." }.dropFirst())
        while digits.count > 1, digits.hasSuffix("0") { digits.removeLast() }
        return digits
      }
      count = count < 20 ? count + 1 : count * 2
    }
  }

  private static func format(_ value: Double, fraction: Double) -> String {
    // The whole seconds since 2001, then since 1970: exact, where adding
    // the offset to `value` first could round.
    let unix = Int64(value.rounded(.down)) + Int64(referenceOffset)
    var days = unix / 86_400
    var seconds = unix % 86_400
    if seconds < 0 {
      seconds += 86_400
      days -= 1
    }
    let (year, month, day) = civilFromDays(days)
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    var yearText = String(abs(year))
    while yearText.count < 4 { yearText = "0" + yearText }
    return (year < 0 ? "-" : "") + yearText + "-\(two(month))-\(two(day))T"
      + "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
      + (fraction > 0 ? "." + fractionDigits(fraction) : "") + "Z"
  }

  /// Days since 1970-01-01 (Howard Hinnant's algorithm).
  static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The civil date of a day count since 1970-01-01.
  static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
