import DesignSystem
import Foundation
import Models
import TerminalUI
import TestSupport
import Testing

@testable import Feed

@MainActor
@Suite("Feed console views: what they draw and which keys they use")
struct FeedViewsTests {
    let repository = ControlledFeedRepository()
    let formatter = makeFormatter(excerptLength: 30)

    @Test("the list draws the heading, the rows with their likes and the key hints, within the size")
    func listRendering() async throws {
        let feature = makeFeature(repository)
        var liked = Samples.post(180, likes: 1234, liked: true, product: "sku_1")
        liked.caption = "The glaze came out better than expected."
        repository.resolvePage(0, with: .success(FeedPage(posts: [liked, Samples.post(2)], nextCursor: nil)))
        await feature.start()
        let view = FeedListView(
            viewModel: FeedListViewModel(feature: feature, formatter: formatter, pictures: nil), theme: .unicode,
            keyMap: .defaults)

        let size = TerminalSize(columns: 60, rows: 14)
        let lines = view.render(size: size)
        let text = lines.map(\.plainText)
        #expect(lines.count <= size.rows)
        #expect(lines.allSatisfy { $0.width <= size.columns })
        #expect(text.first == "Feed")
        #expect(text.contains { $0.contains("author180 · 3h · Shop") && $0.contains("♥ 1.2K") })
        #expect(text.contains { $0.contains("The glaze came out better…") })
        #expect(text.contains { $0.contains("author2 · 2m") && $0.contains("♡ 10") })
        #expect(text.contains { $0.contains("You're all caught up.") })
        #expect(text.last?.contains("enter") == true)

        let ascii = FeedListView(
            viewModel: FeedListViewModel(feature: feature, formatter: formatter, pictures: nil), theme: .ascii,
            keyMap: .defaults)
        #expect(ascii.render(size: size).map(\.plainText).contains { $0.contains("* 1.2K") })
    }

    @Test("the list shows the first-load failure as a full message, never as an empty list")
    func listFailure() async throws {
        let feature = makeFeature(repository)
        repository.resolvePage(0, with: .failure(FeedError(kind: .server, detail: "HTTP 500")))
        await feature.start()
        let view = FeedListView(
            viewModel: FeedListViewModel(feature: feature, formatter: formatter, pictures: nil), theme: .unicode,
            keyMap: .defaults)
        let text = view.render(size: TerminalSize(columns: 60, rows: 12)).map(\.plainText).joined(separator: "\n")
        #expect(text.contains("Couldn't load the feed"))
        #expect(text.contains("Press r to retry"))
        #expect(!text.contains("No posts yet"))
    }

    @Test("keys: enter opens, l likes, p opens the product, r refreshes; others are left to the App")
    func listKeys() async throws {
        let feature = makeFeature(repository)
        repository.resolvePage(0, with: .success(FeedPage(posts: [Samples.post(1, product: "sku_1")], nextCursor: nil)))
        await feature.start()
        var events: [String] = []
        feature.onOpenPost = { events.append("post \($0)") }
        feature.onOpenProduct = { events.append("product \($0)") }
        let view = FeedListView(
            viewModel: FeedListViewModel(feature: feature, formatter: formatter, pictures: nil), theme: .unicode,
            keyMap: .defaults)

        #expect(view.keyHelp.map(\.key) == ["↑↓", "enter", "l", "p", "r"], "the help lists the keys handled below")
        #expect(view.handle(KeyEvent(.enter)) == .handled)
        #expect(view.handle(.character("p")) == .handled)
        #expect(view.handle(.character("l")) == .handled)
        #expect(view.handle(.character("q")) == .ignored)
        #expect(view.handle(.control("c")) == .ignored)
        #expect(view.handle(KeyEvent(.down)) == .handled)
        #expect(events == ["post post_1", "product sku_1"])
        try await waitUntil { repository.likes.count == 1 }

        #expect(view.handle(.character("r")) == .handled)
        try await repository.waitForPageRequests(count: 2)
        repository.resolvePage(1, with: .success(Samples.page(1...1, next: nil)))
    }

    @Test("with likes off (the feed_likes flag), nothing offers or records a like")
    func likesOff() async throws {
        let feature = makeFeature(repository, likesEnabled: false)
        repository.resolvePage(0, with: .success(Samples.page(1...2, next: nil)))
        await feature.start()
        let list = FeedListView(
            viewModel: FeedListViewModel(feature: feature, formatter: formatter, pictures: nil), theme: .unicode,
            keyMap: .defaults)
        let detail = PostDetailView(
            viewModel: PostDetailViewModel(postID: PostID(rawValue: "post_1"), feature: feature, formatter: formatter),
            theme: .unicode, keyMap: .defaults)

        #expect(list.handle(.character("l")) == .ignored)
        #expect(detail.handle(.character("l")) == .ignored)
        await feature.toggleLike(PostID(rawValue: "post_1"))
        #expect(repository.likes.isEmpty)
        #expect(feature.post(withID: PostID(rawValue: "post_1"))?.isLiked == false)
        let text = list.render(size: TerminalSize(columns: 60, rows: 12)).map(\.plainText)
        #expect(text.last?.contains("like") == false)
        #expect(detail.render(size: TerminalSize(columns: 60, rows: 16)).last?.plainText.contains("like") == false)
    }

    @Test("the detail draws the post in a card, the likes in full, and the keys it offers")
    func detailRendering() async throws {
        let feature = makeFeature(repository)
        var post = Samples.post(3, likes: 1301, product: "sku_12", kind: .carousel)
        post.caption = "New mug day.\nMore photos tomorrow."
        repository.resolvePage(0, with: .success(FeedPage(posts: [post], nextCursor: nil)))
        await feature.start()
        let model = PostDetailViewModel(postID: post.id, feature: feature, formatter: formatter)
        let view = PostDetailView(viewModel: model, theme: .unicode, keyMap: .defaults)

        let size = TerminalSize(columns: 50, rows: 20)
        let lines = view.render(size: size)
        let text = lines.map(\.plainText)
        #expect(lines.allSatisfy { $0.width <= size.columns })
        #expect(text.first == "author3")
        #expect(text.contains { $0.contains("New mug day.") })
        #expect(text.contains { $0.contains("More photos tomorrow.") })
        #expect(text.contains { $0.contains("♡ 1,301 likes") })
        #expect(text.contains { $0.contains("Press p to see the product") })

        var products: [ProductID] = []
        feature.onOpenProduct = { products.append($0) }
        #expect(view.handle(.character("p")) == .handled)
        #expect(products == ["sku_12"])
        #expect(view.handle(KeyEvent(.escape)) == .ignored)
    }
}
