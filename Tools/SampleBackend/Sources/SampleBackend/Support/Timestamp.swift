/// ISO 8601 UTC timestamps (`2026-01-01T09:30:00Z`, or `2026-01-01T09:30:00.123Z` with milliseconds) written from
/// milliseconds since 1970 with integer arithmetic, so seeding thousands of dates costs no formatter.
enum Timestamp {
    /// The timestamp of `milliseconds` since 1970-01-01T00:00:00Z; with `fractional`, the milliseconds too.
    static func string(milliseconds: Int64, fractional: Bool = false) -> String {
        let seconds = milliseconds.floorDivided(by: 1000)
        let millis = milliseconds - seconds * 1000
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        var text =
            "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
            + "\(pad(secondOfDay % 3600 / 60, 2)):\(pad(secondOfDay % 60, 2))"
        if fractional {
            text += "." + pad(millis, 3)
        }
        return text + "Z"
    }

    /// The UTC year and month (1...12) of `milliseconds` since 1970.
    static func yearAndMonth(milliseconds: Int64) -> (year: Int, month: Int) {
        let (year, month, _) = civilDate(daysSince1970: milliseconds.floorDivided(by: 86_400_000))
        return (Int(year), Int(month))
    }

    /// Year, month and day of a day count since 1970-01-01 (the proleptic Gregorian calendar).
    private static func civilDate(daysSince1970: Int64) -> (Int64, Int64, Int64) {
        let shifted = daysSince1970 + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension Int64 {
    /// The quotient rounded toward negative infinity.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
