import Foundation

/// Writes instants as RFC 3339 (§5.6) UTC timestamps with milliseconds: `2024-05-01T12:34:56.789Z`.
///
/// Computed with integer arithmetic on the proleptic Gregorian calendar, without a formatter or the time zone
/// database, so it is cheap and gives the same text on every machine.
enum RFC3339Timestamp {
    private static let millisecondsPerDay: Int64 = 86_400_000

    /// The timestamp of `date`, rounded to the nearest millisecond. Years outside 0000...9999, which RFC 3339 cannot
    /// write, are clamped to that range.
    static func string(from date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (days, millisecondOfDay) = floorDivision(milliseconds, millisecondsPerDay)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        guard (0...9999).contains(year) else {
            return year < 0 ? "0000-01-01T00:00:00.000Z" : "9999-12-31T23:59:59.999Z"
        }
        let hour = millisecondOfDay / 3_600_000
        let minute = millisecondOfDay / 60_000 % 60
        let second = millisecondOfDay / 1000 % 60
        let millisecond = millisecondOfDay % 1000
        var text = ""
        text.reserveCapacity(24)
        text += padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
        text += "T" + padded(hour, 2) + ":" + padded(minute, 2) + ":" + padded(second, 2)
        text += "." + padded(millisecond, 3) + "Z"
        return text
    }

    /// Quotient and remainder rounded toward negative infinity, so instants before 1970 fall on the right day.
    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor
        let remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// Year, month and day of the day `days` after 1970-01-01 (Howard Hinnant's `civil_from_days` algorithm).
    private static func civilDate(daysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
