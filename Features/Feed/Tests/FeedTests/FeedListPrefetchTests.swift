import DesignSystem
import FeaturePictures
import FeaturePicturesTestSupport
import Foundation
import Images
import Logging
import Models
import TerminalUI
import TestSupport
import Testing

@testable import Feed

@MainActor
@Suite("Feed list: pictures of the rows about to appear are loaded ahead")
struct FeedListPrefetchTests {
    let repository = ControlledFeedRepository()
    let formatter = makeFormatter(excerptLength: 24)
    /// 60 columns by 16 rows: a few posts on screen out of 20.
    let size = TerminalSize(columns: 60, rows: 16)

    /// A 4x4 picture of one colour, a different one for each `number`.
    private static func picture(_ number: Int) -> DecodedImage? {
        let pixel: [UInt8] = [UInt8(number * 11 % 256), 80, 160, 255]
        return DecodedImage(
            size: PixelSize(width: 4, height: 4), pixels: Array(repeating: pixel, count: 16).flatMap { $0 })
    }

    /// A feed of posts `numbers` (one page, no next cursor), a source holding every post's picture until released,
    /// and the list's view model and view over both.
    private func makeList(
        _ numbers: ClosedRange<Int>, extra: [Post] = [], enabled: Bool = true
    ) async throws -> (FeedFeature, ControlledPictures, FeedListViewModel, FeedListView) {
        let feature = makeFeature(repository, pageSize: numbers.count)
        let posts = Samples.posts(numbers)
        repository.resolvePage(0, with: .success(FeedPage(posts: posts, nextCursor: nil)))
        await feature.start()
        try #require(feature.posts.count == numbers.count)
        var images: [URL: DecodedImage] = [:]
        for (index, post) in (posts + extra).enumerated() {
            images[try #require(post.imageURL)] = Self.picture(index + 1)
        }
        let source = ControlledPictures(images, holding: Set(images.keys))
        let pictures = source.screenPictures(
            isEnabled: enabled, logger: Logger(label: "test", handler: CapturingLogHandler()))
        let model = FeedListViewModel(feature: feature, formatter: formatter, pictures: pictures)
        return (feature, source, model, FeedListView(viewModel: model, theme: .ascii, keyMap: .defaults))
    }

    /// How many posts the frame shows (each row's title names its author).
    private func rowsOnScreen(_ lines: [StyledLine]) -> Int {
        lines.filter { $0.plainText.contains("author") }.count
    }

    @Test("laying the list out loads the pictures of the posts on screen and of the next screenful, once each")
    func rowsAboutToAppearAreRequested() async throws {
        let (feature, source, model, view) = try await makeList(1...20)
        let shown = rowsOnScreen(view.render(size: size))
        try #require(shown > 0 && 2 * shown < 20)
        let urls = feature.posts.compactMap(\.imageURL)
        // The posts on screen and the next screenful, from the top (the list's page may count the "more" line as a
        // row's room, so one more row may be wanted).
        let ahead = Array(urls.prefix(model.prefetchedPictures.count))
        #expect(model.prefetchedPictures == Set(ahead))
        #expect((2 * shown...2 * (shown + 1)).contains(ahead.count))
        try await waitUntil("each wanted picture is asked for") { ahead.allSatisfy { source.waiting($0) == 1 } }

        _ = view.render(size: size)
        _ = view.render(size: TerminalSize(columns: 80, rows: 16))
        #expect(urls.map(source.calls) == ahead.map { _ in 1 } + Array(repeating: 0, count: 20 - ahead.count))
        #expect(source.boxes(urls[0]) == [ScreenPictures.decodeBox])
        for url in urls { source.release(url) }
    }

    @Test("scrolling away cancels the pictures no longer wanted and asks for the ones coming into view")
    func scrollingAwayCancels() async throws {
        let (feature, source, model, view) = try await makeList(1...20)
        _ = view.render(size: size)
        let urls = feature.posts.compactMap(\.imageURL)
        let ahead = urls.filter(model.prefetchedPictures.contains)
        try #require(!ahead.isEmpty)
        try await waitUntil("the first screenfuls wait") { ahead.allSatisfy { source.waiting($0) == 1 } }

        #expect(view.handle(KeyEvent(.end)) == .handled)
        _ = view.render(size: size)
        #expect(model.prefetchedPictures.contains(urls[19]))
        #expect(!model.prefetchedPictures.contains(urls[0]))
        let dropped = ahead.filter { !model.prefetchedPictures.contains($0) }
        try #require(!dropped.isEmpty)
        try await waitUntil("the rows left behind are cancelled and the last row's picture is asked for") {
            dropped.allSatisfy { source.cancelled($0) == 1 } && source.waiting(urls[19]) == 1
        }
        #expect(model.prefetchedPictures.allSatisfy { source.cancelled($0) == 0 && source.calls($0) == 1 })

        // A screen without posts wants nothing.
        model.prefetchPictures(visibleCount: 0)
        #expect(model.prefetchedPictures.isEmpty)
        for url in urls { source.release(url) }
    }

    @Test("posts inserted above keep every post's own picture: nothing is cancelled or asked twice")
    func movedRowsKeepTheirPictures() async throws {
        let newcomer = Samples.post(99)
        let newcomerURL = try #require(newcomer.imageURL)
        let (feature, source, model, view) = try await makeList(1...20, extra: [newcomer])
        let shown = rowsOnScreen(view.render(size: size))
        let before = model.prefetchedPictures
        let urls = feature.posts.compactMap(\.imageURL)
        try await waitUntil("the first screenfuls wait") { before.allSatisfy { source.waiting($0) == 1 } }

        feature.announceNewPost(newcomer)
        #expect(model.showNewPosts())
        #expect(feature.posts.first?.id == newcomer.id)
        _ = view.render(size: size)
        // The rows moved down one place; the pictures wanted are still those of the same posts.
        #expect(model.prefetchedPictures == before)
        #expect(urls.allSatisfy { source.cancelled($0) == 0 })
        #expect(before.allSatisfy { source.calls($0) == 1 })

        // Back at the top the new post's row comes into view and its picture is wanted.
        #expect(view.handle(KeyEvent(.home)) == .handled)
        #expect(rowsOnScreen(view.render(size: size)) == shown)
        #expect(model.prefetchedPictures.contains(newcomerURL))
        #expect(model.selectedPostID == newcomer.id)

        // A picture slot reused for the post now in the first row shows that post's picture only, even when the
        // picture of the row's previous post answers late.
        let slot = PictureSlot()
        let fresh = try #require(Self.picture(21))
        let slow = ControlledPictures(
            [urls[0]: try #require(Self.picture(1)), newcomerURL: fresh],
            holding: [urls[0]], ignoresCancellation: true)
        let pictures = slow.screenPictures(logger: Logger(label: "test", handler: CapturingLogHandler()))
        slot.show(urls[0], pictures: pictures)
        try await waitUntil("the previous post's picture is on its way") { slow.waiting(urls[0]) == 1 }
        slot.show(feature.posts[0].imageURL, pictures: pictures)
        try await waitUntil("the new post's picture is shown") { slot.state == .loaded(fresh) }
        slow.release(urls[0])
        try await waitUntil("the late answer is dropped") { slot.discarded == 1 }
        #expect(slot.state == .loaded(fresh))
        for url in urls + [newcomerURL] { source.release(url) }
    }

    @Test("with pictures off the list loads none")
    func nothingWhenOff() async throws {
        let (feature, source, model, view) = try await makeList(1...6, enabled: false)
        _ = view.render(size: size)
        #expect(model.prefetchedPictures.isEmpty)
        #expect(feature.posts.compactMap(\.imageURL).allSatisfy { source.calls($0) == 0 })
    }
}
