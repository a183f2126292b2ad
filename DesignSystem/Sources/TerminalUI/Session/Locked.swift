import Foundation

/// A value guarded by a lock, for state that threads share.
///
/// `NSLock` rather than `Synchronization.Mutex`: ThreadSanitizer on Linux reports false races inside
/// `Mutex.withLock` and none with `NSLock`.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only inside `withLock`, under `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
