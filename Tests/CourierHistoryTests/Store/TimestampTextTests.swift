import Courier
@testable import CourierHistory
import Foundation
import GRDB
import Testing

/// `TimestampText` writes dates as GRDB and JSONEncoder do, without their ICU-backed formatters
/// (which cost the workbench megabytes at launch): rows written before and after compare alike.
@Suite struct TimestampTextTests {
    /// Dates across centuries, before 1970 and with every kind of fraction of a second.
    private static let dates: [Date] = {
        var random = SplitMix64(seed: 46)
        var dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -0.0005), Date(timeIntervalSince1970: 86_399.9999),
                     Date(timeIntervalSince1970: 951_782_400.5), Date(timeIntervalSince1970: 1_796_200_858.668824)]
        for _ in 0..<400 {
            let seconds = Double(Int64(random.next() % 8_000_000_000)) - 2_000_000_000
            dates.append(Date(timeIntervalSince1970: seconds + Double(random.next() % 1_000_000) / 1_000_000))
        }
        return dates
    }()

    @Test func databaseTextIsGRDBs() {
        for date in Self.dates {
            #expect(TimestampText.database(date) == String.fromDatabaseValue(date.databaseValue), "\(date.timeIntervalSince1970)")
        }
    }

    @Test func iso8601IsJSONEncoders() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        for date in Self.dates where date.timeIntervalSince1970 >= 0 {
            let json = String(decoding: try encoder.encode([date]), as: UTF8.self)
            #expect(json == "[\"\(TimestampText.iso8601(date))\"]")
            let parsed = try #require(TimestampText.date(iso8601: TimestampText.iso8601(date)))
            #expect(parsed.timeIntervalSince1970 == date.timeIntervalSince1970.rounded(.down))
        }
    }

    @Test func iso8601ReadsFractionsAndOffsets() {
        #expect(TimestampText.date(iso8601: "2026-12-02T08:41:07.25Z")?.timeIntervalSince1970 == 1_796_200_867.25)
        #expect(TimestampText.date(iso8601: "2026-12-02T09:41:07+01:00")?.timeIntervalSince1970 == 1_796_200_867)
        #expect(TimestampText.date(iso8601: "2026-12-02T03:41:07-05:00")?.timeIntervalSince1970 == 1_796_200_867)
        for text in ["", "2026-12-02", "2026-12-02T08:41:07", "2026-13-02T08:41:07Z", "2026-12-02T08:41:07.Z",
                     "2026-12-02T08:41:07Zx", "2026-12-02 08:41:07Z", "2026-12-02T08:41:07+0100"] {
            #expect(TimestampText.date(iso8601: text) == nil, "\(text)")
        }
    }

    @Test func localClockIsTheCalendars() {
        for date in Self.dates.prefix(60) {
            let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: date)
            let expected = [parts.hour, parts.minute, parts.second].map { String(format: "%02d", $0 ?? -1) }.joined(separator: ":")
            #expect(TimestampText.localClock(date) == expected, "\(date.timeIntervalSince1970)")
        }
    }

    /// A database written by GRDB's own date text keeps its order and its `since` filter when
    /// rows are added by the hand-written one.
    @Test func rowsOfBothWritersSortTogether() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (date DATETIME NOT NULL)")
            for (index, date) in Self.dates.enumerated() {
                let value: DatabaseValueConvertible = index.isMultiple(of: 2) ? date : TimestampText.database(date)
                try db.execute(sql: "INSERT INTO t (date) VALUES (?)", arguments: [value])
            }
        }
        let read = try queue.read { db in try Date.fetchAll(db, sql: "SELECT date FROM t ORDER BY date") }
        let expected = Self.dates.map { ($0.timeIntervalSince1970 * 1000 + 0.5).rounded(.down) }.sorted()
        #expect(read.map { ($0.timeIntervalSince1970 * 1000).rounded() } == expected)
    }
}
