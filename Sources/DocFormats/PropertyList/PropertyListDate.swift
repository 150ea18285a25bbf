/// Dates as property lists write them: `2026-12-04T10:00:00Z`, in UTC,
/// converted to and from seconds since 2001-01-01T00:00:00Z (the value
/// ``PropertyListValue/date(_:)`` holds), with the proleptic Gregorian
/// calendar, as Apple's parser converts them.
enum PropertyListDate {
  /// Seconds from 1970-01-01 to 2001-01-01.
  static let referenceOffset: Double = 978_307_200

  /// The seconds since 2001 that `text` names, nil if it is not
  /// `YYYY-MM-DDTHH:MM:SSZ` (a year of four digits, optionally signed;
  /// Apple's writer gives exactly this).
  static func parse(_ text: some Collection<UInt8>) -> Double? {
    var bytes = Array(text)
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
    return unix - referenceOffset
  }

  /// `value` (seconds since 2001) as `YYYY-MM-DDTHH:MM:SSZ`, the seconds
  /// rounded down, as Apple's writer writes it.
  static func format(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return "0001-01-01T00:00:00Z" }
    let unix = Int64((value + referenceOffset).rounded(.down))
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
      + "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))Z"
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
