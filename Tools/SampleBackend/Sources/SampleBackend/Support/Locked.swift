import Foundation

/// A value guarded by an `NSLock`, for state shared between libmicrohttpd's threads and Swift tasks.
///
/// `NSLock` rather than `Synchronization.Mutex`: ThreadSanitizer reports false races inside `Mutex.withLock` on
/// Linux and stays quiet with `NSLock`, and the package's tests run under TSan.
final class Locked<Value>: @unchecked Sendable {
    // Sound: `value` is only read or written inside `withLock`, which holds `lock` for the whole access, so no two
    // threads touch it at the same time and every access happens-after the previous one.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
