import DesignSystem
import FeatureKit
import FeaturePictures
import Feed
import Foundation
import Images
import Networking
import Primitives
import Search
import TestSupport
import Testing

@testable import StorefrontApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends through the app's picture transport (libcurl) and counts the requests for pictures (`GET /v1/images/…`) by
/// path.
private final class CountingTransport: HTTPTransport {
    private let inner: any HTTPTransport
    private let counts = Locked([String: Int]())

    init() throws {
        inner = try TestTransports.make().pictures
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        if let path = request.url?.path, path.hasPrefix("/v1/images/") {
            counts.withLock { $0[path, default: 0] += 1 }
        }
        return try await inner.send(request)
    }

    /// Picture requests sent so far, by path.
    var imageRequests: [String: Int] { counts.withLock { $0 } }
}

extension IntegrationTests {
    /// The image pipeline is built once per process by the composition root and shared by every entry.
    @Suite("composition root: one image pipeline")
    @MainActor
    struct SharedPicturesTests {
        @Test("a picture shown from Search and from Feed is downloaded and decoded once, into one memory cache")
        func oneDownloadForBothFeatures() async throws {
            let directory = try TemporaryDirectory()
            let transport = try CountingTransport()
            let dependencies = try TestGraph.make(directory: directory.url, imageTransport: transport)
            let search = try #require(dependencies.scope.entry(SearchEntry.self))
            let feed = try #require(dependencies.scope.entry(FeedEntry.self))
            #expect(search.images === dependencies.images)
            #expect(search.pictures === feed.pictures)
            #expect(dependencies.images.memoryCache.costLimit == AppDependencies.imageMemoryLimit)

            // The product screen of Search loads the product's picture.
            let product = try await search.lookUpProduct("sku_12")
            let url = try #require(product.imageURL)
            let screen = search.makeScreen(
                for: .product("sku_12"), context: ScreenContext(theme: .ascii, keyMap: .defaults))
            try await waitUntil("the product screen's picture is decoded") {
                dependencies.images.memoryCache.count == 1
            }
            #expect(transport.imageRequests == [url.path: 1])
            let cost = dependencies.images.memoryCache.totalCost
            #expect(cost > 0)

            // Feed's screens ask the same pipeline: the same picture comes from memory, nothing is sent.
            let again = try await feed.pictures.picture(at: url)
            #expect(again.size.width <= ScreenPictures.decodeBox.width)
            #expect(transport.imageRequests == [url.path: 1])
            #expect(dependencies.images.memoryCache.totalCost == cost)

            // A post's picture loaded through Feed is counted against the same limit.
            let page = try await feed.repository.fetchPage(cursor: nil, limit: 5)
            let postURL = try #require(
                page.posts.compactMap(\.imageURL).first { $0.path.hasPrefix("/v1/images/posts/") })
            _ = try? await feed.pictures.picture(at: postURL)
            #expect(transport.imageRequests[postURL.path] == 1)
            #expect(dependencies.images.memoryCache.totalCost <= AppDependencies.imageMemoryLimit)
            #expect(dependencies.images.memoryCache.totalCost >= cost)
            _ = screen
            await dependencies.shutdown()
        }

        @Test("the live pipeline keeps the server's max-age: another size of a picture comes from disk, no request")
        func liveReusesTheFreshDiskCopy() async throws {
            let directory = try TemporaryDirectory()
            let configuration = AppConfiguration(
                logLevel: .debug, allowsColor: true, environment: [:], apiURL: nil, dataDirectory: directory.url,
                flagOverrides: [:], serverFaults: [])
            let dependencies = try AppDependencies.live(configuration)
            let search = try #require(dependencies.scope.entry(SearchEntry.self))
            let url = try #require(try await search.lookUpProduct("sku_12").imageURL)
            let first = try await dependencies.images.load(url, fitting: ScreenPictures.decodeBox)
            #expect(first.source == .network && first.bytesDownloaded > 0)
            let other = try await dependencies.images.load(url, fitting: PixelSize(width: 64, height: 48))
            #expect(other.source == .disk)
            #expect(!other.revalidated && !other.isStale && other.bytesDownloaded == 0)
            #expect(dependencies.images.downloadsStarted == 1)
            await dependencies.shutdown()
        }

        @Test("signing in builds new entries over the same pipeline: a picture seen as a guest is still in memory")
        func theScopeOfAnotherAccountSharesIt() async throws {
            let directory = try TemporaryDirectory()
            let transport = try CountingTransport()
            let dependencies = try TestGraph.make(directory: directory.url, imageTransport: transport)
            let guest = try #require(dependencies.scope.entry(SearchEntry.self))
            let url = try #require(try await guest.lookUpProduct("sku_12").imageURL)
            _ = try await guest.pictures.picture(at: url)

            try await dependencies.account.signIn(userName: "grace")
            let feed = try #require(dependencies.scope.entry(FeedEntry.self))
            let search = try #require(dependencies.scope.entry(SearchEntry.self))
            #expect(search !== guest)
            #expect(search.images === dependencies.images && feed.pictures === search.pictures)
            _ = try await feed.pictures.picture(at: url)
            #expect(transport.imageRequests == [url.path: 1])
            await dependencies.shutdown()
        }
    }
}
