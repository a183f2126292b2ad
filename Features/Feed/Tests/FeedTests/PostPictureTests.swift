import DesignSystem
import FeaturePictures
import Feed
import Foundation
import Images
import Logging
import Models
import Primitives
import TerminalUI
import TestSupport
import Testing

@MainActor
@Suite("Post pictures on the post screen")
struct PostPictureTests {
    let repository = ControlledFeedRepository()
    let formatter = makeFormatter(excerptLength: 24)

    /// Answers each URL with a picture of one colour, or fails for URLs it has none of; counts the loads.
    private final class Pictures: Sendable {
        struct Missing: Error {}
        let image: DecodedImage?
        let good: Set<URL>
        private let counts = Locked([URL: Int]())

        init(good: Set<URL>) {
            image = DecodedImage(
                size: PixelSize(width: 32, height: 24),
                pixels: Array(repeating: [40, 200, 60, 255], count: 32 * 24).flatMap { $0 })
            self.good = good
        }

        func calls(_ url: URL) -> Int { counts.withLock { $0[url] ?? 0 } }

        func load(_ url: URL) throws -> DecodedImage {
            counts.withLock { $0[url, default: 0] += 1 }
            guard good.contains(url), let image else { throw Missing() }
            return image
        }
    }

    @Test("the post's picture is drawn in its colours; a broken one shows the placeholder and the address")
    func pictureAndPlaceholder() async throws {
        let feature = makeFeature(repository)
        let shown = Samples.post(180, likes: 3)
        let broken = Samples.post(181, likes: 3)
        let shownURL = try #require(shown.imageURL)
        let brokenURL = try #require(broken.imageURL)
        repository.resolvePage(0, with: .success(FeedPage(posts: [shown, broken], nextCursor: nil)))
        await feature.start()
        let source = Pictures(good: [shownURL])
        let log = CapturingLogHandler()
        let pictures = ScreenPictures(
            isEnabled: true, load: { url, _ in try source.load(url) }, logger: Logger(label: "test", handler: log))

        let model = PostDetailViewModel(
            postID: shown.id, feature: feature, formatter: formatter, pictures: pictures)
        try await waitUntil("the picture is decoded") {
            if case .loaded = model.picture.state { true } else { false }
        }
        let view = PostDetailView(viewModel: model, theme: .unicode, keyMap: .defaults)
        let lines = view.render(size: TerminalSize(columns: 80, rows: 40))
        let green = lines.flatMap(\.spans).compactMap { $0.style.background?.rgb ?? $0.style.foreground?.rgb }
            .filter { $0.green > 150 && $0.red < 100 }
        #expect(green.count > 10)
        #expect(!lines.map(\.plainText).contains { $0.contains(shownURL.absoluteString) })
        #expect(source.calls(shownURL) == 1)

        let other = PostDetailViewModel(
            postID: broken.id, feature: feature, formatter: formatter, pictures: pictures)
        try await waitUntil("the picture fails") { other.picture.state == .unavailable }
        let text = PostDetailView(viewModel: other, theme: .unicode, keyMap: .defaults).render(
            size: TerminalSize(columns: 80, rows: 40)
        )
        .map(\.plainText)
        #expect(text.contains { $0.contains("[ picture unavailable ]") })
        #expect(text.contains { $0.contains(brokenURL.absoluteString) })
        #expect(log.messages == ["picture unavailable"])
    }

    @Test("a narrower or lower screen redraws the picture smaller inside the card, without loading it again")
    func resizedScreenRedrawsFromMemory() async throws {
        let feature = makeFeature(repository)
        let post = Samples.post(182, likes: 3)
        let url = try #require(post.imageURL)
        repository.resolvePage(0, with: .success(FeedPage(posts: [post], nextCursor: nil)))
        await feature.start()
        let source = Pictures(good: [url])
        let pictures = ScreenPictures(
            isEnabled: true, load: { url, _ in try source.load(url) },
            logger: Logger(label: "test", handler: CapturingLogHandler()))
        let model = PostDetailViewModel(postID: post.id, feature: feature, formatter: formatter, pictures: pictures)
        try await waitUntil("the picture is decoded") {
            if case .loaded = model.picture.state { true } else { false }
        }
        let view = PostDetailView(viewModel: model, theme: .unicode, keyMap: .defaults)
        // The most cells in the picture's green on a line, and the number of lines with any: its size in cells.
        func pictureSize(_ size: TerminalSize) -> (columns: Int, rows: Int) {
            let lines = view.render(size: size)
            #expect(lines.allSatisfy { $0.width <= size.columns && !$0.plainText.contains("\u{2026}") })
            let widths = lines.map { line in
                line.spans.filter { span in
                    let colour = span.style.background?.rgb ?? span.style.foreground?.rgb
                    return colour.map { $0.green > 150 && $0.red < 100 } ?? false
                }
                .reduce(0) { $0 + $1.width }
            }
            return (widths.max() ?? 0, widths.filter { $0 > 0 }.count)
        }
        let wide = pictureSize(TerminalSize(columns: 80, rows: 40))
        // 16 rows of a 4:3 picture are 42 columns wide: within the 60 columns the card allows.
        #expect(wide.rows == 16 && wide.columns <= 60)
        let narrow = pictureSize(TerminalSize(columns: 30, rows: 40))
        #expect(narrow.columns == 26 && narrow.rows < wide.rows)
        let low = pictureSize(TerminalSize(columns: 80, rows: 12))
        #expect(low.rows <= 6 && low.columns < wide.columns)
        #expect(pictureSize(TerminalSize(columns: 80, rows: 40)) == wide)
        #expect(source.calls(url) == 1)
    }

    @Test("with pictures off the post screen loads no picture and shows the address")
    func picturesOff() async throws {
        let feature = makeFeature(repository)
        let post = Samples.post(7, likes: 1)
        let url = try #require(post.imageURL)
        repository.resolvePage(0, with: .success(FeedPage(posts: [post], nextCursor: nil)))
        await feature.start()
        let source = Pictures(good: [url])
        let pictures = ScreenPictures(
            isEnabled: false, load: { url, _ in try source.load(url) },
            logger: Logger(label: "test", handler: CapturingLogHandler()))
        let model = PostDetailViewModel(postID: post.id, feature: feature, formatter: formatter, pictures: pictures)
        let text = PostDetailView(viewModel: model, theme: .unicode, keyMap: .defaults).render(
            size: TerminalSize(columns: 80, rows: 40)
        )
        .map(\.plainText)
        #expect(text.contains { $0.contains(url.absoluteString) })
        #expect(model.picture.state == .none && source.calls(url) == 0)
    }
}
