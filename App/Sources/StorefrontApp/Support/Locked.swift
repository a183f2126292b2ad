import Foundation

/// A value behind a lock, for state that tasks on any thread read and change.
///
/// `NSLock` rather than `Synchronization.Mutex`: ThreadSanitizer reports false races inside `Mutex.withLock` on this
/// toolchain, and the App's tests run under it too.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // Sound because `value` is Sendable and only read and written inside `withLock`, which holds `lock`.
    private let lock = NSLock()
    private var value: Value

    /// Wraps `value`.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock; never call back into the same lock from `body`.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
