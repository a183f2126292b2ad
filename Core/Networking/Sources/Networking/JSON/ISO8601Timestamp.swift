import Foundation
import Primitives

/// The API's timestamps: ISO 8601 date-times in the RFC 3339 profile, parsed and written without a formatter (the
/// calendar arithmetic is `Primitives.CivilDate` and `UTCDateTime`).
///
/// Accepted: `2026-01-02T10:00:00Z`, with a fraction of any length (`10:00:00.5Z`, `10:00:00.123456Z`; a comma works
/// as the separator too), with an offset instead of `Z` (`+02:00`, `-0530`, `+02`), `t`/`z` in lowercase, and a
/// space instead of `T` (RFC 3339 §5.6 allows it). Rejected: a date-time without a zone (ambiguous local time), a
/// date alone, and fields out of range (month 13, February 30, hour 24). Fractions beyond nanoseconds are read and
/// ignored.
enum ISO8601Timestamp {
    /// The instant `text` names, or nil when it is not an accepted timestamp.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// The instant the UTF-8 `bytes` name, or nil when they are not an accepted timestamp.
    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var cursor = ASCIICursor(bytes)
        guard let year = cursor.digits(4), cursor.consume(UInt8(ascii: "-")),
            let month = cursor.digits(2), cursor.consume(UInt8(ascii: "-")),
            let day = cursor.digits(2),
            cursor.consume(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") || $0 == UInt8(ascii: " ") })
                != nil,
            let hour = cursor.digits(2), cursor.consume(UInt8(ascii: ":")),
            let minute = cursor.digits(2), cursor.consume(UInt8(ascii: ":")),
            let second = cursor.digits(2),
            let date = CivilDate(year: year, month: month, day: day),
            let time = UTCDateTime(date: date, hour: hour, minute: minute, second: second)
        else { return nil }
        let seconds = time.secondsSinceEpoch
        var nanoseconds = 0
        if cursor.consume(UInt8(ascii: ".")) || cursor.consume(UInt8(ascii: ",")) {
            var count = 0
            while let digit = cursor.consume(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                if count < 9 {
                    nanoseconds = nanoseconds * 10 + Int(digit - UInt8(ascii: "0"))
                }
                count += 1
            }
            guard count > 0 else { return nil }
            for _ in min(count, 9)..<9 {
                nanoseconds *= 10
            }
        }
        guard let offset = parseOffset(&cursor), cursor.isAtEnd else { return nil }
        return Date(timeIntervalSince1970: Double(seconds - offset) + Double(nanoseconds) / 1_000_000_000)
    }

    /// Reads `Z`, `z`, `±HH:MM`, `±HHMM` or `±HH` and returns the offset from UTC in seconds, or nil.
    private static func parseOffset(_ cursor: inout ASCIICursor) -> Int? {
        if cursor.consume(UInt8(ascii: "Z")) || cursor.consume(UInt8(ascii: "z")) {
            return 0
        }
        guard let sign = cursor.consume(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }),
            let hours = cursor.digits(2), hours <= 23
        else { return nil }
        var minutes = 0
        if cursor.consume(UInt8(ascii: ":")) {
            guard let value = cursor.digits(2) else { return nil }
            minutes = value
        } else if let value = cursor.digits(2) {
            minutes = value
        }
        guard minutes <= 59 else { return nil }
        let offset = hours * 3600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -offset : offset
    }

    /// `date` in UTC as `2026-01-02T10:00:00Z`, with milliseconds (`.120`) only when the date has a fraction of a
    /// second (rounded to the nearest millisecond); nil for a year outside 0001...9999 (RFC 3339 writes four-digit
    /// years, and the API's dates start at year 1) and for a date that is not finite.
    static func format(_ date: Date) -> String? {
        guard let time = UTCDateTime(roundingToMilliseconds: date), (1...9999).contains(time.date.year) else {
            return nil
        }
        return time.rfc3339(fractionDigits: time.nanosecond > 0 ? 3 : 0)
    }
}
