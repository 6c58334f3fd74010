import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Dates written and read as fixed-format text by integer arithmetic (``CivilCalendar``) and the
/// C library's `localtime_r`, not by Foundation's `DateFormatter`, `Calendar` or JSON date
/// strategies: on Linux those load ICU, which cost the workbench ~6 MB of memory and a few
/// milliseconds of its launch for formats that never depend on a locale.
public enum TimestampText {
    /// `2026-12-02 08:41:07.123`, UTC, to the nearest millisecond: the text GRDB stores a `Date`
    /// as (its `DateFormatter` with `yyyy-MM-dd HH:mm:ss.SSS`, en_US_POSIX, UTC, which rounds),
    /// so that rows written either way sort and compare alike.
    public static func database(_ date: Date) -> String {
        let (day, millisecond) = split(date, unitsPerSecond: 1000, rounding: true)
        let (year, month, dayOfMonth) = CivilCalendar.date(daysSince1970: day.days)
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(dayOfMonth, 2)) " + clock(day.seconds) + "." + digits(millisecond, 3)
    }

    /// `2026-12-02T08:41:07Z`, UTC, whole seconds: what `JSONEncoder`'s `.iso8601` writes.
    public static func iso8601(_ date: Date) -> String {
        let (day, _) = split(date, unitsPerSecond: 1, rounding: false)
        let (year, month, dayOfMonth) = CivilCalendar.date(daysSince1970: day.days)
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(dayOfMonth, 2))T" + clock(day.seconds) + "Z"
    }

    /// The date of `2026-12-02T08:41:07Z` or with a fraction (`…07.25Z`) or an offset
    /// (`…07+01:00`); nil for any other text.
    public static func date(iso8601 text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10]),
              let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]), let second = number(bytes[17..<19]),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            var scale = 0.1
            index += 1
            let start = index
            while index < bytes.count, let digit = number(bytes[index..<index + 1]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                  let hours = number(bytes[index + 1..<index + 3]), let minutes = number(bytes[index + 4..<index + 6])
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return nil
        }
        let seconds = CivilCalendar.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `14:03:27`, in the local time zone (`TZ`, `/etc/localtime`).
    public static func localClock(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return clock(Int(seconds) % 86_400) }
        return clock(Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec))
    }

    /// Whole days since 1970-01-01 and the seconds into the last, and the units of a second
    /// left over (milliseconds for 1000): the units rounded down or to the nearest (half up),
    /// then the rest rounded down, also before 1970.
    private static func split(_ date: Date, unitsPerSecond: Int, rounding: Bool) -> (day: (days: Int, seconds: Int), units: Int) {
        let scaled = date.timeIntervalSince1970 * Double(unitsPerSecond)
        let total = Int((rounding ? scaled + 0.5 : scaled).rounded(.down))
        let wholeSeconds = total >= 0 ? total / unitsPerSecond : -((-total + unitsPerSecond - 1) / unitsPerSecond)
        let units = total - wholeSeconds * unitsPerSecond
        let days = wholeSeconds >= 0 ? wholeSeconds / 86_400 : -((-wholeSeconds + 86_399) / 86_400)
        return ((days, wholeSeconds - days * 86_400), units)
    }

    private static func clock(_ seconds: Int) -> String {
        "\(digits(seconds / 3600, 2)):\(digits(seconds / 60 % 60, 2)):\(digits(seconds % 60, 2))"
    }

    private static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return text.count >= count ? text : String(repeating: "0", count: count - text.count) + text
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return bytes.isEmpty ? nil : value
    }
}
