import Courier
import Foundation
import Testing

/// The engine's civil calendar, which the cache's RFC 3339 dates, the demo server's HTTP dates
/// and protobuf's Timestamp all use: known days both ways (proleptic: year 1 too), and
/// Foundation's Gregorian calendar agreeing on every thousandth day from 1583 to 2769 (before
/// 1582-10-15 Foundation's is Julian).
struct CivilCalendarTests {
    @Test func knownDaysBothWays() {
        let known: [(Int, Int, Int, Int)] = [(1970, 1, 1, 0), (1969, 12, 31, -1), (2000, 2, 29, 11_016), (2000, 3, 1, 11_017),
                                             (1, 1, 1, -719_162), (9999, 12, 31, 2_932_896), (1600, 2, 29, -135_081)]
        for (year, month, day, days) in known {
            #expect(CivilCalendar.days(year: year, month: month, day: day) == days, "\(year)-\(month)-\(day)")
            #expect(CivilCalendar.date(daysSince1970: days) == (year, month, day), "\(days)")
        }
    }

    @Test func foundationAgrees() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for days in stride(from: -141_000, through: 292_000, by: 997) {
            let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            let (year, month, day) = CivilCalendar.date(daysSince1970: days)
            #expect(year == parts.year && month == parts.month && day == parts.day, "\(days)")
            expectEqual(CivilCalendar.days(year: year, month: month, day: day), days)
        }
    }
}
