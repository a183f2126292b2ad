import Foundation
import Networking
import Primitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a loaded image came from.
public enum ImageSource: String, Sendable, Codable {
    /// The memory cache of decoded images: no download, no decode.
    case memory
    /// The disk cache: the bytes were already on disk (fresh by the server's `Cache-Control`, so nothing was asked;
    /// confirmed by a 304; or kept because the server could not be asked, see `ImageLoadResult.isStale`) and were
    /// decoded.
    case disk
    /// Downloaded in full (200) and decoded.
    case network
}

/// What one load did.
public struct ImageLoadResult: Sendable {
    /// The decoded, reduced image.
    public let image: DecodedImage
    /// Where it came from.
    public let source: ImageSource
    /// Body bytes received from the network for it (0 for memory, disk and 304).
    public let bytesDownloaded: Int
    /// True when the server answered 304 Not Modified to the cached entity tag.
    public let revalidated: Bool
    /// True when the bytes came from disk past their freshness because the server could not be asked (no answer,
    /// or a 5xx): the picture is drawn, kept out of the memory cache, and revalidated on the next load.
    public let isStale: Bool
}

/// Why an image could not be loaded. A decoding failure keeps the decoder's reason. Each `path` is the image's path
/// (and query) on the server as its URL shows it, `/v1/images/posts/post_97.jpg` (`ImageLocation.serverPath`).
public enum ImageLoadingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL is not under the loader's API base, so it has no cache key (and is not the app's server).
    case notUnderBase(url: String)
    /// The server answered with a status other than 200 or 304.
    case status(code: Int, path: String)
    /// No answer arrived (connection refused or dropped, timeout); `reason` is the transport's error.
    case transport(path: String, reason: String)
    /// The bytes arrived but are not a picture the decoder accepts.
    case decoding(path: String, error: ImageDecodingError)

    /// A one-line, human-readable rendering.
    public var description: String {
        switch self {
        case .notUnderBase(let url): "image URL \(url) is not under the API base"
        case .status(let code, let path): "image \(path): the server answered HTTP \(code)"
        case .transport(let path, let reason): "image \(path): no answer (\(reason))"
        case .decoding(let path, let error): "image \(path): \(error)"
        }
    }
}

/// Loads pictures for display: memory cache, then disk cache, then the network; decodes off the caller's actor
/// straight to the requested size.
///
/// - A disk entry fresh by the server's `Cache-Control` (`max-age`, RFC 9111 §4.2; `CacheFreshness`) is decoded
///   without a request, so a picture drawn at a new size or by another process costs no round trip. A stale one is
///   revalidated with `If-None-Match` (RFC 9110 §13.1.2); a 304 makes it fresh again for the answer's `max-age`.
/// - When the server cannot be asked (no answer, or a 5xx), a disk entry is drawn however stale (a disconnected
///   cache may, RFC 9111 §4.2.4), marked `isStale` and kept out of the memory cache, so the next load asks the
///   server again and the picture is revalidated once the network is back.
/// - A `no-store` answer is not kept on disk.
/// - Concurrent loads of one URL share one download, and concurrent loads of one URL at one size share one decode.
/// - At most `maximumConcurrentDownloads` requests are on the network at once; the rest queue.
/// - Cancelling a load stops that caller's wait at once; the shared download or decode is cancelled only when no
///   caller waits for it any more.
/// - A result goes only to callers that asked for that URL at that size.
public final class ImageLoader: Sendable {
    private struct Fetched: Sendable {
        var data: Data
        var source: ImageSource
        var bytesDownloaded: Int
        var revalidated: Bool
        var isStale = false
    }

    /// The API base every image URL must be under; cache keys are relative to it.
    public let baseURL: URL
    /// The decoded-image cache this loader fills.
    public let memoryCache: MemoryImageCache
    /// The original-bytes cache this loader fills and revalidates, if any.
    public let diskCache: DiskImageCache?
    private let transport: any HTTPTransport
    private let decoder: ImageDecoder
    private let requestTimeout: Duration
    private let downloads = CoalescingTable<String, Fetched>()
    private let decodes = CoalescingTable<ImageCacheKey, ImageLoadResult>()
    private let limiter: ConcurrencyLimiter
    private let requestCount = Locked(0)

    /// A loader for images under `baseURL`, fetching through `transport`.
    ///
    /// - Parameters:
    ///   - maximumConcurrentDownloads: requests on the network at once (at least 1).
    ///   - requestTimeout: the idle timeout of each request (`URLRequest.timeoutInterval`).
    public init(
        baseURL: URL, transport: any HTTPTransport, memoryCache: MemoryImageCache, diskCache: DiskImageCache?,
        decoder: ImageDecoder, maximumConcurrentDownloads: Int, requestTimeout: Duration = .seconds(30)
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.memoryCache = memoryCache
        self.diskCache = diskCache
        self.decoder = decoder
        self.requestTimeout = requestTimeout
        self.limiter = ConcurrencyLimiter(limit: maximumConcurrentDownloads)
    }

    /// Network requests started so far (each 200 or 304 exchange counts once, however many callers shared it; a
    /// picture fresh on disk costs none).
    public var downloadsStarted: Int { requestCount.withLock { $0 } }

    /// The most requests seen on the network at once.
    public var peakConcurrentDownloads: Int { limiter.peakHolders }

    /// The image at `url` reduced to fit `box` (aspect ratio kept, never enlarged).
    ///
    /// - Throws: `ImageLoadingError` (not under the base, HTTP status, transport failure, decoding failure), or
    ///   `CancellationError` when the calling task is cancelled.
    public func load(_ url: URL, fitting box: PixelSize) async throws -> ImageLoadResult {
        guard let path = ImageLocation.relativePath(of: url, base: baseURL) else {
            throw ImageLoadingError.notUnderBase(url: url.absoluteString)
        }
        let key = ImageCacheKey(path: path, box: box)
        if let image = memoryCache.image(for: key) {
            return ImageLoadResult(
                image: image, source: .memory, bytesDownloaded: 0, revalidated: false, isStale: false)
        }
        return try await decodes.value(for: key) { [self] in
            let fetched = try await downloads.value(for: path) { [self] in
                try await fetch(path: path)
            }
            try Task.checkCancellation()
            switch await decoder.decode(fetched.data, fitting: box) {
            case .success(let image):
                if !fetched.isStale { memoryCache.insert(image, for: key) }
                return ImageLoadResult(
                    image: image, source: fetched.source, bytesDownloaded: fetched.bytesDownloaded,
                    revalidated: fetched.revalidated, isStale: fetched.isStale)
            case .failure(let error):
                throw ImageLoadingError.decoding(path: serverPath(of: path), error: error)
            }
        }
    }

    /// Empties the memory cache and the disk cache.
    ///
    /// - Returns: files and bytes removed from disk.
    /// - Throws: `DiskImageCacheError` when a disk entry cannot be deleted.
    @discardableResult
    public func clearCaches() throws(DiskImageCacheError) -> (files: Int, bytes: Int) {
        memoryCache.removeAll()
        return try diskCache?.removeAll() ?? (0, 0)
    }

    /// The cache key `path` as the image's URL shows it, for error messages.
    private func serverPath(of path: String) -> String {
        ImageLocation.serverPath(of: path, base: baseURL)
    }

    private func fetch(path: String) async throws -> Fetched {
        let cached = diskCache?.entry(for: path)
        if let cached, diskCache?.isFresh(cached) == true {
            return Fetched(data: cached.data, source: .disk, bytesDownloaded: 0, revalidated: false)
        }
        guard
            let url = URL(
                string: path, relativeTo: baseURL.hasDirectoryPath ? baseURL : baseURL.appendingPathComponent(""))
        else { throw ImageLoadingError.notUnderBase(url: serverPath(of: path)) }
        var request = URLRequest(url: url.absoluteURL)
        request.httpMethod = "GET"
        request.timeoutInterval = Double(requestTimeout.components.seconds)
        request.setValue("image/jpeg, image/png", forHTTPHeaderField: "Accept")
        if let tag = cached?.entityTag { request.setValue(tag, forHTTPHeaderField: "If-None-Match") }
        let answer: (Data, HTTPURLResponse)
        do {
            answer = try await limiter.withPermit {
                requestCount.withLock { $0 += 1 }
                return try await transport.send(request)
            }
        } catch let error where error is CancellationError || (error as? URLError)?.code == .cancelled {
            throw CancellationError()
        } catch {
            if let cached {
                // Offline or the server is down: the bytes on disk are the best picture there is.
                return Fetched(data: cached.data, source: .disk, bytesDownloaded: 0, revalidated: false, isStale: true)
            }
            throw ImageLoadingError.transport(path: serverPath(of: path), reason: String(describing: error))
        }
        let (body, response) = answer
        let freshness = CacheFreshness { response.value(forHTTPHeaderField: $0) }
        switch response.statusCode {
        case 304:
            guard let cached else { throw ImageLoadingError.status(code: 304, path: serverPath(of: path)) }
            // RFC 9111 §4.3.4: the 304's fields (its ETag, its max-age) replace the stored ones.
            let tag = response.value(forHTTPHeaderField: "ETag") ?? cached.entityTag
            if freshness.mayStore && (freshness.lifetime > 0 || tag != cached.entityTag) {
                try? diskCache?.store(cached.data, entityTag: tag, freshFor: freshness.lifetime, for: path)
            } else {
                diskCache?.touch(path)
            }
            return Fetched(data: cached.data, source: .disk, bytesDownloaded: 0, revalidated: true)
        case 200:
            if freshness.mayStore {
                // A full disk must not cost the picture: the cache is an optimisation.
                try? diskCache?.store(
                    body, entityTag: response.value(forHTTPHeaderField: "ETag"), freshFor: freshness.lifetime,
                    for: path)
            }
            return Fetched(data: body, source: .network, bytesDownloaded: body.count, revalidated: false)
        default:
            if let cached, (500...599).contains(response.statusCode) {
                // The server cannot answer now: as when it cannot be reached.
                return Fetched(data: cached.data, source: .disk, bytesDownloaded: 0, revalidated: false, isStale: true)
            }
            throw ImageLoadingError.status(code: response.statusCode, path: serverPath(of: path))
        }
    }
}
