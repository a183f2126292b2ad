import Primitives

/// The idempotency keys whose first request this server process is still answering.
///
/// `StorefrontAPI.handle` claims a keyed `POST`'s (user, key) before the fault rules and the route run and releases
/// it once the answer is ready, so a second request with the same key meanwhile is answered
/// `409 idempotency_request_in_progress` at once instead of waiting on the first one's transaction. Across server
/// processes on one database the claim is not seen; there the order's transaction serializes the two requests and
/// the later one gets the stored answer (`Idempotent-Replayed`).
final class IdempotencyClaims: Sendable {
    private let claimed = Locked(Set<String>())

    /// Claims `key` for `userID`; false when a request holding it is still in progress.
    func claim(userID: String, key: String) -> Bool {
        let entry = Self.entry(userID: userID, key: key)
        return claimed.withLock { $0.insert(entry).inserted }
    }

    /// Releases a claim taken by `claim(userID:key:)`.
    func release(userID: String, key: String) {
        let entry = Self.entry(userID: userID, key: key)
        _ = claimed.withLock { $0.remove(entry) }
    }

    /// Keys in use now (for tests).
    var count: Int {
        claimed.withLock { $0.count }
    }

    private static func entry(userID: String, key: String) -> String {
        // A user id never holds NUL, so the pair is unambiguous.
        userID + "\u{0}" + key
    }
}
