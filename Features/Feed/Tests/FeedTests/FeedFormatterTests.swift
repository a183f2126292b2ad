import Feed
import Foundation
import Testing

@Suite("FeedFormatter: relative times, compact counts and caption excerpts")
struct FeedFormatterTests {
    let utc = TimeZone(identifier: "UTC")!

    func formatter(now: Date = referenceNow, locale: String = "en_US", excerptLength: Int = 20) -> FeedFormatter {
        FeedFormatter(now: { now }, locale: Locale(identifier: locale), timeZone: utc, excerptLength: excerptLength)
    }

    @Test(
        "relative times use whole units, rounded down",
        arguments: [
            (0, "now"), (-300, "now"), (59, "now"), (60, "1m"), (3599, "59m"), (3600, "1h"), (3 * 3600 + 59, "3h"),
            (86_399, "23h"), (86_400, "1d"), (6 * 86_400, "6d"), (7 * 86_400, "1w"), (34 * 86_400, "4w"),
        ])
    func relativeTimes(secondsAgo: Int, expected: String) {
        let date = referenceNow.addingTimeInterval(TimeInterval(-secondsAgo))
        #expect(formatter().relativeTime(since: date) == expected)
    }

    @Test("older dates show the day, with the year only before the current one, in the locale's words")
    func olderDates() {
        let june = Date(timeIntervalSince1970: 1_781_524_800)  // 2026-06-15T12:00:00Z
        let march = Date(timeIntervalSince1970: 1_772_625_600)  // 2026-03-04T12:00:00Z
        #expect(formatter(now: june).relativeTime(since: march) == "Mar 4")
        #expect(formatter(now: june, locale: "de_DE").relativeTime(since: march) == "4. März")
        let thirtyFiveDaysAgo = referenceNow.addingTimeInterval(-35 * 86_400)
        #expect(formatter().relativeTime(since: thirtyFiveDaysAgo) == "Nov 27, 2025")
        #expect(formatter().timeAgo(since: thirtyFiveDaysAgo) == "on Nov 27, 2025")
        #expect(formatter().timeAgo(since: referenceNow.addingTimeInterval(-3 * 3600)) == "3h ago")
        #expect(formatter().timeAgo(since: referenceNow) == "just now")
        // ICU puts a narrow no-break space before PM.
        #expect(formatter().dateTime(march) == "Mar 4, 2026 at 12:00\u{202F}PM")
    }

    @Test(
        "compact counts never overstate and drop a zero decimal",
        arguments: [
            (0, "0"), (-5, "0"), (999, "999"), (1000, "1K"), (1099, "1K"), (1100, "1.1K"), (1234, "1.2K"),
            (1999, "1.9K"), (9999, "9.9K"), (10_000, "10K"), (12_345, "12K"), (999_999, "999K"), (1_000_000, "1M"),
            (1_250_000, "1.2M"), (3_000_000_000, "3B"),
        ])
    func compactCounts(count: Int, expected: String) {
        #expect(formatter().compactCount(count) == expected)
    }

    @Test("numbers follow the locale: decimal separator, grouping")
    func localeNumbers() {
        #expect(formatter(locale: "de_DE").compactCount(1234) == "1,2K")
        #expect(formatter(locale: "de_DE").fullCount(1234) == "1.234")
        #expect(formatter().fullCount(1_234_567) == "1,234,567")
        #expect(formatter().likes(1) == "1 like")
        #expect(formatter().likes(0) == "0 likes")
        #expect(formatter().likes(1301) == "1,301 likes")
    }

    @Test("excerpts collapse whitespace and cut long captions at a word, with an ellipsis")
    func excerpts() {
        let format = formatter(excerptLength: 20)
        #expect(format.excerpt("") == "")
        #expect(format.excerpt("Short caption") == "Short caption")
        #expect(format.excerpt("  two\n\nlines\there  ") == "two lines here")
        #expect(format.excerpt("The glaze came out better than expected.") == "The glaze came out…")
        #expect(format.excerpt("Supercalifragilisticexpialidocious") == "Supercalifragilisti…")
        #expect(formatter(excerptLength: 14).excerpt("Hello, world, again and again") == "Hello, world…")
        #expect(format.excerpt("exactly twenty chars") == "exactly twenty chars")
        let accents = String(repeating: "e\u{301}", count: 30)
        let cut = format.excerpt(accents)
        #expect(cut.count == 20)
        #expect(cut.hasPrefix("e\u{301}"))
        #expect(cut.hasSuffix("…"))
    }
}
