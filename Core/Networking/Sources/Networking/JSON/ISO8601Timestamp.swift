import Foundation

/// The API's timestamps: ISO 8601 date-times in the RFC 3339 profile, parsed and written without a formatter.
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
            let seconds = CivilCalendar.secondsSinceEpoch(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
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
    /// second (rounded to the nearest millisecond); nil for a year outside 0001...9999, which RFC 3339 cannot write.
    static func format(_ date: Date) -> String? {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, abs(interval) < 400_000_000_000 else { return nil }
        var wholeSeconds = interval.rounded(.down)
        var milliseconds = Int(((interval - wholeSeconds) * 1000).rounded())
        if milliseconds == 1000 {
            wholeSeconds += 1
            milliseconds = 0
        }
        let total = Int(wholeSeconds)
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = CivilCalendar.date(daysSinceEpoch: days)
        guard (1...9999).contains(year) else { return nil }
        var text = padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
        text += "T" + padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":"
        text += padded(secondOfDay % 60, 2)
        if milliseconds > 0 {
            text += "." + padded(milliseconds, 3)
        }
        return text + "Z"
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
