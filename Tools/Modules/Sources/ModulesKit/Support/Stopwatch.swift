/// A monotonic time source for measuring how long work takes, injectable so tests control time.
public struct Stopwatch: Sendable {
    private let reading: @Sendable () -> Duration

    /// Creates a stopwatch from a reading function that returns the time since any fixed origin.
    public init(reading: @escaping @Sendable () -> Duration) {
        self.reading = reading
    }

    /// A stopwatch over the system's continuous (monotonic) clock, with its origin at creation.
    public static func continuous() -> Stopwatch {
        let clock = ContinuousClock()
        let origin = clock.now
        return Stopwatch { origin.duration(to: clock.now) }
    }

    /// The time since the origin.
    public func now() -> Duration {
        reading()
    }

    /// The seconds elapsed since `start` (a value of ``now()``).
    public func seconds(since start: Duration) -> Double {
        (reading() - start).seconds
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    public var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
