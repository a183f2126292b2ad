import Foundation

/// A value guarded by an `NSLock` (clean under ThreadSanitizer on Linux, unlike `Synchronization.Mutex`).
///
/// `@unchecked Sendable` is sound because `value` is private and only read or written inside `withLock`, which holds
/// `lock` for the whole access, so no two threads touch it at once; `Value` is `Sendable`, so what a closure returns
/// out of the lock is safe to share.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
