import Foundation
import Primitives
import Testing

@Suite("CivilDate")
struct CivilDateTests {
    @Test("known days since 1970 map to their dates and back")
    func knownDays() throws {
        let cases: [(days: Int, year: Int, month: Int, day: Int)] = [
            (0, 1970, 1, 1),
            (-1, 1969, 12, 31),
            (59, 1970, 3, 1),
            (11_016, 2000, 2, 29),
            (11_017, 2000, 3, 1),
            (19_782, 2024, 2, 29),
            (20_454, 2026, 1, 1),
            (-719_468, 0, 3, 1),
            (-719_469, 0, 2, 29),
            (-719_528, 0, 1, 1),
            (-719_529, -1, 12, 31),
            (-141_427, 1582, 10, 15),
            (2_932_896, 9999, 12, 31),
            (-719_162, 1, 1, 1),
        ]
        for entry in cases {
            let date = CivilDate(daysSinceEpoch: entry.days)
            #expect(
                (date.year, date.month, date.day) == (entry.year, entry.month, entry.day), "day \(entry.days)")
            let built = try #require(CivilDate(year: entry.year, month: entry.month, day: entry.day))
            #expect(built.daysSinceEpoch == entry.days, "\(built)")
        }
    }

    @Test("every day from 1600 to 2400 round-trips and follows the previous one")
    func consecutiveDays() throws {
        let first = try #require(CivilDate(year: 1600, month: 1, day: 1)).daysSinceEpoch
        let last = try #require(CivilDate(year: 2400, month: 12, day: 31)).daysSinceEpoch
        var previous = CivilDate(daysSinceEpoch: first - 1)
        for days in first...last {
            let date = CivilDate(daysSinceEpoch: days)
            guard date.daysSinceEpoch == days else {
                Issue.record("day \(days) is \(date), which maps back to day \(date.daysSinceEpoch)")
                return
            }
            let expectedNext: (Int, Int, Int)
            if previous.day < CivilDate.numberOfDays(inMonth: previous.month, year: previous.year) {
                expectedNext = (previous.year, previous.month, previous.day + 1)
            } else if previous.month < 12 {
                expectedNext = (previous.year, previous.month + 1, 1)
            } else {
                expectedNext = (previous.year + 1, 1, 1)
            }
            guard (date.year, date.month, date.day) == expectedNext, previous < date else {
                Issue.record("day \(days) is \(date), expected the day after \(previous)")
                return
            }
            previous = date
        }
    }

    @Test(
        "negative years round-trip across era boundaries",
        arguments: [-400, -401, -1, -100, -4_000_001, 400, 2_000_001])
    func negativeAndFarYears(year: Int) throws {
        for (month, day) in [(1, 1), (2, 28), (3, 1), (12, 31)] {
            let date = try #require(CivilDate(year: year, month: month, day: day))
            let back = CivilDate(daysSinceEpoch: date.daysSinceEpoch)
            #expect(back == date)
            #expect(CivilDate(daysSinceEpoch: date.daysSinceEpoch + 1) > date)
        }
    }

    @Test("leap years follow the Gregorian rule")
    func leapYears() {
        #expect(CivilDate.isLeapYear(2024))
        #expect(CivilDate.isLeapYear(2000))
        #expect(CivilDate.isLeapYear(0))
        #expect(CivilDate.isLeapYear(-4))
        #expect(!CivilDate.isLeapYear(1900))
        #expect(!CivilDate.isLeapYear(2100))
        #expect(!CivilDate.isLeapYear(-1))
        #expect(!CivilDate.isLeapYear(-100))
        #expect(CivilDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2023, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
        let lengths = (1...12).map { CivilDate.numberOfDays(inMonth: $0, year: 2023) }
        #expect(lengths == [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
        #expect(lengths.reduce(0, +) == 365)
        #expect(CivilDate.numberOfDays(inMonth: 13, year: 2023) == 0)
    }

    @Test("fields out of range give no date")
    func invalidFields() {
        #expect(CivilDate(year: 2026, month: 0, day: 1) == nil)
        #expect(CivilDate(year: 2026, month: 13, day: 1) == nil)
        #expect(CivilDate(year: 2026, month: 4, day: 31) == nil)
        #expect(CivilDate(year: 2026, month: 1, day: 0) == nil)
        #expect(CivilDate(year: CivilDate.supportedYears.upperBound + 1, month: 1, day: 1) == nil)
        #expect(CivilDate(year: CivilDate.supportedYears.lowerBound - 1, month: 1, day: 1) == nil)
    }

    @Test("the supported range's ends round-trip, and day counts beyond it clamp instead of overflowing")
    func rangeEnds() throws {
        let range = CivilDate.supportedDaysSinceEpoch
        let first = CivilDate(daysSinceEpoch: range.lowerBound)
        let last = CivilDate(daysSinceEpoch: range.upperBound)
        #expect((first.year, first.month, first.day) == (CivilDate.supportedYears.lowerBound, 1, 1))
        #expect((last.year, last.month, last.day) == (CivilDate.supportedYears.upperBound, 12, 31))
        #expect(CivilDate(daysSinceEpoch: .min) == first)
        #expect(CivilDate(daysSinceEpoch: .max) == last)
    }

    @Test("weekdays count from Monday")
    func weekdays() throws {
        #expect(CivilDate(daysSinceEpoch: 0).isoWeekday == 4)  // 1970-01-01, a Thursday
        #expect(CivilDate(daysSinceEpoch: -1).isoWeekday == 3)
        #expect(try #require(CivilDate(year: 2026, month: 12, day: 1)).isoWeekday == 2)  // a Tuesday
        #expect(try #require(CivilDate(year: 2000, month: 1, day: 2)).isoWeekday == 7)
    }

    @Test("description writes RFC 3339 full-date, and expanded years beyond four digits")
    func description() throws {
        #expect(try #require(CivilDate(year: 2026, month: 3, day: 7)).description == "2026-03-07")
        #expect(try #require(CivilDate(year: 7, month: 1, day: 1)).description == "0007-01-01")
        #expect(try #require(CivilDate(year: -44, month: 3, day: 15)).description == "-0044-03-15")
        #expect(try #require(CivilDate(year: 12_345, month: 1, day: 1)).description == "12345-01-01")
        #expect(CivilDate.zeroPadded(-7, width: 3) == "-07")
        #expect(CivilDate.zeroPadded(1234, width: 2) == "1234")
    }
}
