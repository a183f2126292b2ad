import Foundation
import Networking
import NetworkingTestSupport
import Primitives
import TestSupport
import Testing

@testable import Images

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The loader over a scripted transport (every request counted; one that finds nothing scripted is a test issue)
/// and a disk cache whose clock the test moves.
private struct FreshnessFixture {
    static let base = URL(string: "https://api.storefront.test/")!
    static let url = base.appendingPathComponent("v1/images/products/sku_12.png")
    static let small = PixelSize(width: 32, height: 24)
    static let large = PixelSize(width: 64, height: 48)

    let transport = ScriptedTransport(clock: ManualClock())
    let directory: TemporaryDirectory
    let now = Locked(Date(timeIntervalSince1970: 1_800_000_000))
    let png: Data

    init() throws {
        directory = try TemporaryDirectory()
        let picture = try #require(TestPictures.quadrants(PixelSize(width: 128, height: 96)))
        png = try ImageEncoder().encode(picture, as: .png)
    }

    /// A loader with an empty memory cache over the shared disk directory: a new process, as far as caches go.
    func loader(transport: ScriptedTransport? = nil) -> ImageLoader {
        let now = now
        return ImageLoader(
            baseURL: Self.base, transport: transport ?? self.transport,
            memoryCache: MemoryImageCache(costLimit: 1 << 22),
            diskCache: DiskImageCache(directory: directory.url, capacity: 1 << 22) { now.withLock { $0 } },
            decoder: ImageDecoder(), maximumConcurrentDownloads: 2)
    }

    func picture(_ headers: [String: String]) -> ScriptedResponse {
        .data(png, headers: ["ETag": "\"v1\"", "Content-Type": "image/png"].merging(headers) { $1 })
    }

    func advance(seconds: TimeInterval) {
        now.withLock { $0 += seconds }
    }
}

@Suite("Loader: freshness by Cache-Control, pictures offline", .timeLimit(.minutes(1)))
struct FreshnessTests {
    @Test("a picture fresh on disk is decoded at a new size, and by another process, without a request")
    func freshOnDiskNeedsNoRequest() async throws {
        let fixture = try FreshnessFixture()
        fixture.transport.enqueue(fixture.picture(["Cache-Control": "public, max-age=86400"]))
        let loader = fixture.loader()
        let first = try await loader.load(FreshnessFixture.url, fitting: FreshnessFixture.small)
        #expect(first.source == .network && fixture.transport.requests.count == 1)

        fixture.advance(seconds: 3_600)
        let larger = try await loader.load(FreshnessFixture.url, fitting: FreshnessFixture.large)
        #expect(larger.source == .disk && !larger.revalidated && !larger.isStale && larger.bytesDownloaded == 0)
        #expect(larger.image.size == PixelSize(width: 64, height: 48) && first.image.size.width == 32)
        let elsewhere = try await fixture.loader().load(FreshnessFixture.url, fitting: FreshnessFixture.small)
        #expect(elsewhere.source == .disk && elsewhere.image == first.image)
        #expect(fixture.transport.requests.count == 1)
        #expect(loader.downloadsStarted == 1)
    }

    @Test(
        "offline, a picture fresh on disk is drawn; a stale one is drawn too, and revalidated when the network is back")
    func offlineDrawsFromDisk() async throws {
        let fixture = try FreshnessFixture()
        fixture.transport.enqueue(fixture.picture(["Cache-Control": "max-age=60"]))
        let first = try await fixture.loader().load(FreshnessFixture.url, fitting: FreshnessFixture.small)

        // Offline and fresh: not even asked.
        let offline = ScriptedTransport(clock: ManualClock())
        let fresh = try await fixture.loader(transport: offline).load(
            FreshnessFixture.url, fitting: FreshnessFixture.large)
        #expect(fresh.source == .disk && !fresh.isStale && offline.requests.isEmpty)

        // Offline and stale: asked, no answer, drawn from disk, and not kept in memory.
        fixture.advance(seconds: 61)
        offline.enqueue(.failure(.notConnectedToInternet))
        let loader = fixture.loader(transport: offline)
        let stale = try await loader.load(FreshnessFixture.url, fitting: FreshnessFixture.small)
        #expect(stale.source == .disk && stale.isStale && !stale.revalidated && stale.image == first.image)
        #expect(offline.requests.count == 1)

        // The network is back: the same loader asks again with the entity tag, and a 304 makes it fresh for 60 s.
        offline.enqueue(.status(304, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=60"]))
        let revalidated = try await loader.load(FreshnessFixture.url, fitting: FreshnessFixture.small)
        #expect(revalidated.source == .disk && revalidated.revalidated && !revalidated.isStale)
        #expect(offline.requests.count == 2 && offline.requests.last?.headers["If-None-Match"] == "\"v1\"")
        fixture.advance(seconds: 59)
        let again = try await fixture.loader(transport: offline).load(
            FreshnessFixture.url, fitting: FreshnessFixture.large)
        #expect(again.source == .disk && !again.revalidated && offline.requests.count == 2)
    }

    @Test("a server error draws a stale picture from disk; without one on disk it is the error it was")
    func serverErrorDrawsFromDisk() async throws {
        let fixture = try FreshnessFixture()
        fixture.transport.enqueue(fixture.picture([:]))
        _ = try await fixture.loader().load(FreshnessFixture.url, fitting: FreshnessFixture.small)
        fixture.transport.enqueue(.status(503))
        let stale = try await fixture.loader().load(FreshnessFixture.url, fitting: FreshnessFixture.small)
        #expect(stale.source == .disk && stale.isStale)

        let other = FreshnessFixture.base.appendingPathComponent("v1/images/products/sku_13.png")
        fixture.transport.enqueue(.status(503))
        await #expect(throws: ImageLoadingError.status(code: 503, path: "/v1/images/products/sku_13.png")) {
            try await fixture.loader().load(other, fitting: FreshnessFixture.small)
        }
        fixture.transport.enqueue(.failure(.notConnectedToInternet))
        await #expect(throws: ImageLoadingError.self) {
            try await fixture.loader().load(other, fitting: FreshnessFixture.small)
        }
    }

    @Test("without max-age, or with no-cache, every new size is revalidated; no-store keeps nothing on disk")
    func staleAnswersAreRevalidated() async throws {
        for headers in [
            [:], ["Cache-Control": "no-cache, max-age=600"], ["Cache-Control": "max-age=600", "Age": "600"],
        ] {
            let fixture = try FreshnessFixture()
            fixture.transport.enqueue(fixture.picture(headers))
            let loader = fixture.loader()
            _ = try await loader.load(FreshnessFixture.url, fitting: FreshnessFixture.small)
            fixture.transport.enqueue(.status(304, headers: ["ETag": "\"v1\""]))
            let other = try await loader.load(FreshnessFixture.url, fitting: FreshnessFixture.large)
            #expect(other.source == .disk && other.revalidated, "\(headers)")
            #expect(fixture.transport.requests.count == 2, "\(headers)")
        }
        let fixture = try FreshnessFixture()
        fixture.transport.enqueue(fixture.picture(["Cache-Control": "no-store, max-age=600"]))
        _ = try await fixture.loader().load(FreshnessFixture.url, fitting: FreshnessFixture.small)
        fixture.transport.enqueue(fixture.picture([:]))
        let again = try await fixture.loader().load(FreshnessFixture.url, fitting: FreshnessFixture.small)
        #expect(again.source == .network && fixture.transport.requests.count == 2)
        #expect(fixture.transport.requests.last?.headers["If-None-Match"] == nil)
    }

    @Test(
        "Cache-Control and Age give the seconds an answer stays fresh",
        arguments: [
            ([:], true, 0.0),
            (["Cache-Control": "public, max-age=86400"], true, 86_400),
            (["Cache-Control": "private, max-age=5"], true, 5),
            (["Cache-Control": "MAX-AGE=10"], true, 10),
            (["Cache-Control": "max-age=\"30\""], true, 30),
            (["Cache-Control": "max-age=60", "Age": "20"], true, 40),
            (["Cache-Control": "max-age=60", "Age": "90"], true, 0),
            (["Cache-Control": "max-age=10, max-age=20"], true, 10),
            (["Cache-Control": "max-age=60, no-cache"], true, 0),
            (["Cache-Control": "max-age=abc"], true, 0),
            (["Cache-Control": "max-age="], true, 0),
            (["Cache-Control": "max-age=-5"], true, 0),
            (["Cache-Control": "max-age=99999999999999999999"], true, 2_147_483_648),
            (["Cache-Control": "s-maxage=100"], true, 0),
            (["Cache-Control": "no-store"], false, 0),
            (["Cache-Control": "max-age=60, No-Store"], false, 60),
        ] as [([String: String], Bool, TimeInterval)])
    func freshnessOfAnAnswer(headers: [String: String], mayStore: Bool, lifetime: TimeInterval) {
        let freshness = CacheFreshness { name in headers.first { $0.key.lowercased() == name.lowercased() }?.value }
        #expect(freshness.mayStore == mayStore && freshness.lifetime == lifetime, "\(headers)")
    }

    @Test("the disk cache keeps the freshness it was given, by its own clock, and entries without one are stale")
    func diskEntriesKeepTheirFreshness() throws {
        let directory = try TemporaryDirectory()
        let now = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        let cache = DiskImageCache(directory: directory.url, capacity: 1 << 20) { now.withLock { $0 } }
        try cache.store(Data("fresh".utf8), entityTag: "\"f\"", freshFor: 60, for: "v1/images/a.png")
        try cache.store(Data("stale".utf8), entityTag: "\"s\"", for: "v1/images/b.png")
        let fresh = try #require(cache.entry(for: "v1/images/a.png"))
        let stale = try #require(cache.entry(for: "v1/images/b.png"))
        #expect(fresh.freshUntil == Date(timeIntervalSince1970: 1_800_000_060) && cache.isFresh(fresh))
        #expect(stale.freshUntil == nil && !cache.isFresh(stale) && stale.entityTag == "\"s\"")
        now.withLock { $0 += 60 }
        #expect(!cache.isFresh(fresh))
    }
}
