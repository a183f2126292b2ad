import FeaturePictures
import FeaturePicturesTestSupport
import Foundation
import Images
import Logging
import TestSupport
import Testing

@MainActor
@Suite("PicturePrefetcher: the rows about to appear, loaded once each; rows scrolled away cancelled")
struct PicturePrefetcherTests {
    private static let image = DecodedImage(
        size: PixelSize(width: 2, height: 2), pixels: Array(repeating: 200, count: 16))

    private func urls(_ count: Int) throws -> [URL] {
        try (0..<count).map { try #require(URL(string: "https://images.storefront.test/\($0).jpg")) }
    }

    private func prefetcher(_ source: ControlledPictures, enabled: Bool = true) -> PicturePrefetcher {
        PicturePrefetcher(
            pictures: source.screenPictures(
                isEnabled: enabled, logger: Logger(label: "test", handler: CapturingLogHandler())))
    }

    @Test(
        "the window is the rows on screen and the next screenful, clamped to the list",
        arguments: [
            (count: 20, first: 0, visible: 4, window: 0..<8), (count: 20, first: 15, visible: 4, window: 15..<20),
            (count: 5, first: 0, visible: 10, window: 0..<5), (count: 3, first: 7, visible: 2, window: 3..<3),
            (count: 0, first: 0, visible: 4, window: 0..<0), (count: 9, first: -2, visible: 0, window: 0..<2),
        ])
    func window(count: Int, first: Int, visible: Int, window: Range<Int>) {
        #expect(PicturePrefetcher.window(count: count, firstVisible: first, visibleCount: visible) == window)
    }

    @Test("each call wants exactly its rows: new ones start once, the ones no longer named are cancelled")
    func cancelsRowsScrolledAway() async throws {
        let urls = try urls(4)
        let image = try #require(Self.image)
        let source = ControlledPictures(
            Dictionary(uniqueKeysWithValues: urls.map { ($0, image) }), holding: Set(urls))
        let prefetcher = prefetcher(source)
        prefetcher.prefetch(Array(urls[0...2]))
        try await waitUntil("three loads wait") { urls[0...2].allSatisfy { source.waiting($0) == 1 } }
        prefetcher.prefetch(Array(urls[1...3]))
        try await waitUntil("the first row's load is cancelled and the fourth starts") {
            source.cancelled(urls[0]) == 1 && source.waiting(urls[3]) == 1
        }
        prefetcher.prefetch(Array(urls[1...3]))
        #expect(prefetcher.wanted == Set(urls[1...3]))
        #expect(urls.map(source.calls) == [1, 1, 1, 1])
        #expect(urls[1...3].allSatisfy { source.cancelled($0) == 0 })
        #expect(source.boxes(urls[1]) == [ScreenPictures.decodeBox])
        for url in urls { source.release(url) }
    }

    @Test("a list's rows are wanted through the window; rows without a picture are skipped")
    func rowsThroughTheWindow() async throws {
        let urls = try urls(10)
        let source = ControlledPictures([:], holding: Set(urls))
        let prefetcher = prefetcher(source)
        let rows: [URL?] = urls.enumerated().map { $0.offset == 1 ? nil : $0.element }
        prefetcher.prefetch(rows, firstVisible: 0, visibleCount: 2) { $0 }
        #expect(prefetcher.wanted == [urls[0], urls[2], urls[3]])
        prefetcher.prefetch(rows, firstVisible: 8, visibleCount: 2) { $0 }
        #expect(prefetcher.wanted == [urls[8], urls[9]])
        try await waitUntil("the rows left behind are cancelled") {
            [0, 2, 3].allSatisfy { source.cancelled(urls[$0]) == 1 }
        }
        for url in urls { source.release(url) }
    }

    @Test("with pictures off nothing is prefetched")
    func nothingWhenOff() throws {
        let url = try #require(URL(string: "https://images.storefront.test/1.jpg"))
        let source = ControlledPictures([:])
        let prefetcher = prefetcher(source, enabled: false)
        prefetcher.prefetch([url])
        #expect(prefetcher.wanted.isEmpty && source.calls(url) == 0)
    }
}

@MainActor
@Suite("PictureSlot: an item whose picture address is missing or broken")
struct PictureSlotUnavailableTests {
    @Test("the slot shows the placeholder at once, stops a load on its way, and a later address loads again")
    func placeholderWithoutLoading() async throws {
        let url = try #require(URL(string: "https://images.storefront.test/1.jpg"))
        let image = try #require(
            DecodedImage(size: PixelSize(width: 2, height: 2), pixels: Array(repeating: 200, count: 16)))
        let source = ControlledPictures([url: image], holding: [url])
        let log = CapturingLogHandler()
        let pictures = source.screenPictures(logger: Logger(label: "test", handler: log))
        let slot = PictureSlot()

        slot.show(url, pictures: pictures)
        try await waitUntil("the picture is on its way") { source.waiting(url) == 1 }
        slot.showUnavailable(pictures: pictures)
        #expect(slot.state == .unavailable)
        #expect(slot.lines(columns: 40, maxRows: 10).map(\.plainText) == ["[ picture unavailable ]"])
        try await waitUntil("the load nobody wants is cancelled") { source.cancelled(url) == 1 }
        source.release(url)
        #expect(slot.state == .unavailable)
        #expect(log.records.isEmpty)

        slot.show(url, pictures: pictures)
        try await waitUntil("the picture is shown") { slot.state == .loaded(image) }
        #expect(source.calls(url) == 2)

        slot.showUnavailable(
            pictures: source.screenPictures(isEnabled: false, logger: Logger(label: "test", handler: log)))
        #expect(slot.state == .none && slot.lines(columns: 40, maxRows: 10).isEmpty)
    }
}
