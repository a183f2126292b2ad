/// The source of the random fraction (0...1) that spreads retry waits ("full jitter"), so that many clients failing
/// together do not retry together.
public struct Jitter: Sendable {
    private let source: @Sendable () -> Double

    /// A jitter whose fractions come from `source`; values outside 0...1 are clamped, NaN counts as 1.
    public init(_ source: @escaping @Sendable () -> Double) {
        self.source = source
    }

    /// Uniformly distributed fractions from the system's random number generator: what the live client uses.
    public static var systemRandom: Jitter {
        Jitter { Double.random(in: 0...1) }
    }

    /// Always `fraction` (clamped to 0...1): deterministic waits for tests and demos.
    public static func fixed(_ fraction: Double) -> Jitter {
        Jitter { fraction }
    }

    /// The next fraction, in 0...1.
    public func nextFraction() -> Double {
        let value = source()
        guard !value.isNaN else { return 1 }
        return min(max(value, 0), 1)
    }
}
