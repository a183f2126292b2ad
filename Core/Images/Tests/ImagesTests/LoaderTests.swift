import Foundation
import Images
import Networking
import Primitives
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Loader: coalescing, cancellation, revalidation", .timeLimit(.minutes(1)))
struct LoaderTests {
    static let base = URL(string: "http://127.0.0.1:8123/")!
    static let box = PixelSize(width: 64, height: 64)

    struct Fixture {
        let transport: ControlledTransport
        let loader: ImageLoader
        let directory: TemporaryDirectory
    }

    /// Pictures by path: `red.png` etc. are 128x96 quadrants; `corrupt.jpg` has a JPEG signature and garbage;
    /// `missing.jpg` is a 404; a request with `If-None-Match: "v1"` gets 304.
    static func fixture(maximumConcurrentDownloads: Int = 4, diskCapacity: Int = 1 << 22) throws -> Fixture {
        let picture = try #require(TestPictures.quadrants(PixelSize(width: 128, height: 96)))
        let png = try ImageEncoder().encode(picture, as: .png)
        let transport = ControlledTransport { request in
            let path = request.url?.path ?? ""
            if path.hasSuffix("missing.jpg") { return .init(status: 404, body: Data("{}".utf8)) }
            if path.hasSuffix("corrupt.jpg") {
                return .init(
                    status: 200, body: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 1, 2, 3]), headers: ["ETag": "\"c\""])
            }
            if request.value(forHTTPHeaderField: "If-None-Match") == "\"v1\"" {
                return .init(status: 304, body: Data(), headers: ["ETag": "\"v1\""])
            }
            return .init(status: 200, body: png, headers: ["ETag": "\"v1\"", "Content-Type": "image/png"])
        }
        let directory = try TemporaryDirectory()
        let loader = ImageLoader(
            baseURL: base, transport: transport, memoryCache: MemoryImageCache(costLimit: 1 << 22),
            diskCache: DiskImageCache(directory: directory.url, capacity: diskCapacity) { Date() },
            decoder: ImageDecoder(), maximumConcurrentDownloads: maximumConcurrentDownloads)
        return Fixture(transport: transport, loader: loader, directory: directory)
    }

    static func url(_ name: String) -> URL { base.appendingPathComponent("v1/images/products/\(name)") }

    @Test("cache keys are relative to the API base; a base without a port matches its host on any port")
    func relativeKeys() throws {
        let picture = try #require(URL(string: "http://127.0.0.1:40903/v1/images/products/sku_12.jpg?v=2"))
        let placeholder = try #require(URL(string: "http://127.0.0.1"))
        #expect(ImageLocation.relativePath(of: picture, base: placeholder) == "v1/images/products/sku_12.jpg?v=2")
        let prefixed = try #require(URL(string: "http://127.0.0.1:40903/v1"))
        #expect(ImageLocation.relativePath(of: picture, base: prefixed) == "images/products/sku_12.jpg?v=2")
        let otherPort = try #require(URL(string: "http://127.0.0.1:1"))
        #expect(ImageLocation.relativePath(of: picture, base: otherPort) == nil)
        let https = try #require(URL(string: "https://127.0.0.1"))
        #expect(ImageLocation.relativePath(of: picture, base: https) == nil)
    }

    @Test("a key reads back as the path its URL shows, the base's own path included")
    func serverPaths() throws {
        let picture = try #require(URL(string: "http://127.0.0.1:40903/v1/images/products/sku_12.jpg?v=2"))
        for baseText in ["http://127.0.0.1", "http://127.0.0.1:40903/", "http://127.0.0.1:40903/v1"] {
            let base = try #require(URL(string: baseText))
            let key = try #require(ImageLocation.relativePath(of: picture, base: base))
            #expect(ImageLocation.serverPath(of: key, base: base) == "/v1/images/products/sku_12.jpg?v=2")
        }
    }

    @Test("ten waiters for one URL and size share one download and one decode")
    func coalescing() async throws {
        let fixture = try Self.fixture()
        let results = try await withThrowingTaskGroup(of: ImageLoadResult.self) { group in
            for _ in 0..<10 { group.addTask { try await fixture.loader.load(Self.url("a.png"), fitting: Self.box) } }
            try await waitUntil("one request is waiting") { fixture.transport.pendingCount == 1 }
            fixture.transport.release(pathEndingWith: "a.png")
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 10)
        #expect(fixture.transport.requestCount == 1)
        #expect(fixture.loader.downloadsStarted == 1)
        #expect(results.allSatisfy { $0.source == .network && $0.image.size == PixelSize(width: 64, height: 48) })
        let again = try await fixture.loader.load(Self.url("a.png"), fitting: Self.box)
        #expect(again.source == .memory && again.bytesDownloaded == 0)
    }

    @Test("a cancelled waiter stops at once; the others still get the picture from the same download")
    func cancellingOneWaiter() async throws {
        let fixture = try Self.fixture()
        let leaving = Task { try await fixture.loader.load(Self.url("a.png"), fitting: Self.box) }
        let staying = Task { try await fixture.loader.load(Self.url("a.png"), fitting: Self.box) }
        try await waitUntil("one request is waiting") { fixture.transport.pendingCount == 1 }
        leaving.cancel()
        await #expect(throws: CancellationError.self) { try await leaving.value }
        #expect(fixture.transport.cancelledCount == 0)
        fixture.transport.release(pathEndingWith: "a.png")
        let kept = try await staying.value
        #expect(kept.source == .network)
        #expect(fixture.transport.requestCount == 1)
    }

    @Test("when every waiter has gone, the shared download is cancelled, and a later load starts afresh")
    func cancellingAllWaiters() async throws {
        let fixture = try Self.fixture()
        let tasks = (0..<3).map { _ in Task { try await fixture.loader.load(Self.url("a.png"), fitting: Self.box) } }
        try await waitUntil("one request is waiting") { fixture.transport.pendingCount == 1 }
        for task in tasks { task.cancel() }
        for task in tasks { await #expect(throws: CancellationError.self) { try await task.value } }
        try await waitUntil("the request is cancelled") { fixture.transport.cancelledCount == 1 }
        fixture.transport.answerImmediately()
        let fresh = try await fixture.loader.load(Self.url("a.png"), fitting: Self.box)
        #expect(fresh.source == .network)
        #expect(fixture.transport.requestCount == 2)
    }

    @Test("a cancel returns while the transport's own cancel is blocked (a gate); the caller is released at once")
    func cancelReturnsWhileTransportCancelIsBlocked() async throws {
        let fixture = try Self.fixture()
        let gate = ThreadGate()
        defer { gate.open() }
        fixture.transport.blockCancellation(on: gate)
        let load = Task { try await fixture.loader.load(Self.url("a.png"), fitting: Self.box) }
        try await waitUntil("the request is waiting") { fixture.transport.pendingCount == 1 }
        // Should the cancel wait for the transport, the watchdog opens the gate after 10 s: a failure, not a hang.
        let watchdog = gate.openAfter(.seconds(10))
        load.cancel()
        #expect(!watchdog.disarm(), "the cancel waited for the transport's cancel")
        await #expect(throws: CancellationError.self) { try await load.value }
        try await waitUntil("the download's cancel reaches the transport and waits at the gate") { gate.waiting == 1 }
        #expect(fixture.transport.cancelledCount == 0)
        gate.open()
        try await waitUntil("the request is cancelled once the gate opens") { fixture.transport.cancelledCount == 1 }
    }

    @Test("results reach only the waiters that asked for that URL and that size, whatever the answer order")
    func resultsStayWithTheirRequest() async throws {
        let fixture = try Self.fixture()
        let small = PixelSize(width: 16, height: 16)
        let first = Task { try await fixture.loader.load(Self.url("first.png"), fitting: Self.box) }
        let firstSmall = Task { try await fixture.loader.load(Self.url("first.png"), fitting: small) }
        let second = Task { try await fixture.loader.load(Self.url("second.png"), fitting: small) }
        try await waitUntil("two requests are waiting") { fixture.transport.pendingCount == 2 }
        fixture.transport.release(pathEndingWith: "second.png")
        let secondResult = try await second.value
        fixture.transport.release(pathEndingWith: "first.png")
        let (big, little) = (try await first.value, try await firstSmall.value)
        #expect(big.image.size == PixelSize(width: 64, height: 48))
        #expect(little.image.size == PixelSize(width: 16, height: 12))
        #expect(secondResult.image.size == PixelSize(width: 16, height: 12))
        #expect(fixture.transport.requestCount == 2)  // one download for both sizes of first.png
    }

    @Test("no more than the cap of downloads are on the network at once")
    func downloadCap() async throws {
        let fixture = try Self.fixture(maximumConcurrentDownloads: 2)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<5 {
                group.addTask { _ = try await fixture.loader.load(Self.url("p\(index).png"), fitting: Self.box) }
            }
            try await waitUntil("two requests are waiting") { fixture.transport.pendingCount == 2 }
            #expect(fixture.transport.requestCount == 2)
            fixture.transport.answerImmediately()
            try await group.waitForAll()
        }
        #expect(fixture.transport.requestCount == 5)
        #expect(fixture.loader.peakConcurrentDownloads == 2)
    }

    @Test("after the memory cache is gone, the disk entry is revalidated: a 304 keeps the bytes")
    func revalidation() async throws {
        let fixture = try Self.fixture()
        fixture.transport.answerImmediately()
        let first = try await fixture.loader.load(Self.url("a.png"), fitting: Self.box)
        #expect(first.source == .network && first.bytesDownloaded > 0)
        fixture.loader.memoryCache.removeAll()
        let second = try await fixture.loader.load(Self.url("a.png"), fitting: Self.box)
        #expect(second.source == .disk && second.revalidated && second.bytesDownloaded == 0)
        #expect(second.image == first.image)
        #expect(fixture.transport.requests.last?.value(forHTTPHeaderField: "If-None-Match") == "\"v1\"")
    }

    @Test("errors are values: a 404, a corrupt file and a URL outside the API base")
    func failures() async throws {
        let fixture = try Self.fixture()
        fixture.transport.answerImmediately()
        let missing = await #expect(
            throws: ImageLoadingError.status(code: 404, path: "/v1/images/products/missing.jpg")
        ) {
            try await fixture.loader.load(Self.url("missing.jpg"), fitting: Self.box)
        }
        #expect(missing?.description == "image /v1/images/products/missing.jpg: the server answered HTTP 404")
        await #expect {
            try await fixture.loader.load(Self.url("corrupt.jpg"), fitting: Self.box)
        } throws: { error in
            guard case .decoding("/v1/images/products/corrupt.jpg", .corrupt(.jpeg, _)) = error as? ImageLoadingError
            else { return false }
            return true
        }
        let otherPort = try #require(URL(string: "http://127.0.0.1:9/v1/images/products/a.png"))
        await #expect(throws: ImageLoadingError.notUnderBase(url: otherPort.absoluteString)) {
            try await fixture.loader.load(otherPort, fitting: Self.box)
        }
        let elsewhere = try #require(URL(string: "http://example.invalid/v1/images/products/a.png"))
        await #expect(throws: ImageLoadingError.notUnderBase(url: elsewhere.absoluteString)) {
            try await fixture.loader.load(elsewhere, fitting: Self.box)
        }
    }
}
