import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Date: DatabaseValueConvertible {
    /// UTC text with millisecond precision, `"2024-05-01 12:30:00.250"` (the form SQLite's own date functions
    /// read and `datetime()` writes, per sqlite.org/lang_datefunc.html, so values sort and compare as text).
    /// Sub-millisecond parts are dropped, so a date read back equals the stored one to the millisecond.
    public var databaseValue: DatabaseValue {
        .text(DatabaseDateFormat.text(for: self))
    }

    /// Text in the stored form, or ISO 8601 with `T`, optional fractional seconds and `Z` or `+00:00`; or a
    /// number of seconds since 1970-01-01 UTC (an integer or a real).
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Date? {
        switch databaseValue {
        case .text(let text): return DatabaseDateFormat.date(from: text)
        case .integer(let seconds): return Date(timeIntervalSince1970: TimeInterval(seconds))
        case .real(let seconds): return Date(timeIntervalSince1970: seconds)
        default: return nil
        }
    }
}

/// Writes and reads the UTC date text used for `Date` columns, without a formatter object or locale.
enum DatabaseDateFormat {
    /// `yyyy-MM-dd HH:mm:ss.SSS` in UTC.
    static func text(for date: Date) -> String {
        // Whole microseconds first, so a value parsed from "….123" (a binary fraction just below 0.123) stays 123 ms.
        let totalMicroseconds = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
        let totalMilliseconds = totalMicroseconds.floorDivided(by: 1000)
        let seconds = totalMilliseconds.floorDivided(by: 1000)
        let milliseconds = totalMilliseconds - seconds * 1000
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return pad(Int(parts.tm_year) + 1900, 4) + "-" + pad(Int(parts.tm_mon) + 1, 2) + "-"
            + pad(Int(parts.tm_mday), 2) + " " + pad(Int(parts.tm_hour), 2) + ":" + pad(Int(parts.tm_min), 2) + ":"
            + pad(Int(parts.tm_sec), 2) + "." + pad(Int(milliseconds), 3)
    }

    /// Parses `yyyy-MM-dd[( |T)HH:mm[:ss[.fraction]]][Z|+00:00]`; nil for anything else.
    static func date(from text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2)
        else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        var fraction = 0.0
        if scanner.skip(" ") || scanner.skip("T") {
            guard let parsedHour = scanner.number(digits: 2), scanner.skip(":"),
                let parsedMinute = scanner.number(digits: 2)
            else { return nil }
            hour = parsedHour
            minute = parsedMinute
            if scanner.skip(":") {
                guard let parsedSecond = scanner.number(digits: 2) else { return nil }
                second = parsedSecond
                if scanner.skip(".") {
                    guard let parsedFraction = scanner.fraction() else { return nil }
                    fraction = parsedFraction
                }
            }
        }
        _ = scanner.skip("Z") || scanner.skip("+00:00")
        guard scanner.isAtEnd, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        let seconds = timegm(&parts)
        return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// Reads fixed-width decimal fields from UTF-8 bytes.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }

    /// One or more digits after a decimal point, as a fraction of one.
    mutating func fraction() -> Double? {
        var numerator = 0
        var denominator = 1
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            if denominator < 1_000_000_000 {
                numerator = numerator * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                denominator *= 10
            }
            index += 1
        }
        return index > start ? Double(numerator) / Double(denominator) : nil
    }

    mutating func skip(_ literal: String) -> Bool {
        let literalBytes = Array(literal.utf8)
        guard index + literalBytes.count <= bytes.count,
            Array(bytes[index..<index + literalBytes.count]) == literalBytes
        else { return false }
        index += literalBytes.count
        return true
    }
}

extension Int64 {
    /// The quotient rounded toward negative infinity, so dates before 1970 split into seconds and milliseconds
    /// correctly.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
