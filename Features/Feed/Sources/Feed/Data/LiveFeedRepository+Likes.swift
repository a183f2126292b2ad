import Foundation
import Models
import Networking
import Persistence

extension LiveFeedRepository {
    /// Registers the push handler of `likeMutationKind` (`pushLike(_:)`) on the outbox passed to the initialiser;
    /// the composition root calls it once, before `Outbox.start()`.
    public func registerPushHandlers() {
        outbox.setHandler(for: Self.likeMutationKind) { [self] entry in await pushLike(entry) }
    }

    /// Pushes one queued like with the idempotent `PUT` (like) or `DELETE` (unlike) `/v1/posts/{id}/like`, sending
    /// the entry's id as the `Idempotency-Key`, and maps the result to the outbox's outcome:
    ///
    /// - an answer: `done`, storing the server's count and state in the transaction that removes the entry (a
    ///   later choice still pending keeps its liked state); then `FeedSyncEvent.likeSaved`;
    /// - 401, or no token (`APIError.unauthorized`): `blockedUntilSignIn`, and `FeedSyncEvent.signInRequired`;
    /// - no network, a timeout, 408, 429 or 5xx, a cancelled push: `retry` after the server's `Retry-After` or an
    ///   exponential back-off (1 s, 2 s, 4 s … at most 5 minutes);
    /// - anything else (404 for a deleted post, another 4xx, an unreadable answer or payload): `permanentFailure`
    ///   (a dead letter), after undoing the local change; then `FeedSyncEvent.likeRejected`.
    public func pushLike(_ entry: OutboxEntry) async -> PushOutcome {
        let mutation: LikeMutation
        do {
            mutation = try entry.decodePayload(as: LikeMutation.self)
        } catch {
            logger.error("feed like entry has an unreadable payload", metadata: ["entry": .string(entry.id)])
            return .permanentFailure(reason: "unreadable like payload: \(error)")
        }
        let postID = PostID(rawValue: mutation.postID)
        do {
            let answer = try await client.send(.setLike(mutation.liked, on: postID, idempotencyKey: entry.id))
            return .done { [events] transaction in
                let status = try FeedStorage.applyServerLike(
                    postID: postID, likeCount: answer.likeCount, likedByMe: answer.likedByMe, mutationID: entry.id,
                    in: transaction)
                transaction.afterCommit { events.send(.likeSaved(status)) }
            }
        } catch is CancellationError {
            return .retry(after: .zero, reason: "the push was cancelled")
        } catch let error as APIError {
            return await outcome(for: error, mutation: mutation, entry: entry)
        } catch {
            return .retry(after: backoff(afterAttempts: entry.attemptCount), reason: "\(error)")
        }
    }

    // MARK: - Private

    private func outcome(for error: APIError, mutation: LikeMutation, entry: OutboxEntry) async -> PushOutcome {
        let postID = PostID(rawValue: mutation.postID)
        if error.category == .unauthorized {
            logger.info("feed like waits for sign-in", metadata: ["post_id": .string(postID.rawValue)])
            events.send(.signInRequired(postID))
            return .blockedUntilSignIn
        }
        if error.isRetryable || [.offline, .timeout, .cancelled].contains(error.category) {
            let wait = max(error.retryAfter ?? .zero, backoff(afterAttempts: entry.attemptCount))
            return .retry(after: wait, reason: error.description)
        }
        let reason = error.description
        logger.warning(
            "feed like refused by the server",
            metadata: ["post_id": .string(postID.rawValue), "reason": .string(reason)])
        do {
            let status = try await storeOperation("undo a refused like") { db in
                try await db.transaction { transaction in
                    try FeedStorage.revertLike(mutation.liked, postID: postID, mutationID: entry.id, in: transaction)
                }
            }
            if let status {
                events.send(.likeRejected(status, reason: reason))
            }
        } catch {
            // Logged by `storeOperation`; the entry still becomes a dead letter, listed for the user.
        }
        return .permanentFailure(reason: reason)
    }

    /// 1 s after the first failed attempt, doubling up to 5 minutes.
    private func backoff(afterAttempts attempts: Int) -> Duration {
        .seconds(min(1 << min(max(attempts, 0), 9), 300))
    }
}
