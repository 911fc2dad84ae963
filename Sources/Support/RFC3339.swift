import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Times as RFC 3339 spells them, `2026-11-22T02:00:00Z`: in the ratings
/// file, and in the votes sent to the ratings server.
///
/// By hand rather than with Foundation's ISO 8601 style, which costs
/// microseconds a call (a file of every emoji holds thousands of times) and
/// quietly reads 31 February as 3 March. Reading also takes what a person
/// editing the file might type: a fraction of a second (dropped unless
/// asked for: the file keeps whole seconds) and an offset such as `+01:00`.
public enum RFC3339 {
  public static func format(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    guard gmtime_r(&seconds, &parts) != nil, (0...9999).contains(Int(parts.tm_year) + 1900) else {
      return date.formatted(.iso8601)
    }
    func digits(_ value: Int32, _ count: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, count - text.count)) + text
    }
    return digits(parts.tm_year + 1900, 4) + "-" + digits(parts.tm_mon + 1, 2) + "-"
      + digits(parts.tm_mday, 2) + "T" + digits(parts.tm_hour, 2) + ":" + digits(parts.tm_min, 2) + ":"
      + digits(parts.tm_sec, 2) + "Z"
  }

  /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)`, or nil; the
  /// fraction kept if `keepingFraction` (to the microsecond).
  public static func parse(_ text: String, keepingFraction: Bool = false) -> Date? {
    let bytes = Array(text.utf8)
    func byte(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
    func number(_ start: Int, _ count: Int) -> Int32? {
      guard start + count <= bytes.count else { return nil }
      var value: Int32 = 0
      for byte in bytes[start..<start + count] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int32(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard byte(4) == UInt8(ascii: "-"), byte(7) == UInt8(ascii: "-"), byte(10) == UInt8(ascii: "T"),
      byte(13) == UInt8(ascii: ":"), byte(16) == UInt8(ascii: ":"),
      let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    var end = 19
    var fraction = 0.0
    if byte(end) == UInt8(ascii: ".") {
      end += 1
      guard number(end, 1) != nil else { return nil }
      var scale = 0.1
      while let digit = number(end, 1) {
        fraction += Double(digit) * scale
        scale /= 10
        end += 1
      }
    }
    var offset: Int32 = 0
    switch byte(end) {
    case UInt8(ascii: "Z"):
      end += 1
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      guard let hours = number(end + 1, 2), byte(end + 3) == UInt8(ascii: ":"),
        let minutes = number(end + 4, 2), hours < 24, minutes < 60
      else { return nil }
      offset = (hours * 60 + minutes) * 60 * (byte(end) == UInt8(ascii: "-") ? -1 : 1)
      end += 6
    default:
      return nil
    }
    guard end == bytes.count else { return nil }
    var parts = tm()
    (parts.tm_year, parts.tm_mon, parts.tm_mday) = (year - 1900, month - 1, day)
    (parts.tm_hour, parts.tm_min, parts.tm_sec) = (hour, minute, second)
    let seconds = timegm(&parts)
    // timegm rolls 31 February over into March: a day that moved was not a day.
    guard parts.tm_mday == day, parts.tm_mon == month - 1 else { return nil }
    let whole = TimeInterval(Int(seconds) - Int(offset))
    return Date(timeIntervalSince1970: keepingFraction ? whole + (fraction * 1e6).rounded() / 1e6 : whole)
  }
}
