import Primitives

/// Predictable request ids for tests: `req-1`, `req-2`, … in the order they are asked for.
public final class SequentialRequestIDs: Sendable {
    private let prefix: String
    private let counter = Locked(0)

    /// Creates a sequence whose ids start with `prefix`.
    public init(prefix: String = "req-") {
        self.prefix = prefix
    }

    /// The next id.
    public func next() -> String {
        let number = counter.withLock { value in
            value += 1
            return value
        }
        return prefix + String(number)
    }

    /// `next()` as the closure `APIClient` takes.
    public var generator: @Sendable () -> String {
        { self.next() }
    }
}
