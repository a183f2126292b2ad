import Foundation

/// Turns post values into the short strings the feed's screens show, for an injected time, locale and time zone.
///
/// - Relative times: `"now"` under a minute (and for dates ahead of `now`, from clock skew), then `"5m"`, `"3h"`,
///   `"2d"`, `"3w"` (whole units, rounded down) up to five weeks; older dates show the day, `"Mar 4"` in the current
///   year and `"Mar 4, 2024"` before it, in the locale's words and order.
/// - Compact counts: `"999"`, then one decimal below ten of a unit and none above, rounded down so a count is never
///   overstated: `"1K"`, `"1.2K"`, `"12K"`, `"999K"`, `"1.2M"`, `"3B"`, with the locale's decimal separator
///   (`"1,2K"` in German).
/// - Caption excerpts: runs of whitespace and line breaks become one space; a caption longer than
///   `excerptLength` characters is cut at the last word boundary that keeps at least half of it (or mid-word when
///   there is none; a cut that falls on a word boundary keeps the whole last word) and ends with `"…"`.
public struct FeedFormatter: Sendable {
    /// The current time: `{ Date() }` in the App.
    public let now: @Sendable () -> Date
    /// The locale of numbers and dates.
    public let locale: Locale
    /// The time zone of calendar dates.
    public let timeZone: TimeZone
    /// The most characters (grapheme clusters) of a caption excerpt, the ellipsis included.
    public let excerptLength: Int

    /// Creates a formatter.
    ///
    /// - Parameters:
    ///   - now: The current time.
    ///   - locale: The locale of numbers and dates (`Locale.current` in the App).
    ///   - timeZone: The time zone of calendar dates (`TimeZone.current` in the App).
    ///   - excerptLength: The most characters of a caption excerpt; at least 2.
    public init(now: @escaping @Sendable () -> Date, locale: Locale, timeZone: TimeZone, excerptLength: Int) {
        self.now = now
        self.locale = locale
        self.timeZone = timeZone
        self.excerptLength = max(excerptLength, 2)
    }

    /// How long ago `date` was: `"now"`, `"5m"`, `"3h"`, `"2d"`, `"3w"`, `"Mar 4"`, `"Mar 4, 2024"`.
    public func relativeTime(since date: Date) -> String {
        switch age(of: date) {
        case .now: "now"
        case .units(let text), .day(let text): text
        }
    }

    /// How long ago `date` was, as words that follow a verb: `"just now"`, `"3h ago"`, `"on Mar 4"`.
    public func timeAgo(since date: Date) -> String {
        switch age(of: date) {
        case .now: "just now"
        case .units(let text): "\(text) ago"
        case .day(let text): "on \(text)"
        }
    }

    /// The date and time of `date` in full, for a detail screen: `"Mar 4, 2024 at 12:00 PM"` in US English.
    public func dateTime(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let style = Date.FormatStyle(
            date: .abbreviated, time: .shortened, locale: locale, calendar: calendar, timeZone: timeZone)
        return date.formatted(style)
    }

    /// `count` in a few characters: `"999"`, `"1K"`, `"1.2K"`, `"12K"`, `"1.2M"`, `"3B"`; negative counts show as 0.
    public func compactCount(_ count: Int) -> String {
        let value = max(count, 0)
        let units: [(size: Int, suffix: String)] = [(1_000_000_000, "B"), (1_000_000, "M"), (1000, "K")]
        guard let unit = units.first(where: { value >= $0.size }) else { return String(value) }
        let whole = value / unit.size
        guard whole < 10 else { return "\(whole)\(unit.suffix)" }
        let tenth = (value % unit.size) / (unit.size / 10)
        guard tenth > 0 else { return "\(whole)\(unit.suffix)" }
        return "\(whole)\(locale.decimalSeparator ?? ".")\(tenth)\(unit.suffix)"
    }

    /// `count` in full with the locale's grouping: `"1,234"` in US English, `"1.234"` in German.
    public func fullCount(_ count: Int) -> String {
        max(count, 0).formatted(.number.locale(locale))
    }

    /// `"1 like"`, `"1,234 likes"`.
    public func likes(_ count: Int) -> String {
        count == 1 ? "1 like" : "\(fullCount(count)) likes"
    }

    /// The caption on one line, cut to `excerptLength` characters with `"…"` when longer.
    public func excerpt(_ caption: String) -> String {
        let words = caption.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let text = words.joined(separator: " ")
        guard text.count > excerptLength else { return text }
        let room = text.prefix(excerptLength - 1)
        var cut = room
        let endsAtWord = text[room.endIndex].isWhitespace
        if !endsAtWord, let space = room.lastIndex(of: " "),
            room.distance(from: room.startIndex, to: space) >= room.count / 2
        {
            cut = room[..<space]
        }
        while let last = cut.last, last.isWhitespace || last.isPunctuation {
            cut = cut.dropLast()
        }
        return cut + "…"
    }

    // MARK: - Private

    private enum Age {
        case now
        case units(String)
        case day(String)
    }

    private func age(of date: Date) -> Age {
        let current = now()
        let seconds = Int(current.timeIntervalSince(date).rounded(.down))
        switch seconds {
        case ..<60: return .now
        case ..<3600: return .units("\(seconds / 60)m")
        case ..<86_400: return .units("\(seconds / 3600)h")
        case ..<(7 * 86_400): return .units("\(seconds / 86_400)d")
        case ..<(35 * 86_400): return .units("\(seconds / (7 * 86_400))w")
        default:
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let style = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: timeZone)
            if calendar.component(.year, from: date) == calendar.component(.year, from: current) {
                return .day(date.formatted(style.month(.abbreviated).day()))
            }
            return .day(date.formatted(style.month(.abbreviated).day().year()))
        }
    }
}
