import Dispatch
import FeatureKit

/// Runs blocking work (waiting for a child process, reading a pipe to its end) on a dispatch thread, so it never
/// holds one of the few threads Swift concurrency runs tasks on (two on a two-core machine).
func offPool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result { try body() })
        }
    }
}
