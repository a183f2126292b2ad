import Foundation
import Primitives

/// HTTP-date parsing (RFC 9110 §5.6.7), as used by `Retry-After` and `Date`. All three forms a recipient must
/// accept are read:
///
/// - IMF-fixdate, the one servers send: `Sun, 06 Nov 1994 08:49:37 GMT`;
/// - the obsolete RFC 850 form: `Sunday, 06-Nov-94 08:49:37 GMT`, whose two-digit year is the most recent matching
///   year that is not more than 50 years after the reference date;
/// - the obsolete asctime form: `Sun Nov  6 08:49:37 1994`.
///
/// Names are matched without regard to case; the weekday is checked to be a weekday name, not against the date.
enum HTTPDate {
    /// The instant `text` names, or nil when it is not an HTTP-date; `reference` resolves RFC 850 two-digit years.
    static func parse(_ text: String, reference: Date) -> Date? {
        var text = text
        return text.withUTF8 { bytes in
            var cursor = ASCIICursor(bytes)
            return parse(&cursor, reference: reference)
        }
    }

    private static func parse(_ cursor: inout ASCIICursor, reference: Date) -> Date? {
        let weekday = cursor.letters()
        if cursor.consume(UInt8(ascii: ",")) {
            guard cursor.consume(UInt8(ascii: " ")), let day = cursor.digits(2) else { return nil }
            if cursor.consume(UInt8(ascii: " ")) {
                guard shortWeekdays.contains(weekday), let month = month(&cursor), cursor.consume(UInt8(ascii: " ")),
                    let year = cursor.digits(4), cursor.consume(UInt8(ascii: " "))
                else { return nil }
                return finish(&cursor, year: year, month: month, day: day)
            }
            guard longWeekdays.contains(weekday), cursor.consume(UInt8(ascii: "-")), let month = month(&cursor),
                cursor.consume(UInt8(ascii: "-")), let shortYear = cursor.digits(2), cursor.consume(UInt8(ascii: " "))
            else { return nil }
            let year = fullYear(shortYear, reference: reference)
            return finish(&cursor, year: year, month: month, day: day)
        }
        guard shortWeekdays.contains(weekday), cursor.consume(UInt8(ascii: " ")), let month = month(&cursor),
            cursor.consume(UInt8(ascii: " "))
        else { return nil }
        let day: Int
        if cursor.consume(UInt8(ascii: " ")) {
            guard let digit = cursor.digits(1) else { return nil }
            day = digit
        } else {
            guard let digits = cursor.digits(2) else { return nil }
            day = digits
        }
        guard cursor.consume(UInt8(ascii: " ")), let (hour, minute, second) = timeOfDay(&cursor),
            cursor.consume(UInt8(ascii: " ")), let year = cursor.digits(4), cursor.isAtEnd
        else { return nil }
        return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// Reads `HH:MM:SS GMT` to the end and builds the date.
    private static func finish(
        _ cursor: inout ASCIICursor,
        year: Int,
        month: Int,
        day: Int
    ) -> Date? {
        guard let (hour, minute, second) = timeOfDay(&cursor), cursor.consume(UInt8(ascii: " ")),
            cursor.letters() == "gmt", cursor.isAtEnd
        else { return nil }
        return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    private static func timeOfDay(_ cursor: inout ASCIICursor) -> (Int, Int, Int)? {
        guard let hour = cursor.digits(2), cursor.consume(UInt8(ascii: ":")), let minute = cursor.digits(2),
            cursor.consume(UInt8(ascii: ":")), let second = cursor.digits(2)
        else { return nil }
        return (hour, minute, second)
    }

    private static func month(_ cursor: inout ASCIICursor) -> Int? {
        months.firstIndex(of: cursor.letters()).map { $0 + 1 }
    }

    private static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Date? {
        guard let civilDate = CivilDate(year: year, month: month, day: day),
            let time = UTCDateTime(date: civilDate, hour: hour, minute: minute, second: second)
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(time.secondsSinceEpoch))
    }

    /// RFC 9110 §5.6.7: a two-digit year that would be more than 50 years in the future is in the past century.
    private static func fullYear(_ shortYear: Int, reference: Date) -> Int {
        let days = Int((reference.timeIntervalSince1970 / 86_400).rounded(.down))
        let referenceYear = CivilDate(daysSinceEpoch: days).year
        var year = referenceYear - referenceYear % 100 + shortYear
        if year > referenceYear + 50 {
            year -= 100
        }
        return year
    }

    private static let months = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]
    private static let shortWeekdays: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let longWeekdays: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ]
}

/// Reading the `Retry-After` header (RFC 9110 §10.2.3): either `delay-seconds` (a non-negative whole number of
/// seconds) or an HTTP-date.
enum RetryAfter {
    /// The wait `header` asks for, or nil when it is absent or neither form (an unparseable value is ignored, as if
    /// it were not sent).
    ///
    /// An HTTP-date is measured from the response's `Date` header when it has one (the server's clock on both sides,
    /// so the client's clock skew does not matter), else from `now`; a date in the past means no wait (`.zero`).
    static func delay(header: String?, responseDate: String?, now: Date) -> Duration? {
        guard let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty else { return nil }
        if header.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // A value too large for Int64 is still a wait far beyond any policy.
            return .seconds(Int64(header) ?? Int64.max / 4)
        }
        guard let date = HTTPDate.parse(header, reference: now) else { return nil }
        let reference = responseDate.flatMap { HTTPDate.parse($0, reference: now) } ?? now
        let interval = date.timeIntervalSince(reference)
        guard interval > 0 else { return .zero }
        return .milliseconds(Int64(min(interval, 1e12) * 1000))
    }
}
