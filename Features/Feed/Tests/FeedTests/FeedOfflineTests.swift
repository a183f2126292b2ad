import DesignSystem
import Foundation
import Logging
import Models
import Networking
import NetworkingTestSupport
import Persistence
import TestSupport
import Testing

@testable import Feed

@MainActor
@Suite("Feed offline: cached posts without a network, and likes pushed once when it returns")
struct FeedOfflineTests {
    @Test("with the transport failing, the cached posts are shown and marked as offline")
    func cachedPostsShownOffline() async throws {
        let harness = try RepositoryHarness()
        harness.transport.enqueue(.json(try Samples.fixture("feed_page_first.json")))
        let online = feature(on: harness)
        await online.start()
        #expect(online.posts.count == 3)
        online.stop()

        harness.transport.enqueue(.failure(.notConnectedToInternet))
        let offline = feature(on: harness)
        await offline.start()

        #expect(offline.posts.map(\.id.rawValue) == ["post_3", "post_2", "post_1"])
        #expect(offline.hasLoaded)
        #expect(offline.isShowingCachedPosts)
        #expect(offline.isOffline)
        #expect(offline.isShowingCachedPostsOffline)
        #expect(offline.error?.error.kind == .offline)
        #expect(offline.lastRefreshedAt == referenceNow)

        let model = FeedListViewModel(feature: offline, formatter: makeFormatter(excerptLength: 40), pictures: nil)
        #expect(
            model.notices.first
                == Notice(
                    .warning, message: "You're offline. Showing posts saved just now.",
                    actionHint: "Press r to retry"))
        guard case .posts(let rows) = model.content else {
            Issue.record("expected the cached posts, got \(model.content)")
            return
        }
        #expect(rows.count == 3)
    }

    @Test("a dropped connection keeps the cached posts and says what went wrong and where, never offline")
    func droppedConnectionIsNotOffline() async throws {
        let harness = try RepositoryHarness()
        harness.transport.enqueue(.json(try Samples.fixture("feed_page_first.json")))
        let online = feature(on: harness)
        await online.start()
        online.stop()

        harness.transport.enqueue(.failure(.networkConnectionLost))
        let dropped = feature(on: harness)
        await dropped.start()

        let interruption = TransferInterruption(kind: .connectionDropped, server: "api.storefront.test:443")
        #expect(dropped.posts.map(\.id.rawValue) == ["post_3", "post_2", "post_1"])
        #expect(!dropped.isOffline)
        #expect(dropped.error?.error.kind == .interrupted)
        #expect(dropped.error?.error.interruption == interruption)
        let model = FeedListViewModel(feature: dropped, formatter: makeFormatter(excerptLength: 40), pictures: nil)
        #expect(
            model.notices.first
                == Notice(
                    .error,
                    message: "Couldn't refresh the feed. The connection to api.storefront.test:443 dropped before "
                        + "the answer was complete.",
                    actionHint: "Press r to retry"))
        #expect(
            FeedError(APIError.interrupted(TransferInterruption(kind: .tls, server: "h:443")))?.kind == .interrupted)
    }

    @Test("a like made offline is pushed exactly once when the network returns, also after a restart in between")
    func offlineLikeSurvivesRestart() async throws {
        let directory = try TemporaryDirectory()
        let file = DatabaseLocation.file(directory.url.appending(path: "storefront.sqlite"))

        // First run: the feed loads, then the network goes; the like is recorded and its push fails.
        let first = try RepositoryHarness(location: file)
        first.repository.registerPushHandlers()
        first.transport.enqueue(.json(try Samples.fixture("feed_page_first.json")))
        let feature = feature(on: first)
        await feature.start()
        await feature.toggleLike(PostID(rawValue: "post_1"))
        #expect(feature.post(withID: PostID(rawValue: "post_1"))?.isLiked == true)
        first.transport.enqueue(.failure(.notConnectedToInternet))
        let failed = try await first.outbox.pushPending()
        #expect(failed == OutboxPushReport(pushed: 0, deadLettered: 0, remaining: 1))
        feature.stop()
        await first.outbox.stop()
        await first.database.close()

        // Second run, a minute later on the same file: the network is back, and the drain loop pushes the like,
        // whose retry is due by then.
        let second = try RepositoryHarness(location: file, startingAfter: 60)
        second.repository.registerPushHandlers()
        let events = record(second.repository.syncEvents())
        second.transport.enqueue(.json(try Samples.fixture("like.json")))
        second.outbox.start()
        #expect(
            try await events.waitForCount(1)
                == [.likeSaved(LikeStatus(postID: PostID(rawValue: "post_1"), isLiked: true, likeCount: 6))])
        await second.outbox.stop()

        #expect(try await second.outbox.pendingCount() == 0)
        let again = try await second.outbox.pushPending()
        #expect(again == OutboxPushReport(pushed: 0, deadLettered: 0, remaining: 0))
        let likeRequests = (first.transport.requests + second.transport.requests).filter { $0.method == "PUT" }
        #expect(likeRequests.count == 2)
        #expect(second.transport.requests.map(\.summary) == ["PUT /v1/posts/post_1/like"])
        #expect(Set(likeRequests.compactMap { $0.header("Idempotency-Key") }) == ["mutation-1"])
        let cached = try #require(try await second.repository.cachedPost(id: PostID(rawValue: "post_1")))
        #expect(cached.isLiked)
        #expect(cached.likeCount == 6)
        await second.database.close()
    }

    private func feature(on harness: RepositoryHarness) -> FeedFeature {
        FeedFeature(
            repository: harness.repository, logger: Logger(label: "feed-test", handler: harness.logs),
            now: { referenceNow }, pageSize: 3, prefetchDistance: 5, likesEnabled: true)
    }
}
