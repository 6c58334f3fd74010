/// Formats IMF-fixdate HTTP dates (`Wed, 01 Jan 2025 00:00:00 GMT`) without Foundation's
/// locale-dependent formatters.
enum HTTPDate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The HTTP-date for a number of seconds since 1970-01-01T00:00:00Z (must not be negative).
    static func string(secondsSince1970 seconds: Int) -> String {
        let days = seconds / 86_400
        let secondOfDay = seconds % 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        return "\(weekdays[days % 7]), \(twoDigits(day)) \(months[month - 1]) \(year) "
            + "\(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay / 60 % 60)):\(twoDigits(secondOfDay % 60)) GMT"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// Howard Hinnant's `civil_from_days`.
    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
