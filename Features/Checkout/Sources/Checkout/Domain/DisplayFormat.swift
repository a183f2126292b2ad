import Foundation
import Models

/// How view models write money and dates for people: in a locale and a time zone the App chooses (the user's own,
/// or a fixed one in tests), so the text does not depend on the machine that runs the code.
public struct DisplayFormat: Hashable, Sendable {
    /// The locale for money and dates.
    public let locale: Locale
    /// The time zone dates are shown in.
    public let timeZone: TimeZone

    /// Creates a format.
    public init(locale: Locale, timeZone: TimeZone) {
        self.locale = locale
        self.timeZone = timeZone
    }

    /// `money` as currency in `locale` (`"€1,299.00"` in en_US), with exactly the currency's ISO 4217 number of
    /// fraction digits; computed from integer minor units, never through floating point.
    public func money(_ money: Money) -> String {
        money.formatted(locale: locale)
    }

    /// `date` as a medium date and short time in `locale` and `timeZone`, such as `"Jan 2, 2026 at 10:00 AM"`.
    public func dateTime(_ date: Date) -> String {
        var style = Date.FormatStyle(date: .abbreviated, time: .shortened, locale: locale)
        style.timeZone = timeZone
        return date.formatted(style)
    }

    /// `date` as a medium date in `locale` and `timeZone`, such as `"Jan 2, 2026"`.
    public func date(_ date: Date) -> String {
        var style = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: locale)
        style.timeZone = timeZone
        return date.formatted(style)
    }
}
