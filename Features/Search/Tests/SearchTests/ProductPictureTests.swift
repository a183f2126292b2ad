import DesignSystem
import FeaturePictures
import FeaturePicturesTestSupport
import Foundation
import Images
import Logging
import Models
import Primitives
import TerminalUI
import TestSupport
import Testing

@testable import Search

@MainActor
@Suite("Product pictures on screens")
struct ProductPictureTests {
    private static let locale = Locale(identifier: "en_US")

    /// A `width` x `height` picture: red on the left half, blue on the right.
    private static func halves(width: Int = 64, height: Int = 48) -> DecodedImage? {
        var pixels: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width {
                pixels += x < width / 2 ? [230, 20, 20, 255] : [20, 20, 230, 255]
            }
        }
        return DecodedImage(size: PixelSize(width: width, height: height), pixels: pixels)
    }

    private func pictures(
        _ source: ControlledPictures, enabled: Bool = true, log: CapturingLogHandler = CapturingLogHandler()
    ) -> ScreenPictures {
        ScreenPictures(
            isEnabled: enabled, load: { try await source.load($0, $1) }, logger: Logger(label: "test", handler: log))
    }

    private static func backgrounds(_ line: StyledLine) -> [RGB] {
        line.spans.flatMap { span in Array(repeating: span.style.background?.rgb, count: span.width) }
            .compactMap { $0 }
    }

    @Test("the picture is drawn in coloured cells and redrawn at a new width without loading again")
    func drawnAndResized() async throws {
        let harness = try FeatureHarness()
        let product = TestValues.product("5", title: "Lamp", priceMinor: 100)
        let url = try #require(product.imageURL)
        let source = ControlledPictures([url: try #require(Self.halves())])
        let model = ProductDetailViewModel(
            productID: "5", preview: product, feature: harness.feature, locale: Self.locale,
            pictures: pictures(source))
        try await waitUntil("the picture is decoded") {
            if case .loaded = model.picture.state { true } else { false }
        }
        let narrow = model.pictureLines(columns: 20, maxRows: 10)
        #expect(narrow.count > 1)
        #expect(narrow.allSatisfy { $0.width == 20 })
        let row = try #require(narrow.first)
        let colours = Self.backgrounds(row) + row.spans.compactMap { $0.style.foreground?.rgb }
        #expect(colours.contains { $0.red > 150 && $0.blue < 100 })
        #expect(colours.contains { $0.blue > 150 && $0.red < 100 })
        // The left cells are red, the right cells blue, in every form the renderer may pick.
        let first = try #require(row.spans.first?.style)
        let last = try #require(row.spans.last?.style)
        #expect([.red, .brightRed].contains((first.background ?? first.foreground)?.ansi16))
        #expect([.blue, .brightBlue].contains((last.background ?? last.foreground)?.ansi16))
        #expect(model.image == nil)

        let wide = model.pictureLines(columns: 40, maxRows: 20)
        #expect(wide.first?.width == 40)
        #expect(model.pictureLines(columns: 40, maxRows: 20) == wide)
        #expect(source.calls(url) == 1)
    }

    @Test("a broken picture shows a neutral placeholder and is logged once however many screens ask")
    func brokenPictureLoggedOnce() async throws {
        let harness = try FeatureHarness()
        let product = TestValues.product("6", title: "Chair", priceMinor: 100)
        let log = CapturingLogHandler()
        let shared = pictures(ControlledPictures([:]), log: log)
        for _ in 0..<3 {
            let model = ProductDetailViewModel(
                productID: "6", preview: product, feature: harness.feature, locale: Self.locale, pictures: shared)
            try await waitUntil("the picture fails") { model.picture.state == .unavailable }
            let lines = model.pictureLines(columns: 30, maxRows: 10)
            #expect(lines.map(\.plainText) == ["[ picture unavailable ]"])
            #expect(model.image == "Image: https://images.storefront.test/6.jpg")
        }
        #expect(log.messages.filter { $0 == "picture unavailable" }.count == 1)
    }

    @Test("with pictures off nothing is loaded or drawn")
    func picturesOff() async throws {
        let harness = try FeatureHarness()
        let product = TestValues.product("7", title: "Rug", priceMinor: 100)
        let url = try #require(product.imageURL)
        let source = ControlledPictures([url: try #require(Self.halves())])
        let model = ProductDetailViewModel(
            productID: "7", preview: product, feature: harness.feature, locale: Self.locale,
            pictures: pictures(source, enabled: false))
        #expect(model.picture.state == .none)
        #expect(model.pictureLines(columns: 30, maxRows: 10).isEmpty)
        #expect(source.calls(url) == 0)
    }

    @Test(
        "a slot given another picture never shows the first one: its wait is cancelled, and a late answer is dropped",
        arguments: [false, true])
    func reusedSlotKeepsItsOwnPicture(slowSource: Bool) async throws {
        let first = try #require(URL(string: "https://images.storefront.test/first.jpg"))
        let second = try #require(URL(string: "https://images.storefront.test/second.jpg"))
        let red = try #require(Self.halves(width: 8, height: 8))
        let other = try #require(Self.halves(width: 16, height: 8))
        let source = ControlledPictures(
            [first: red, second: other], holding: [first], ignoresCancellation: slowSource)
        let shared = pictures(source)
        let slot = PictureSlot()
        slot.show(first, pictures: shared)
        try await waitUntil("the first load waits") { source.waiting(first) == 1 }
        slot.show(second, pictures: shared)
        try await waitUntil("the second picture is shown") { slot.state == .loaded(other) }
        if slowSource {
            source.release(first)
            try await waitUntil("the first picture's late answer is dropped") { slot.discarded == 1 }
        } else {
            try await waitUntil("the first picture's wait is cancelled") { source.cancelled(first) == 1 }
        }
        #expect(slot.state == .loaded(other))
    }

    @Test("the results screen prefetches the rows on screen and the next screenful, and lets go of rows left behind")
    func resultsPrefetchFollowsTheList() async throws {
        let harness = try FeatureHarness(pageSize: 12)
        try await harness.search("lamp", call: 0, answer: TestValues.page(for: "lamp", count: 12, total: 12))
        let source = ControlledPictures([:], holding: [])
        let model = SearchViewModel(feature: harness.feature, locale: Self.locale, pictures: pictures(source))
        let view = SearchView(viewModel: model, theme: .ascii)
        let urls = harness.feature.results.compactMap(\.imageURL)
        try #require(urls.count == 12)

        _ = view.render(size: TerminalSize(columns: 60, rows: 12))
        let ahead = 2 * model.visibleRowCount
        try #require(ahead < 12)
        #expect(model.prefetchedPictures == Set(urls.prefix(ahead)))

        model.send(.move(.last))
        _ = view.render(size: TerminalSize(columns: 60, rows: 12))
        #expect(model.prefetchedPictures.contains(urls[11]))
        #expect(!model.prefetchedPictures.contains(urls[0]))
    }
}
