import Feed
import Foundation
import Models
import Networking
import NetworkingTestSupport
import Persistence
import Testing

@Suite("LiveFeedRepository: likes through the outbox")
struct LiveFeedRepositoryLikeTests {
    let post1 = PostID(rawValue: "post_1")

    @Test("a like updates the cached post, remembers the choice and queues the mutation in one transaction")
    func likeIsOneTransaction() async throws {
        let harness = try await cachedHarness()
        harness.trace.reset()
        try await harness.repository.setLike(true, postID: post1)

        let control = harness.trace.allEntries.filter(\.isTransactionControl).map(\.sql)
        #expect(control.filter { $0.hasPrefix("BEGIN") }.count == 1)
        #expect(control.filter { $0.hasPrefix("COMMIT") }.count == 1)
        let entries = try await harness.outbox.pendingEntries()
        #expect(entries.map(\.id) == ["mutation-1"])
        #expect(entries.map(\.kind) == [LiveFeedRepository.likeMutationKind])
        let cached = try #require(try await harness.repository.cachedPost(id: post1))
        #expect(cached.isLiked)
        #expect(cached.likeCount == 6)
    }

    @Test("the push sends the idempotent PUT with the entry's id as the key, and the server's answer is stored")
    func pushStoresAnswer() async throws {
        let harness = try await cachedHarness()
        harness.repository.registerPushHandlers()
        let events = record(harness.repository.syncEvents())
        try await harness.repository.setLike(true, postID: post1)
        harness.transport.enqueue(.json(#"{"post_id": "post_1", "like_count": 40, "liked_by_me": true}"#))

        let report = try await harness.outbox.pushPending()
        #expect(report == OutboxPushReport(pushed: 1, deadLettered: 0, remaining: 0))
        let request = try #require(harness.transport.requests.last)
        #expect(request.summary == "PUT /v1/posts/post_1/like")
        #expect(request.header("Idempotency-Key") == "mutation-1")
        #expect(request.header("Authorization") == "Bearer token-1")
        #expect(
            try await events.waitForCount(1) == [.likeSaved(LikeStatus(postID: post1, isLiked: true, likeCount: 40))])
        #expect(try await harness.repository.cachedPost(id: post1)?.likeCount == 40)
    }

    @Test("a later choice still waiting keeps its liked state when an earlier push is answered")
    func pendingChoiceWins() async throws {
        let harness = try await cachedHarness()
        harness.repository.registerPushHandlers()
        let events = record(harness.repository.syncEvents())
        try await harness.repository.setLike(true, postID: post1)
        try await harness.repository.setLike(false, postID: post1)
        harness.transport.enqueue(.json(try Samples.fixture("like.json")))
        harness.transport.enqueue(.json(#"{"post_id": "post_1", "like_count": 5, "liked_by_me": false}"#))

        let report = try await harness.outbox.pushPending()
        #expect(report.pushed == 2)
        #expect(
            harness.transport.requests.map(\.summary) == [
                "GET /v1/feed", "PUT /v1/posts/post_1/like", "DELETE /v1/posts/post_1/like",
            ])
        let saved = FeedSyncEvent.likeSaved(LikeStatus(postID: post1, isLiked: false, likeCount: 5))
        #expect(try await events.waitForCount(2) == [saved, saved])
    }

    @Test("a pending like stays on top of a page fetched before it was pushed")
    func pendingLikeOnFetchedPage() async throws {
        let harness = try await cachedHarness()
        try await harness.repository.setLike(true, postID: post1)
        harness.transport.enqueue(.json(try Samples.fixture("feed_page_first.json")))
        let page = try await harness.repository.fetchPage(cursor: nil, limit: 3)
        let post = try #require(page.posts.first { $0.id == post1 })
        #expect(post.isLiked)
        #expect(post.likeCount == 6)
    }

    @Test("without a token the like waits for sign-in, and the App is told which post")
    func signInRequired() async throws {
        let harness = try await cachedHarness(token: nil)
        harness.repository.registerPushHandlers()
        let events = record(harness.repository.syncEvents())
        try await harness.repository.setLike(true, postID: post1)

        let report = try await harness.outbox.pushPending()
        #expect(report == OutboxPushReport(pushed: 0, deadLettered: 0, remaining: 1))
        #expect(try await events.waitForCount(1) == [.signInRequired(post1)])
        #expect(harness.transport.requests.count == 1)
        #expect(try await harness.repository.cachedPost(id: post1)?.isLiked == true)
    }

    @Test("a 401 answer also waits for sign-in, after the client dropped the token")
    func unauthorizedAnswer() async throws {
        let harness = try await cachedHarness()
        harness.repository.registerPushHandlers()
        let events = record(harness.repository.syncEvents())
        try await harness.repository.setLike(true, postID: post1)
        harness.transport.enqueue(.apiError(status: 401, code: "unauthorized"))

        let report = try await harness.outbox.pushPending()
        #expect(report == OutboxPushReport(pushed: 0, deadLettered: 0, remaining: 1))
        #expect(try await events.waitForCount(1) == [.signInRequired(post1)])
        #expect(await harness.tokens.invalidatedTokens == ["token-1"])
    }

    @Test("a like of a deleted post becomes a dead letter and the local change is undone")
    func refusedLike() async throws {
        let harness = try await cachedHarness()
        harness.repository.registerPushHandlers()
        let events = record(harness.repository.syncEvents())
        try await harness.repository.setLike(true, postID: post1)
        harness.transport.enqueue(.apiError(status: 404, code: "not_found", message: "There is no post post_1."))

        let report = try await harness.outbox.pushPending()
        #expect(report == OutboxPushReport(pushed: 0, deadLettered: 1, remaining: 0))
        #expect(try await harness.outbox.deadLetters().map(\.id) == ["mutation-1"])
        guard case .likeRejected(let status, _) = try await events.waitForCount(1).first else {
            Issue.record("expected likeRejected")
            return
        }
        #expect(status == LikeStatus(postID: post1, isLiked: false, likeCount: 5))
        let cached = try #require(try await harness.repository.cachedPost(id: post1))
        #expect(!cached.isLiked)
        #expect(cached.likeCount == 5)
    }

    @Test("a server that is unavailable gets the like again after the wait it asks for")
    func retryAfterUnavailable() async throws {
        let harness = try await cachedHarness()
        harness.repository.registerPushHandlers()
        try await harness.repository.setLike(true, postID: post1)
        harness.transport.enqueue(.apiError(status: 503, code: "unavailable", headers: ["Retry-After": "30"]))

        let report = try await harness.outbox.pushPending()
        #expect(report.remaining == 1)
        let entry = try #require(try await harness.outbox.pendingEntries().first)
        #expect(entry.attemptCount == 1)
        #expect(entry.nextAttemptAt == referenceNow.addingTimeInterval(30))
        #expect(entry.lastError?.contains("503") == true)
        #expect(try await harness.repository.cachedPost(id: post1)?.isLiked == true)
    }

    /// A harness whose cache holds `feed_page_first.json` (post_1: 5 likes, not liked).
    private func cachedHarness(token: String? = "token-1") async throws -> RepositoryHarness {
        let harness = try RepositoryHarness(token: token)
        harness.transport.enqueue(.json(try Samples.fixture("feed_page_first.json")))
        _ = try await harness.repository.fetchPage(cursor: nil, limit: 3)
        return harness
    }
}
