/// A day of the proleptic Gregorian calendar (the Gregorian rules applied to every year, before 1582 too), counted
/// from the Unix epoch 1970-01-01 in UTC.
///
/// Years are astronomical: year 0 is 1 BC and -1 is 2 BC, as in ISO 8601. Conversions in both directions use
/// integer arithmetic only, re-derived from Howard Hinnant's public-domain `days_from_civil` and `civil_from_days`
/// algorithms ("chrono-Compatible Low-Level Date Algorithms"): the calendar is counted in 400-year eras of 146,097
/// days whose years start on 1 March, so the leap day falls at the end of a year and every month length but
/// February's follows one formula. No time zone database, locale or formatter is involved, so the result is the same
/// on every machine.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The years this type holds: ±1,000,000,000,000 (far beyond any `Date`, whose `Double` seconds lose whole-second
    /// precision long before), chosen so that every conversion is exact and no intermediate value overflows `Int`.
    public static let supportedYears: ClosedRange<Int> = -1_000_000_000_000...1_000_000_000_000

    /// The day counts since 1970-01-01 this type holds: those of the first and last day of `supportedYears`.
    public static let supportedDaysSinceEpoch: ClosedRange<Int> =
        daysFromCivil(
            year: supportedYears.lowerBound, month: 1, day: 1)...daysFromCivil(
            year: supportedYears.upperBound, month: 12, day: 31)

    /// The astronomical year (0 is 1 BC).
    public let year: Int
    /// The month, 1 (January) through 12.
    public let month: Int
    /// The day of the month, 1 through 28, 29, 30 or 31.
    public let day: Int

    /// The date `year`-`month`-`day`, or nil when the month is outside 1...12, the day outside that month's days
    /// (February 29 exists only in leap years), or the year outside `supportedYears`.
    public init?(year: Int, month: Int, day: Int) {
        guard Self.supportedYears.contains(year), (1...12).contains(month),
            (1...Self.numberOfDays(inMonth: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `daysSinceEpoch` days after 1970-01-01 (before it when negative). A count outside
    /// `supportedDaysSinceEpoch` is clamped to its nearest end, the first or last day this type holds.
    public init(daysSinceEpoch: Int) {
        let days = min(
            max(daysSinceEpoch, Self.supportedDaysSinceEpoch.lowerBound), Self.supportedDaysSinceEpoch.upperBound)
        // Shift the origin to 0000-03-01, the start of an era (civil 1970-01-01 is day 719,468 of that count).
        let shifted = days + 719_468
        let era = shifted.flooredQuotient(dividingBy: 146_097)
        let dayOfEra = shifted - era * 146_097  // 0...146_096
        // 1,460 = days of 4 years less one, 36,524 = of 100 years, 146,096 = of 400 years less one: subtracting the
        // leap days before `dayOfEra` gives a count of 365-day years.
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365  // 0...399
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // 0...365, from 1 March
        let monthFromMarch = (5 * dayOfYear + 2) / 153  // 0 (March)...11 (February)
        day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to this date: 0 for the epoch, negative before it.
    public var daysSinceEpoch: Int {
        Self.daysFromCivil(year: year, month: month, day: day)
    }

    /// The day of the week, 1 (Monday) through 7 (Sunday), as ISO 8601 numbers them.
    public var isoWeekday: Int {
        // 1970-01-01 was a Thursday (4).
        (daysSinceEpoch + 3).flooredRemainder(dividingBy: 7) + 1
    }

    /// `yyyy-MM-dd` as RFC 3339 §5.6 `full-date` writes it, for years 0000...9999; other years are written with as
    /// many digits as they need and a leading `-` when negative (ISO 8601's expanded form without the `+`).
    public var description: String {
        let yearText = year < 0 ? "-" + Self.zeroPadded(-year, width: 4) : Self.zeroPadded(year, width: 4)
        return yearText + "-" + Self.zeroPadded(month, width: 2) + "-" + Self.zeroPadded(day, width: 2)
    }

    /// Whether `year` (astronomical) has a February 29: divisible by 4, except centuries not divisible by 400.
    public static func isLeapYear(_ year: Int) -> Bool {
        year.isMultiple(of: 4) && (!year.isMultiple(of: 100) || year.isMultiple(of: 400))
    }

    /// The number of days of `month` (1...12) in `year`: 28 to 31, or 0 for a month outside 1...12.
    public static func numberOfDays(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }

    /// Orders dates by time.
    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `value` in decimal with leading zeros up to `width` digits (`7` with width 2 is `"07"`); a negative value
    /// keeps its sign in front of the zeros (`-7` with width 3 is `"-07"`).
    public static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let padding = String(repeating: "0", count: max(0, width - digits.count - (value < 0 ? 1 : 0)))
        return (value < 0 ? "-" : "") + padding + digits
    }

    /// `days_from_civil`: the day count of a valid date in `supportedYears`.
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        // Years start on 1 March, so January and February belong to the previous year.
        let marchYear = month <= 2 ? year - 1 : year
        let era = marchYear.flooredQuotient(dividingBy: 400)
        let yearOfEra = marchYear - era * 400  // 0...399
        let monthFromMarch = (month + 9) % 12  // 0 (March)...11 (February)
        // 153 days in every five months from March: (153 * m + 2) / 5 is the first day of month m.
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1  // 0...365
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear  // 0...146_096
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension Int {
    /// The quotient rounded toward negative infinity (`-1 / 400` is `-1`, not `0`), for a positive `divisor`.
    func flooredQuotient(dividingBy divisor: Int) -> Int {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }

    /// The remainder of `flooredQuotient(dividingBy:)`, in `0..<divisor` for a positive `divisor`.
    func flooredRemainder(dividingBy divisor: Int) -> Int {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}
