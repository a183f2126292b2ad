import Foundation
import Primitives

/// Writes instants as RFC 3339 (§5.6) UTC timestamps with milliseconds: `2024-05-01T12:34:56.789Z`.
///
/// The calendar arithmetic is `Primitives.UTCDateTime` (integer arithmetic on the proleptic Gregorian calendar,
/// without a formatter or the time zone database), so it is cheap and gives the same text on every machine.
enum RFC3339Timestamp {
    private static let earliest = "0000-01-01T00:00:00.000Z"
    private static let latest = "9999-12-31T23:59:59.999Z"

    /// The timestamp of `date`, rounded to the nearest millisecond. Years outside 0000...9999, which RFC 3339 cannot
    /// write, are clamped to that range (an infinite date too; a NaN one is written as the earliest).
    static func string(from date: Date) -> String {
        guard let time = UTCDateTime(roundingToMilliseconds: date), let text = time.rfc3339(fractionDigits: 3) else {
            return date.timeIntervalSince1970 > 0 ? latest : earliest
        }
        return text
    }
}
