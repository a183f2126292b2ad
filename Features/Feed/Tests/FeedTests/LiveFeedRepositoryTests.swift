import Feed
import Foundation
import Logging
import Models
import Networking
import NetworkingTestSupport
import Persistence
import TestSupport
import Testing

@Suite("LiveFeedRepository: fetching, mapping and caching pages")
struct LiveFeedRepositoryTests {
    @Test("the request asks for the page with the cursor and the limit, and sends the token when there is one")
    func requestShape() async throws {
        let harness = try RepositoryHarness()
        harness.transport.enqueue(.json(Samples.pageJSON(1...1, next: nil)))
        _ = try await harness.repository.fetchPage(cursor: "abc+/=", limit: 20)
        let request = try #require(harness.transport.requests.first)
        #expect(request.summary == "GET /v1/feed")
        #expect(
            request.queryItems == [
                URLQueryItem(name: "cursor", value: "abc+/="), URLQueryItem(name: "limit", value: "20"),
            ])
        #expect(request.header("Authorization") == "Bearer token-1")
    }

    @Test("messy fixture: every valid post is kept in order, only the broken ones are dropped, each logged")
    func messyFixture() async throws {
        let harness = try RepositoryHarness()
        harness.transport.enqueue(.json(try Samples.fixture("feed_page_messy.json")))
        let page = try await harness.repository.fetchPage(cursor: nil, limit: 20)

        // post_34 ... post_30 have a broken or no image_url: they stay, without a picture.
        #expect(
            page.posts.map(\.id.rawValue) == [
                "post_40", "500039", "post_38", "post_37", "post_36", "post_35", "post_34", "post_33", "post_32",
                "post_31", "post_30", "post_27",
            ])
        #expect(page.posts.filter { $0.imageURL == nil }.map(\.id.rawValue).count == 5)
        #expect(page.droppedCount == 5)
        #expect(page.nextCursor == "cursor-after-post_27")
        #expect(page.storeFailure == nil)

        let byID = Dictionary(uniqueKeysWithValues: page.posts.map { ($0.id.rawValue, $0) })
        #expect(byID["500039"]?.productID == ProductID(rawValue: "1207"))
        #expect(byID["post_38"]?.caption == "")
        #expect(byID["post_37"]?.createdAt == APIJSON.date(from: "2026-02-03T07:59:59.123456Z"))
        #expect(byID["post_36"]?.kind == .unknown("reel"))
        #expect(byID["post_35"]?.kind == .unknown(""))
        #expect(byID["post_35"]?.isLiked == false)
        #expect(byID["post_35"]?.createdAt == APIJSON.date(from: "2026-02-03T06:30:00Z"))
        #expect(byID["post_27"]?.productID == nil)
        #expect(byID["post_27"]?.likeCount == 4999)
        #expect(byID["post_40"]?.likeCount == 12)

        let dropped = harness.warnings.filter { $0.message.description == "feed post dropped" }.compactMap {
            $0.metadata["post_id"]?.description
        }
        #expect(dropped == ["post_29", "post_28", "post_40"])
        let withoutPicture = harness.warnings.filter { $0.message.description == "feed post kept without its picture" }
            .compactMap {
                $0.metadata["post_id"]?.description
            }
        #expect(withoutPicture == ["post_34", "post_33", "post_32", "post_31", "post_30"])
        let unnamed = harness.warnings.filter { $0.metadata["index"] != nil }.compactMap {
            $0.metadata["index"]?.description
        }
        #expect(unnamed == ["13", "14"])
        #expect(try await harness.cachedIDs() == page.posts.map(\.id.rawValue))
    }

    @Test("a page is upserted by server id: fetching it again updates the rows instead of adding rows")
    func upsertByID() async throws {
        let harness = try RepositoryHarness()
        harness.transport.enqueue(.json(Samples.pageJSON(1...3, next: "c1", likes: 10)))
        harness.transport.enqueue(.json(Samples.pageJSON(2...4, next: "c2", likes: 25)))
        _ = try await harness.repository.fetchPage(cursor: nil, limit: 3)
        let refreshed = try await harness.repository.fetchPage(cursor: nil, limit: 3)

        #expect(refreshed.posts.map(\.likeCount) == [25, 25, 25])
        let cached = try #require(try await harness.repository.cachedFeed())
        #expect(cached.posts.map(\.id.rawValue) == ["post_2", "post_3", "post_4"])
        #expect(cached.posts.map(\.likeCount) == [25, 25, 25])
        #expect(cached.nextCursor == "c2")
        #expect(cached.hasMore)
        #expect(cached.refreshedAt == referenceNow)
    }

    @Test("storing a page reads the existing rows with one query, whatever the page size")
    func oneReadPerPage() async throws {
        var counts: [Int] = []
        for size in [2, 40] {
            let harness = try RepositoryHarness()
            harness.transport.enqueue(.json(Samples.pageJSON(1...size, next: "c1")))
            harness.transport.enqueue(.json(Samples.pageJSON((size + 1)...(2 * size), next: "c2")))
            try await harness.database.open()
            _ = try await harness.repository.fetchPage(cursor: nil, limit: size)
            harness.trace.reset()
            _ = try await harness.repository.fetchPage(cursor: "c1", limit: size)
            let statements = harness.trace.statements
            #expect(statements.filter { $0.contains("SELECT") }.count == 1, "\(statements)")
            #expect(statements.filter { $0.hasPrefix("INSERT INTO feed_posts") }.count == 1)
            counts.append(statements.count)
            #expect(try await harness.cachedIDs().count == 2 * size)
        }
        #expect(counts[0] == counts[1])
    }

    @Test("the cache keeps the newest posts up to its limit and the cursor that continues after them")
    func cacheLimit() async throws {
        let harness = try RepositoryHarness(cacheLimit: 4)
        harness.transport.enqueue(.json(Samples.pageJSON(1...3, next: "c1")))
        harness.transport.enqueue(.json(Samples.pageJSON(4...6, next: "c2")))
        harness.transport.enqueue(.json(Samples.pageJSON(7...9, next: "c3")))
        _ = try await harness.repository.fetchPage(cursor: nil, limit: 3)
        let second = try await harness.repository.fetchPage(cursor: "c1", limit: 3)
        #expect(second.posts.count == 3)
        var cached = try #require(try await harness.repository.cachedFeed())
        #expect(cached.posts.map(\.id.rawValue) == ["post_1", "post_2", "post_3", "post_4"])
        #expect(cached.nextCursor == "c1")
        #expect(cached.hasMore)

        _ = try await harness.repository.fetchPage(cursor: "c2", limit: 3)
        cached = try #require(try await harness.repository.cachedFeed())
        #expect(cached.posts.count == 4)
        #expect(cached.nextCursor == "c1")
    }

    @Test("a page that does not continue the cache only updates posts already cached")
    func unrelatedPageOnlyUpdates() async throws {
        let harness = try RepositoryHarness()
        harness.transport.enqueue(.json(Samples.pageJSON(1...3, next: "c1")))
        harness.transport.enqueue(.json(Samples.pageJSON(3...5, next: "other", likes: 99)))
        _ = try await harness.repository.fetchPage(cursor: nil, limit: 3)
        _ = try await harness.repository.fetchPage(cursor: "not-c1", limit: 3)
        let cached = try #require(try await harness.repository.cachedFeed())
        #expect(cached.posts.map(\.id.rawValue) == ["post_1", "post_2", "post_3"])
        #expect(cached.posts.map(\.likeCount) == [10, 10, 99])
        #expect(cached.nextCursor == "c1")
    }

    @Test("the last page records that the cache reaches the end; before any page, there is no cache")
    func endAndNothing() async throws {
        let harness = try RepositoryHarness()
        #expect(try await harness.repository.cachedFeed() == nil)
        harness.transport.enqueue(.json(#"{"posts": [], "next_cursor": null}"#))
        let page = try await harness.repository.fetchPage(cursor: nil, limit: 3)
        #expect(page.posts.isEmpty)
        let cached = try #require(try await harness.repository.cachedFeed())
        #expect(cached.posts.isEmpty)
        #expect(!cached.hasMore)
    }

    @Test("a store that cannot be opened fails only what needs it: pages still load, and nothing is replaced")
    func unusableStore() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appending(path: "storefront.sqlite")
        try Data("this is not a database, and it must stay as it is".utf8).write(to: path)
        let harness = try RepositoryHarness(location: .file(path))
        harness.transport.enqueue(.json(Samples.pageJSON(1...2, next: nil)))

        await #expect(throws: FeedStoreError.self) { try await harness.repository.cachedFeed() }
        let page = try await harness.repository.fetchPage(cursor: nil, limit: 3)
        #expect(page.posts.count == 2)
        #expect(page.storeFailure != nil)
        await #expect(throws: FeedStoreError.self) {
            try await harness.repository.setLike(true, postID: PostID(rawValue: "post_1"))
        }
        #expect(try String(contentsOf: path, encoding: .utf8) == "this is not a database, and it must stay as it is")
    }

    @Test("fetchPost refreshes the cached copy and keeps a pending like on top of the server's state")
    func fetchPost() async throws {
        let harness = try RepositoryHarness()
        harness.transport.enqueue(.json(try Samples.fixture("feed_page_first.json")))
        harness.transport.enqueue(.json(try Samples.fixture("post.json")))
        _ = try await harness.repository.fetchPage(cursor: nil, limit: 3)
        try await harness.repository.setLike(true, postID: PostID(rawValue: "post_3"))

        let post = try await harness.repository.fetchPost(id: PostID(rawValue: "post_3"))
        #expect(post.likeCount == 1302)
        #expect(post.isLiked)
        #expect(post.caption.contains("\n"))
        #expect(try await harness.repository.cachedPost(id: PostID(rawValue: "post_3")) == post)
        #expect(harness.transport.requests.last?.summary == "GET /v1/posts/post_3")
    }

    @Test("a broken post from GET /v1/posts/{id} is an error naming it, and is logged")
    func brokenPost() async throws {
        let harness = try RepositoryHarness()
        harness.transport.enqueue(
            .json(
                #"{"id": 7, "author_name": " ", "image_url": "not a url", "like_count": 1, "created_at": "2026-01-01T00:00:00Z"}"#
            ))
        await #expect(throws: FeedError.self) { try await harness.repository.fetchPost(id: PostID(rawValue: "7")) }
        #expect(harness.warnings.contains { $0.metadata["post_id"]?.description == "7" })
    }
}
