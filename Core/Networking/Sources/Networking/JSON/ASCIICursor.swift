/// Reads ASCII text byte by byte for the hand-written timestamp parsers (ISO 8601 and HTTP-date), which run for
/// every date of every decoded page and must not allocate.
///
/// Only valid inside the `withUTF8` (or similar) closure that provides `bytes`.
struct ASCIICursor {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether every byte was read.
    var isAtEnd: Bool { index == bytes.count }

    /// The next byte without reading it, or nil at the end.
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Reads `byte` when it is next; returns whether it was.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// Reads the next byte when `matches` accepts it; returns it, or nil when it was not read.
    mutating func consume(where matches: (UInt8) -> Bool) -> UInt8? {
        guard let byte = peek, matches(byte) else { return nil }
        index += 1
        return byte
    }

    /// Reads exactly `count` decimal digits and returns their value, or nil (reading nothing) when fewer follow.
    mutating func digits(_ count: Int) -> Int? {
        guard bytes.count - index >= count else { return nil }
        var value = 0
        for offset in 0..<count {
            let byte = bytes[index + offset]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// Reads a run of ASCII letters and returns it lowercased (possibly empty).
    mutating func letters() -> String {
        var scalars = String.UnicodeScalarView()
        while let byte = consume(where: { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }) {
            scalars.append(Unicode.Scalar(byte | 0x20))
        }
        return String(scalars)
    }
}

/// Conversions between proleptic Gregorian calendar dates in UTC and days since 1970-01-01, with the algorithms of
/// Howard Hinnant's "chrono-Compatible Low-Level Date Algorithms" (exact for every year of `Int`).
enum CivilCalendar {
    /// Days from 1970-01-01 to `year`-`month`-`day` (negative before 1970).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    static func date(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The number of days of `month` (1...12) in `year`, or 0 for a month outside 1...12.
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        default: return 0
        }
    }

    /// Seconds from 1970-01-01T00:00:00Z to the given UTC date and time of day, or nil when a field is out of range
    /// (second 60, a leap second, is accepted and counts as the first second of the next minute).
    static func secondsSinceEpoch(
        year: Int,
        month: Int,
        day: Int,
        hour: Int,
        minute: Int,
        second: Int
    ) -> Int? {
        guard (1...12).contains(month), (1...daysInMonth(year: year, month: month)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }
}
