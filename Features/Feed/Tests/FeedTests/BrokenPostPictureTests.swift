import DesignSystem
import FeaturePictures
import FeaturePicturesTestSupport
import Foundation
import Logging
import Models
import Persistence
import Primitives
import TerminalUI
import TestSupport
import Testing

@testable import Feed

/// A post whose `image_url` is missing or broken stays in the feed, in the cache and on its screen; only its picture
/// is replaced by a neutral placeholder, and the broken value is logged once where it was read.
@Suite("Posts with a missing or broken image_url")
struct BrokenPostPictureTests {
    /// The messy `image_url` values the server may send, by post id; `nil` leaves the field out.
    static let messyValues: [(key: String, value: String?)] = [
        ("post_1", "https://images.storefront.example/posts/post_1.jpg"),
        ("post_2", "/v1/images/posts/post_2.jpg"),  // relative to the server
        ("post_3", "images/post_3.jpg"),  // relative to the page
        ("post_4", "//images.storefront.example/posts/post_4.jpg"),  // scheme-relative
        ("post_5", "not a url \u{1B}[31m at all"),  // garbage, with an escape byte
        ("post_6", ""),
        ("post_7", "ftp://images.storefront.example/posts/post_7.jpg"),  // not http(s)
        ("post_8", "data:image/png;base64,iVBORw0KGgo="),  // not http(s), no host
        ("post_9", "http://"),  // no host
        ("post_10", nil),  // missing
    ]

    /// A `GET /v1/feed` page of one post per messy value, in that order.
    static func messyPageJSON() throws -> String {
        var posts: [[String: Any]] = []
        for (index, (id, imageURL)) in messyValues.enumerated() {
            var post: [String: Any] = [
                "id": id, "author_name": "author\(index)", "caption": "Caption \(index)", "like_count": index,
                "liked_by_me": false, "created_at": "2026-01-01T10:\(String(format: "%02d", 59 - index)):00Z",
                "kind": "photo",
            ]
            if let imageURL { post["image_url"] = imageURL }
            posts.append(post)
        }
        let data = try JSONSerialization.data(
            withJSONObject: ["posts": posts, "next_cursor": "after-post_10"], options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    @Test("every messy image_url keeps its post, without a picture, in order; each is logged once with its value")
    func messyValuesKeepThePost() async throws {
        let harness = try RepositoryHarness()
        harness.transport.enqueue(.json(try Self.messyPageJSON()))
        let page = try await harness.repository.fetchPage(cursor: nil, limit: 20)

        #expect(page.posts.map(\.id.rawValue) == Self.messyValues.map(\.key))
        #expect(page.droppedCount == 0)
        #expect(page.posts.first?.imageURL?.absoluteString == "https://images.storefront.example/posts/post_1.jpg")
        #expect(page.posts.dropFirst().allSatisfy { $0.imageURL == nil })
        #expect(try await harness.cachedIDs() == page.posts.map(\.id.rawValue))

        let warnings = harness.warnings
        #expect(warnings.allSatisfy { $0.message.description == "feed post kept without its picture" })
        #expect(
            warnings.compactMap { $0.metadata["post_id"]?.description }
                == Array(Self.messyValues.map(\.key).dropFirst()))
        let logged = warnings.map { $0.metadata["image_url"]?.description }
        #expect(logged == Self.messyValues.dropFirst().map(\.value))
        #expect(warnings.last?.metadata["reason"]?.description == "image_url is missing")
    }

    @Test("fetching the page again, or the post alone, logs nothing more; another broken value is logged again")
    func loggedOncePerValue() async throws {
        let harness = try RepositoryHarness()
        harness.transport.enqueue(.json(try Self.messyPageJSON()))
        harness.transport.enqueue(.json(try Self.messyPageJSON()))
        _ = try await harness.repository.fetchPage(cursor: nil, limit: 20)
        _ = try await harness.repository.fetchPage(cursor: nil, limit: 20)
        harness.transport.enqueue(
            .json(
                #"{"id": "post_6", "author_name": "ana", "image_url": "", "like_count": 4, "created_at": "2026-01-01T00:00:00Z"}"#
            ))
        _ = try await harness.repository.fetchPost(id: PostID(rawValue: "post_6"))
        #expect(harness.warnings.count == Self.messyValues.count - 1)

        harness.transport.enqueue(
            .json(
                #"{"id": "post_6", "author_name": "ana", "image_url": "gopher://x", "like_count": 4, "created_at": "2026-01-01T00:00:00Z"}"#
            ))
        _ = try await harness.repository.fetchPost(id: PostID(rawValue: "post_6"))
        #expect(harness.warnings.count == Self.messyValues.count)
        #expect(harness.warnings.last?.metadata["image_url"]?.description == "gopher://x")
    }

    @Test("a garbage image_url is logged at most 200 characters long")
    func longGarbageIsShortened() async throws {
        let harness = try RepositoryHarness()
        let garbage = String(repeating: "x", count: 5000)
        harness.transport.enqueue(
            .json(
                #"{"posts": [{"id": "post_1", "author_name": "ana", "image_url": "\#(garbage)", "like_count": 1, "created_at": "2026-01-01T00:00:00Z"}], "next_cursor": null}"#
            ))
        let page = try await harness.repository.fetchPage(cursor: nil, limit: 20)
        #expect(page.posts.map(\.id.rawValue) == ["post_1"])
        let logged = try #require(harness.warnings.first?.metadata["image_url"]?.description)
        #expect(logged == String(repeating: "x", count: 200) + "\u{2026}")
    }

    @Test("GET /v1/posts/{id} with a broken image_url returns the post without a picture and caches it")
    func singlePostKeepsItsText() async throws {
        let harness = try RepositoryHarness()
        harness.transport.enqueue(.json(try Self.messyPageJSON()))
        _ = try await harness.repository.fetchPage(cursor: nil, limit: 20)
        harness.transport.enqueue(
            .json(
                #"{"id": "post_7", "author_name": "ana", "caption": "Fresh", "image_url": "ftp://x/y.jpg", "like_count": 4, "created_at": "2026-01-01T00:00:00Z"}"#
            ))
        let post = try await harness.repository.fetchPost(id: PostID(rawValue: "post_7"))
        #expect(post.imageURL == nil && post.caption == "Fresh" && post.likeCount == 4)
        #expect(try await harness.repository.cachedPost(id: PostID(rawValue: "post_7")) == post)
    }

    @Test("posts cached without a picture, and a like on one waiting in the outbox, load again after a restart")
    func cachedAfterRestart() async throws {
        let directory = try TemporaryDirectory()
        let file = DatabaseLocation.file(directory.url.appending(path: "storefront.sqlite"))
        let first = try RepositoryHarness(location: file)
        first.transport.enqueue(.json(try Self.messyPageJSON()))
        let fetched = try await first.repository.fetchPage(cursor: nil, limit: 20).posts
        try await first.repository.setLike(true, postID: PostID(rawValue: "post_5"))
        await first.outbox.stop()
        await first.database.close()

        let second = try RepositoryHarness(location: file, startingAfter: 60)
        let cached = try #require(try await second.repository.cachedFeed())
        #expect(cached.posts.map(\.id) == fetched.map(\.id))
        #expect(cached.posts.map(\.imageURL) == fetched.map(\.imageURL))
        #expect(cached.nextCursor == "after-post_10")
        let liked = try #require(try await second.repository.cachedPost(id: PostID(rawValue: "post_5")))
        #expect(liked.imageURL == nil && liked.isLiked && liked.likeCount == 5)
        #expect(try await second.outbox.pendingCount() == 1)
        // Reading the cache never logs: the broken value was logged when it arrived.
        #expect(second.warnings.isEmpty)
        await second.database.close()
    }
}

/// The screens of a post without a usable picture.
@MainActor
@Suite("A post without a usable picture on its screens")
struct BrokenPostPictureScreenTests {
    let repository = ControlledFeedRepository()
    let formatter = makeFormatter(excerptLength: 24)

    /// Post `number` as the repository hands it over when its `image_url` was broken.
    private func postWithoutPicture(_ number: Int) -> Post {
        var post = Samples.post(number, likes: 3)
        post.imageURL = nil
        return post
    }

    @Test("the post screen shows the post with the neutral placeholder, loads nothing and logs nothing per redraw")
    func detailShowsPlaceholder() async throws {
        let feature = makeFeature(repository)
        let post = postWithoutPicture(181)
        repository.resolvePage(0, with: .success(FeedPage(posts: [post], nextCursor: nil)))
        await feature.start()
        let loads = Locked(0)
        let log = CapturingLogHandler()
        let pictures = ScreenPictures(
            isEnabled: true,
            load: { url, _ in
                loads.withLock { $0 += 1 }
                throw URLError(.fileDoesNotExist, userInfo: [NSURLErrorFailingURLErrorKey: url])
            }, logger: Logger(label: "test", handler: log))

        let model = PostDetailViewModel(postID: post.id, feature: feature, formatter: formatter, pictures: pictures)
        #expect(model.picture.state == .unavailable)
        guard case .loaded(let detail) = model.content else {
            Issue.record("expected the post, got \(model.content)")
            return
        }
        #expect(detail.imageURL == nil && detail.author == "author181")
        let view = PostDetailView(viewModel: model, theme: .unicode, keyMap: .defaults)
        for columns in [80, 60, 40] {
            let text = view.render(size: TerminalSize(columns: columns, rows: 40)).map(\.plainText)
            #expect(text.contains { $0.contains("Caption 181") })
            #expect(text.contains { $0.contains("[ picture unavailable ]") })
            #expect(text.contains { $0.contains("Picture address missing or broken") })
        }

        // Loading the post again (still without a picture) keeps the placeholder.
        repository.setPost(.success(post))
        await model.load()
        #expect(model.picture.state == .unavailable)
        #expect(loads.withLock { $0 } == 0)
        #expect(log.records.isEmpty)
    }

    @Test("with pictures off the post screen shows no placeholder, only that there is no picture")
    func detailWithPicturesOff() async throws {
        let feature = makeFeature(repository)
        let post = postWithoutPicture(182)
        repository.resolvePage(0, with: .success(FeedPage(posts: [post], nextCursor: nil)))
        await feature.start()
        let pictures = ControlledPictures([:]).screenPictures(
            isEnabled: false, logger: Logger(label: "test", handler: CapturingLogHandler()))
        let model = PostDetailViewModel(postID: post.id, feature: feature, formatter: formatter, pictures: pictures)
        #expect(model.picture.state == .none)
        let text = PostDetailView(viewModel: model, theme: .unicode, keyMap: .defaults).render(
            size: TerminalSize(columns: 80, rows: 40)
        )
        .map(\.plainText)
        #expect(!text.contains { $0.contains("[ picture unavailable ]") })
        #expect(text.contains { $0.contains("Picture address missing or broken") })
    }

    @Test("the feed list shows a post without a picture and prefetches only the pictures that exist")
    func listKeepsThePost() async throws {
        let feature = makeFeature(repository, pageSize: 4)
        let posts = [Samples.post(1), postWithoutPicture(2), Samples.post(3), postWithoutPicture(4)]
        repository.resolvePage(0, with: .success(FeedPage(posts: posts, nextCursor: nil)))
        await feature.start()
        let urls = posts.compactMap(\.imageURL)
        let source = ControlledPictures([:], holding: Set(urls))
        let pictures = source.screenPictures(logger: Logger(label: "test", handler: CapturingLogHandler()))
        let model = FeedListViewModel(feature: feature, formatter: formatter, pictures: pictures)
        let lines = FeedListView(viewModel: model, theme: .ascii, keyMap: .defaults).render(
            size: TerminalSize(columns: 80, rows: 40))
        for number in 1...4 {
            #expect(lines.contains { $0.plainText.contains("author\(number)") })
        }
        #expect(model.prefetchedPictures == Set(urls))
        for url in urls { source.release(url) }
    }
}
