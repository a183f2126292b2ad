import Dispatch

/// Runs file work that may block (reading or writing a list under its `flock`, which waits up to
/// `ListPackage.lockTimeout` seconds for another process) on a dispatch thread, so neither the main actor (the
/// screen and its keys) nor one of the few threads Swift concurrency runs tasks on waits for the disk or a lock.
enum FileWork {
    /// The result of `body`, run on a dispatch thread.
    ///
    /// - Throws: what `body` throws.
    static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try body() })
            }
        }
    }
}
