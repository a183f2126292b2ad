import Foundation
import Images
import Networking
import Primitives
import TestSupport
import Testing

@testable import SampleBackend

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("GET /v1/images/{kind}/{id}.{ext}")
struct ImageRouteTests {
    @Test("a product picture is a 1600x1200 JPEG with a strong ETag, public caching and 304 on revalidation")
    func productPicture() async throws {
        try await withTestServer { server in
            let first = try await server.client.get("/v1/images/products/sku_12.jpg")
            #expect(first.status == 200)
            #expect(first.header("Content-Type") == "image/jpeg")
            #expect(first.header("Cache-Control") == "public, max-age=86400")
            let tag = try #require(first.header("ETag"))
            #expect(tag.hasPrefix("\"") && !tag.hasPrefix("W/"))
            let image = try ImageDecoder().decodeNow(first.body, fitting: PixelSize(width: 1600, height: 1600)).get()
            #expect(image.image.size == PixelSize(width: 1600, height: 1200))
            // The disc in the centre has the palette's disc colour (JPEG keeps it within a few levels).
            let palette = PictureGenerator(seed: 1).palette(of: .init(kind: .products, number: 12))
            let centre = image.image.pixel(x: 800, y: 600)
            #expect(
                abs(Int(centre.red) - Int(palette.disc.0)) <= 8 && abs(Int(centre.green) - Int(palette.disc.1)) <= 8)
            let again = try await server.client.get("/v1/images/products/sku_12.jpg", headers: ["If-None-Match": tag])
            #expect(again.status == 304 && again.body.isEmpty && again.header("ETag") == tag)
            let repeated = try await server.client.get("/v1/images/products/sku_12.jpg")
            #expect(repeated.body == first.body, "the picture is deterministic and generated once")
        }
    }

    @Test("every fifth post is a PNG with alpha; the messy cases are kept: a missing picture, the corrupt file")
    func postsAndMessyCases() async throws {
        try await withTestServer { server in
            let png = try await server.client.get("/v1/images/posts/post_5.png")
            #expect(png.status == 200 && png.header("Content-Type") == "image/png")
            let decoded = try ImageDecoder().decodeNow(png.body, fitting: PixelSize(width: 120, height: 120)).get()
            #expect(decoded.image.sourceSize == PixelSize(width: 1200, height: 900))
            #expect(decoded.image.pixel(x: 119, y: 89).alpha == 0, "the background is transparent")
            #expect(decoded.image.pixel(x: 60, y: 45).alpha == 255, "the disc is opaque")
            let corrupt = try await server.client.get("/v1/images/products/sku_7.jpg")
            #expect(corrupt.status == 200)
            guard
                case .failure(.corrupt) = ImageDecoder().decodeNow(
                    corrupt.body, fitting: PixelSize(width: 64, height: 64))
            else {
                Issue.record("sku_7 should be the corrupt file")
                return
            }
            for path in [
                "/v1/images/products/sku_97.jpg", "/v1/images/products/sku_12.png", "/v1/images/products/sku_0.jpg",
                "/v1/images/products/sku_99999.jpg", "/v1/images/videos/sku_1.jpg", "/v1/images/posts/post_1",
                "/v1/images/posts/post_01.jpg",
            ] {
                let answer = try await server.client.get(path)
                #expect(answer.status == 404 && answer.errorCode == "not_found", "\(path)")
            }
        }
    }

    @Test("a post added while the server runs (--grow-feed-every, the demo posts) has a picture too")
    func grownPostPicture() async throws {
        try await withTestServer(growFeedEvery: 1) { server in
            let feed = try await server.client.get("/v1/feed?limit=1")
            let top = try #require((feed.object["posts"] as? [[String: Any]])?.first)
            #expect(top["id"] as? String == "post_61", "a post beyond the seeded 60")
            let url = try #require((top["image_url"] as? String).flatMap(URL.init(string:)))
            let picture = try await server.client.get(url.path)
            #expect(picture.status == 200, "\(url.path): \(picture.status)")
            #expect(
                (try? ImageDecoder().decodeNow(picture.body, fitting: PixelSize(width: 64, height: 64)).get()) != nil)
        }
    }

    @Test("a server started with other --seed and --products over data seeded earlier serves that data's pictures")
    func picturesFollowTheStoredData() async throws {
        let directory = try TemporaryDirectory()
        let picture = PictureCatalog.Picture(kind: .products, number: 250)
        let seeded = PictureGenerator(seed: 1).palette(of: picture).disc
        let other = PictureGenerator(seed: 2).palette(of: picture).disc
        #expect(abs(Int(seeded.0) - Int(other.0)) + abs(Int(seeded.1) - Int(other.1)) > 40, "the seeds differ")
        try await withTestServer(dataDirectory: directory.url, seed: 1) { _ in }
        let fewer = CatalogConfiguration(productCount: 100, postCount: 10, authorCount: 5, messyShare: 0.2)
        try await withTestServer(catalog: fewer, dataDirectory: directory.url, seed: 2) { server in
            #expect(try await server.client.get("/v1/products/sku_250").status == 200, "the stored data is kept")
            let answer = try await server.client.get("/v1/images/products/sku_250.jpg")
            #expect(answer.status == 200)
            let image = try ImageDecoder().decodeNow(answer.body, fitting: PixelSize(width: 1600, height: 1600)).get()
            let centre = image.image.pixel(x: 800, y: 600)
            #expect(
                abs(Int(centre.red) - Int(seeded.0)) <= 8 && abs(Int(centre.green) - Int(seeded.1)) <= 8,
                "the picture of the data's seed (1), not of the flag's (2)")
        }
    }

    @Test("products' and posts' image_url point at the route on the origin the client used")
    func imageURLs() async throws {
        try await withTestServer { server in
            let product = try await server.client.get("/v1/products/sku_12")
            let origin = server.server.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            #expect(product.object["image_url"] as? String == origin + "/v1/images/products/sku_12.jpg")
            let feed = try await server.client.get("/v1/feed?limit=50")
            let urls = (feed.object["posts"] as? [[String: Any]] ?? []).compactMap { $0["image_url"] as? String }
            #expect(urls.contains { $0.hasPrefix(origin + "/v1/images/posts/post_") && $0.hasSuffix(".png") })
        }
    }
}

/// Counts what a transport answered, by status.
final class CountingTransport: HTTPTransport {
    private let inner: CurlTransport
    private let statuses = Locked<[Int]>([])

    init(inner: CurlTransport) {
        self.inner = inner
    }

    var answered: [Int] { statuses.withLock { $0 } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let answer = try await inner.send(request)
        statuses.withLock { $0.append(answer.1.statusCode) }
        return answer
    }
}

@Suite("Core/Images' loader against the server")
struct ImageLoaderOverHTTPTests {
    @Test("network, then memory; after a restart on a new port from disk with no request, and with one 304 once stale")
    func networkMemoryDisk() async throws {
        let data = try TemporaryDirectory()
        let cache = try TemporaryDirectory()
        let box = PixelSize(width: 160, height: 120)
        func loader(for base: URL, transport: CountingTransport, later: TimeInterval = 0) -> ImageLoader {
            ImageLoader(
                baseURL: base, transport: transport, memoryCache: MemoryImageCache(costLimit: 16 << 20),
                diskCache: DiskImageCache(directory: cache.url, capacity: 64 << 20) { Date() + later },
                decoder: ImageDecoder(), maximumConcurrentDownloads: 4)
        }
        try await withTestServer(dataDirectory: data.url) { server in
            let transport = CountingTransport(inner: try LiveTransports.api(entityTags: nil))
            let images = loader(for: server.server.baseURL, transport: transport)
            let product = try await server.client.get("/v1/products/sku_12")
            let url = try #require((product.object["image_url"] as? String).flatMap(URL.init(string:)))
            let first = try await images.load(url, fitting: box)
            #expect(first.source == .network && first.bytesDownloaded > 10_000)
            #expect(first.image.size == PixelSize(width: 160, height: 120))
            let second = try await images.load(url, fitting: box)
            #expect(second.source == .memory && second.image == first.image)
            #expect(transport.answered == [200])
        }
        try await withTestServer(dataDirectory: data.url) { server in
            let transport = CountingTransport(inner: try LiveTransports.api(entityTags: nil))
            let images = loader(for: server.server.baseURL, transport: transport)
            let product = try await server.client.get("/v1/products/sku_12")
            let url = try #require((product.object["image_url"] as? String).flatMap(URL.init(string:)))
            #expect(url.port.map(UInt16.init) == server.server.port)
            // The picture's max-age (a day) has not run out: the disk copy is used without asking the server.
            let third = try await images.load(url, fitting: box)
            #expect(third.source == .disk && !third.revalidated && third.bytesDownloaded == 0)
            #expect(transport.answered == [])
            // Two days on, the copy is stale: the server confirms it with a 304.
            let fourth = try await loader(for: server.server.baseURL, transport: transport, later: 2 * 86_400)
                .load(url, fitting: box)
            #expect(fourth.source == .disk && fourth.revalidated && fourth.bytesDownloaded == 0)
            #expect(transport.answered == [304])
        }
    }
}

@Suite("Router: dotted segments")
struct DottedSegmentTests {
    @Test("{id}.{ext} splits one segment at its last dot; no dot or an empty part does not match")
    func dotted() {
        let route = Route(method: "GET", pattern: "/v1/images/{kind}/{id}.{ext}", immediate: nil) { _ in
            HTTPResponse(status: 200)
        }
        #expect(
            route.match(["v1", "images", "posts", "post_5.png"]) == ["kind": "posts", "id": "post_5", "ext": "png"])
        #expect(route.match(["v1", "images", "posts", "a.b.jpg"]) == ["kind": "posts", "id": "a.b", "ext": "jpg"])
        #expect(route.match(["v1", "images", "posts", "post_5"]) == nil)
        #expect(route.match(["v1", "images", "posts", ".png"]) == nil)
        #expect(route.match(["v1", "images", "posts", "post_5."]) == nil)
    }
}
