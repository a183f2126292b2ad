/// A deterministic random number generator (SplitMix64): the same seed gives the same sequence on every machine
/// and run, which is what makes the seeded catalog and the fault rules' `share` draws reproducible.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A uniformly distributed number in `0..<1`.
    mutating func nextUnit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }

    /// Whether an event with probability `share` (0...1) happens.
    mutating func chance(_ share: Double) -> Bool {
        nextUnit() < share
    }

    /// A uniformly chosen element of a non-empty array.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int(next() % UInt64(elements.count))]
    }

    /// A uniformly chosen integer in `range`.
    mutating func integer(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
