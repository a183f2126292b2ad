import Foundation

/// The calendar time (what day it is, when a result was recorded), injectable so tests can move past a
/// quarantine's expiry. ``Stopwatch`` measures durations; this says the date.
public struct WallClock: Sendable {
    private let reading: @Sendable () -> Date

    /// Creates a clock from a reading function.
    public init(reading: @escaping @Sendable () -> Date) {
        self.reading = reading
    }

    /// The system's clock.
    public static func system() -> WallClock {
        WallClock { Date() }
    }

    /// A clock that always says `date`.
    public static func fixed(_ date: Date) -> WallClock {
        WallClock { date }
    }

    /// The current date.
    public func now() -> Date {
        reading()
    }
}
