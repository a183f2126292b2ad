import Foundation
import Persistence
import Primitives

/// Replayed `POST /v1/orders` answers, each kept while the database's commit stamp is the one read before its
/// lookup and its session has not expired (`StorefrontAPI.replayOrder`). A stored answer never changes, but the
/// session that may see it can end: by expiry (checked against the clock on every use) or by a sign-out or any
/// other commit (which changes the stamp). Bounded: past `capacity` entries the oldest half is dropped.
final class ReplayMemo: Sendable {
    private struct Key: Hashable {
        let token: String
        let idempotencyKey: String
        let body: Data
    }

    private struct Entry {
        let stamp: CommitStamp
        let sessionExpiresMilliseconds: Int64
        let status: Int
        let body: Data
        let order: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var counter: UInt64 = 0
        var hits = 0
    }

    private let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = max(capacity, 2)
    }

    /// Replays answered from memory since start.
    var hits: Int {
        state.withLock { $0.hits }
    }

    /// The stored answer kept for this bearer `token`, idempotency `key` and exact `body`, when the stamp is still
    /// `stamp` and the session is live at `nowMilliseconds`, with the session's expiry.
    func answer(
        token: String, key: String, body: Data, stamp: CommitStamp, nowMilliseconds: Int64
    ) -> (status: Int, body: Data, sessionExpiresMilliseconds: Int64)? {
        state.withLock { state -> (status: Int, body: Data, sessionExpiresMilliseconds: Int64)? in
            let memoKey = Key(token: token, idempotencyKey: key, body: body)
            guard let entry = state.entries[memoKey] else { return nil }
            guard entry.stamp == stamp, entry.sessionExpiresMilliseconds > nowMilliseconds else {
                state.entries[memoKey] = nil
                return nil
            }
            state.hits += 1
            return (entry.status, entry.body, entry.sessionExpiresMilliseconds)
        }
    }

    /// Keeps `answer`, found with the stamp `stamp` read before the lookup.
    func keep(
        _ answer: (status: Int, body: Data), token: String, key: String, body: Data, stamp: CommitStamp,
        sessionExpiresMilliseconds: Int64
    ) {
        state.withLock { state in
            state.counter += 1
            if state.entries.count >= capacity {
                state.entries.removeOldest(capacity / 2) { $0.order }
            }
            state.entries[Key(token: token, idempotencyKey: key, body: body)] = Entry(
                stamp: stamp, sessionExpiresMilliseconds: sessionExpiresMilliseconds, status: answer.status,
                body: answer.body, order: state.counter)
        }
    }
}
