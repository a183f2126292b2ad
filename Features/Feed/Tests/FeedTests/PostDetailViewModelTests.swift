import DesignSystem
import Foundation
import Models
import Networking
import Testing

@testable import Feed

@MainActor
@Suite("PostDetailViewModel: one post by id, fresh or saved, with its like and product")
struct PostDetailViewModelTests {
    let repository = ControlledFeedRepository()
    let formatter = makeFormatter(excerptLength: 24)

    @Test("a post of the feed shows at once, then the fresh copy from the server")
    func postFromFeed() async throws {
        let feature = makeFeature(repository)
        repository.resolvePage(0, with: .success(FeedPage(posts: [Samples.post(180, likes: 1300)], nextCursor: nil)))
        await feature.start()
        let model = PostDetailViewModel(postID: PostID(rawValue: "post_180"), feature: feature, formatter: formatter)
        guard case .loaded(let shown) = model.content else {
            Issue.record("expected the post at once, got \(model.content)")
            return
        }
        #expect(shown.likes == "1,300 likes")

        var fresh = Samples.post(180, likes: 1301, product: "sku_3")
        fresh.caption = "Line one\nLine two"
        repository.setPost(.success(fresh))
        await model.load()
        #expect(
            model.content
                == .loaded(
                    PostDetail(
                        id: PostID(rawValue: "post_180"), author: "author180", age: "3h",
                        publishedAt: "Jan 1, 2026 at 9:00\u{202F}AM",
                        kind: "Photo", caption: "Line one\nLine two", likes: "1,301 likes", isLiked: false,
                        imageURL: "https://images.storefront.example/posts/post_180.jpg", hasProduct: true)))
        #expect(model.notice == nil)
        #expect(feature.posts.first?.likeCount == 1301)

        var products: [ProductID] = []
        feature.onOpenProduct = { products.append($0) }
        model.openProduct()
        #expect(products == ["sku_3"])
        await model.toggleLike()?.value
        #expect(feature.post(withID: PostID(rawValue: "post_180"))?.isLiked == true)
        #expect(repository.likes.map(\.postID) == [PostID(rawValue: "post_180")])
    }

    @Test("a post opened by id that cannot be loaded is a failure with retry, or without it when it is gone")
    func failures() async throws {
        let feature = makeFeature(repository)
        let model = PostDetailViewModel(postID: PostID(rawValue: "post_9"), feature: feature, formatter: formatter)
        #expect(model.content == .loading)
        #expect(model.toggleLike() == nil)

        repository.setPost(.failure(APIError.timeout))
        await model.load()
        #expect(
            model.content
                == .failed(
                    Notice(
                        .error, message: "Couldn't load this post. The server took too long to answer.",
                        actionHint: "Press r to retry")))

        repository.setPost(.failure(APIError.http(status: 404, body: .init(code: "not_found"), retryAfter: nil)))
        await model.retry().value
        #expect(
            model.content
                == .failed(
                    Notice(
                        .error, message: "Couldn't load this post. This post is no longer available.",
                        actionHint: nil)))

        repository.setPost(.success(Samples.post(9)))
        await model.load()
        guard case .loaded = model.content else {
            Issue.record("expected the post after a successful retry")
            return
        }
    }

    @Test("offline, the saved copy is shown with a notice")
    func savedCopy() async throws {
        let feature = makeFeature(repository)
        repository.setPost(.failure(APIError.transport(.notConnectedToInternet)), cached: [Samples.post(4)])
        let model = PostDetailViewModel(postID: PostID(rawValue: "post_4"), feature: feature, formatter: formatter)
        await model.load()
        guard case .loaded(let post) = model.content else {
            Issue.record("expected the saved copy, got \(model.content)")
            return
        }
        #expect(post.author == "author4")
        #expect(
            model.notice
                == Notice(.warning, message: "Showing a saved copy. You're offline.", actionHint: "Press r to retry"))
    }
}
