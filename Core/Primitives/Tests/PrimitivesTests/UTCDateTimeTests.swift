import Foundation
import Primitives
import Testing

@Suite("UTCDateTime")
struct UTCDateTimeTests {
    @Test("seconds since 1970 split into a UTC date and time, also before 1970")
    func split() {
        let time = UTCDateTime(secondsSinceEpoch: 1_767_348_000)
        #expect(time.rfc3339() == "2026-01-02T10:00:00Z")
        #expect(time.secondsSinceEpoch == 1_767_348_000)
        let before = UTCDateTime(secondsSinceEpoch: -1)
        #expect((before.date.description, before.hour, before.minute, before.second) == ("1969-12-31", 23, 59, 59))
        #expect(UTCDateTime(secondsSinceEpoch: -86_400).rfc3339() == "1969-12-31T00:00:00Z")
        #expect(UTCDateTime(secondsSinceEpoch: -86_401).rfc3339() == "1969-12-30T23:59:59Z")
    }

    @Test("milliseconds keep the fraction, and negative ones fall on the earlier second")
    func milliseconds() {
        #expect(
            UTCDateTime(millisecondsSinceEpoch: 1_767_348_000_250).rfc3339(fractionDigits: 3)
                == "2026-01-02T10:00:00.250Z")
        let before = UTCDateTime(millisecondsSinceEpoch: -1)
        #expect(before.rfc3339(fractionDigits: 3) == "1969-12-31T23:59:59.999Z")
        #expect(before.millisecond == 999)
        #expect(before.secondsSinceEpoch == -1)
        #expect(UTCDateTime(millisecondsSinceEpoch: 0).rfc3339(fractionDigits: 3) == "1970-01-01T00:00:00.000Z")
    }

    @Test("nanoseconds carry into seconds and the fraction is truncated to the digits asked for")
    func fractions() {
        let time = UTCDateTime(secondsSinceEpoch: 0, nanoseconds: 1_123_456_789)
        #expect(time.rfc3339(fractionDigits: 9) == "1970-01-01T00:00:01.123456789Z")
        #expect(time.rfc3339(fractionDigits: 6) == "1970-01-01T00:00:01.123456Z")
        #expect(time.rfc3339(fractionDigits: 1) == "1970-01-01T00:00:01.1Z")
        #expect(time.rfc3339(fractionDigits: 12) == "1970-01-01T00:00:01.123456789Z")
        #expect(time.rfc3339(fractionDigits: -2) == "1970-01-01T00:00:01Z")
        #expect(
            UTCDateTime(secondsSinceEpoch: 0, nanoseconds: -1).rfc3339(fractionDigits: 9)
                == "1969-12-31T23:59:59.999999999Z")
    }

    @Test("fields out of range give no time; a leap second counts as the next minute's first second")
    func fields() throws {
        let day = try #require(CivilDate(year: 2016, month: 12, day: 31))
        #expect(UTCDateTime(date: day, hour: 24, minute: 0, second: 0) == nil)
        #expect(UTCDateTime(date: day, hour: 0, minute: 60, second: 0) == nil)
        #expect(UTCDateTime(date: day, hour: 0, minute: 0, second: 61) == nil)
        #expect(UTCDateTime(date: day, hour: 0, minute: 0, second: 0, nanosecond: 1_000_000_000) == nil)
        #expect(UTCDateTime(date: day, hour: 0, minute: 0, second: -1) == nil)
        let leap = try #require(UTCDateTime(date: day, hour: 23, minute: 59, second: 60))
        #expect(leap.rfc3339() == "2016-12-31T23:59:60Z")
        let next = UTCDateTime(secondsSinceEpoch: leap.secondsSinceEpoch)
        #expect(next.rfc3339() == "2017-01-01T00:00:00Z")
        #expect(leap > (try #require(UTCDateTime(date: day, hour: 23, minute: 59, second: 59))))
    }

    @Test("fields and seconds since 1970 round-trip over four centuries of sampled instants")
    func roundTrips() throws {
        var seconds = -12_219_292_800  // 1582-10-15T00:00:00Z
        while seconds < 32_503_680_000 {  // 3000-01-01T00:00:00Z
            let time = UTCDateTime(secondsSinceEpoch: seconds)
            let rebuilt = try #require(
                UTCDateTime(date: time.date, hour: time.hour, minute: time.minute, second: time.second))
            #expect(rebuilt.secondsSinceEpoch == seconds)
            seconds += 7_777_777  // about 90 days and a few hours: lands on every month and many times of day
        }
    }

    @Test("RFC 3339 text agrees with Foundation's ISO 8601 formatter")
    func agreesWithFoundation() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        for seconds in stride(from: -2_208_988_800, through: 4_102_444_800, by: 86_399 * 37) {
            let text = try #require(UTCDateTime(secondsSinceEpoch: seconds).rfc3339())
            #expect(text == formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))))
        }
    }

    @Test("dates round to the nearest millisecond; non-finite or far dates give nil")
    func fromDate() throws {
        let time = try #require(UTCDateTime(roundingToMilliseconds: Date(timeIntervalSince1970: 1_767_348_000.9996)))
        #expect(time.rfc3339(fractionDigits: 3) == "2026-01-02T10:00:01.000Z")
        let early = try #require(UTCDateTime(roundingToMilliseconds: Date(timeIntervalSince1970: -0.0004)))
        #expect(early.rfc3339(fractionDigits: 3) == "1970-01-01T00:00:00.000Z")
        #expect(UTCDateTime(roundingToMilliseconds: Date(timeIntervalSince1970: .infinity)) == nil)
        #expect(UTCDateTime(roundingToMilliseconds: Date(timeIntervalSince1970: .nan)) == nil)
        #expect(UTCDateTime(roundingToMilliseconds: Date(timeIntervalSince1970: 1e300)) == nil)
    }

    @Test("years RFC 3339 cannot write give no text")
    func unwritableYears() throws {
        let lastDay = try #require(CivilDate(year: 9999, month: 12, day: 31))
        let last = try #require(UTCDateTime(date: lastDay, hour: 23, minute: 59, second: 59))
        #expect(last.rfc3339() == "9999-12-31T23:59:59Z")
        #expect(UTCDateTime(secondsSinceEpoch: last.secondsSinceEpoch + 1).rfc3339() == nil)
        let firstDay = try #require(CivilDate(year: 0, month: 1, day: 1))
        let first = try #require(UTCDateTime(date: firstDay, hour: 0, minute: 0, second: 0))
        #expect(first.rfc3339() == "0000-01-01T00:00:00Z")
        #expect(UTCDateTime(secondsSinceEpoch: first.secondsSinceEpoch - 1).rfc3339() == nil)
    }
}
