import Foundation

/// An instant written as a UTC calendar date and time of day, with the pieces RFC 3339 timestamps are made of
/// (§5.6: `full-date "T" partial-time "Z"`), computed with integer arithmetic only (see `CivilDate`).
///
/// Times are POSIX time: every day has 86,400 seconds. A leap second (`second == 60`, which RFC 3339 allows) can be
/// built from fields and counts as the first second of the next minute; an instant never splits into one.
public struct UTCDateTime: Sendable, Hashable, Comparable {
    /// The UTC calendar day.
    public let date: CivilDate
    /// The hour, 0...23.
    public let hour: Int
    /// The minute, 0...59.
    public let minute: Int
    /// The second, 0...59, or 60 for a leap second built from fields.
    public let second: Int
    /// The fraction of the second in nanoseconds, 0..<1,000,000,000.
    public let nanosecond: Int

    /// The date and time from its fields, or nil when one is out of range: hour 0...23, minute 0...59, second
    /// 0...60 (60 is a leap second, RFC 3339 §5.7), nanosecond 0..<1,000,000,000.
    public init?(date: CivilDate, hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            (0..<1_000_000_000).contains(nanosecond)
        else { return nil }
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    /// The instant `seconds` plus `nanoseconds` after 1970-01-01T00:00:00Z (before it when negative); nanoseconds
    /// beyond one second carry into the seconds. Instants before 1970 fall on the right day
    /// (`secondsSinceEpoch: -1` is 1969-12-31T23:59:59Z).
    public init(secondsSinceEpoch seconds: Int, nanoseconds: Int = 0) {
        let wholeSeconds = seconds + nanoseconds.flooredQuotient(dividingBy: 1_000_000_000)
        let days = wholeSeconds.flooredQuotient(dividingBy: 86_400)
        let secondOfDay = wholeSeconds.flooredRemainder(dividingBy: 86_400)
        date = CivilDate(daysSinceEpoch: days)
        hour = secondOfDay / 3600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
        nanosecond = nanoseconds.flooredRemainder(dividingBy: 1_000_000_000)
    }

    /// The instant `milliseconds` after 1970-01-01T00:00:00Z (before it when negative).
    public init(millisecondsSinceEpoch milliseconds: Int64) {
        let value = Int(milliseconds)
        self.init(
            secondsSinceEpoch: value.flooredQuotient(dividingBy: 1000),
            nanoseconds: value.flooredRemainder(dividingBy: 1000) * 1_000_000)
    }

    /// `date` rounded to the nearest millisecond, or nil when it is not finite or too far from 1970 for `Int64`
    /// milliseconds (about ±292 million years).
    public init?(roundingToMilliseconds date: Date) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite, let whole = Int64(exactly: milliseconds) else { return nil }
        self.init(millisecondsSinceEpoch: whole)
    }

    /// Seconds from 1970-01-01T00:00:00Z to the whole second of this instant (a leap second counts as the first
    /// second of the next minute); the fraction is `nanosecond`.
    public var secondsSinceEpoch: Int {
        date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// The fraction of the second in whole milliseconds (truncated), 0...999.
    public var millisecond: Int { nanosecond / 1_000_000 }

    /// The RFC 3339 (§5.6) UTC timestamp: `2026-01-02T10:00:00Z`, or with `fractionDigits` digits of the second's
    /// fraction (truncated, not rounded; at most 9): `2026-01-02T10:00:00.250Z` for 3. Nil for a year outside
    /// 0000...9999, which the four-digit `date-fullyear` cannot write.
    public func rfc3339(fractionDigits: Int = 0) -> String? {
        guard (0...9999).contains(date.year) else { return nil }
        var text = date.description + "T" + CivilDate.zeroPadded(hour, width: 2) + ":"
        text += CivilDate.zeroPadded(minute, width: 2) + ":" + CivilDate.zeroPadded(second, width: 2)
        let digits = min(max(fractionDigits, 0), 9)
        if digits > 0 {
            var divisor = 1
            for _ in digits..<9 {
                divisor *= 10
            }
            text += "." + CivilDate.zeroPadded(nanosecond / divisor, width: digits)
        }
        return text + "Z"
    }

    /// Orders instants by time (a leap second sorts after second 59 of its minute).
    public static func < (lhs: UTCDateTime, rhs: UTCDateTime) -> Bool {
        (lhs.date, lhs.hour, lhs.minute, lhs.second, lhs.nanosecond)
            < (rhs.date, rhs.hour, rhs.minute, rhs.second, rhs.nanosecond)
    }
}
