import Primitives

/// ISO 8601 UTC timestamps (`2026-01-01T09:30:00Z`, or `2026-01-01T09:30:00.123Z` with milliseconds) written from
/// milliseconds since 1970 with the integer arithmetic of `Primitives.UTCDateTime`, so seeding thousands of dates
/// costs no formatter.
enum Timestamp {
    /// The timestamp of `milliseconds` since 1970-01-01T00:00:00Z; with `fractional`, the milliseconds too. Years
    /// outside 0000...9999, which the format cannot write, are clamped to that range.
    static func string(milliseconds: Int64, fractional: Bool = false) -> String {
        let time = UTCDateTime(millisecondsSinceEpoch: milliseconds)
        if let text = time.rfc3339(fractionDigits: fractional ? 3 : 0) {
            return text
        }
        let clamped = milliseconds < 0 ? "0000-01-01T00:00:00" : "9999-12-31T23:59:59"
        return clamped + (fractional ? (milliseconds < 0 ? ".000" : ".999") : "") + "Z"
    }

    /// The UTC year and month (1...12) of `milliseconds` since 1970.
    static func yearAndMonth(milliseconds: Int64) -> (year: Int, month: Int) {
        let date = UTCDateTime(millisecondsSinceEpoch: milliseconds).date
        return (date.year, date.month)
    }
}
