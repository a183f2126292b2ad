import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a loaded image came from.
public enum ImageSource: String, Sendable, Codable {
    /// The memory cache of decoded images: no download, no decode.
    case memory
    /// The disk cache: the bytes were already on disk (confirmed by a 304, or kept because the server was
    /// unreachable) and were decoded.
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

/// Loads pictures for display: memory cache, then disk cache (revalidated with `If-None-Match`), then the network;
/// decodes off the caller's actor straight to the requested size.
///
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

    /// Network requests started so far (each 200 or 304 exchange counts once, however many callers shared it).
    public var downloadsStarted: Int { downloads.startedCount }

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
            return ImageLoadResult(image: image, source: .memory, bytesDownloaded: 0, revalidated: false)
        }
        return try await decodes.value(for: key) { [self] in
            let fetched = try await downloads.value(for: path) { [self] in
                try await fetch(path: path)
            }
            try Task.checkCancellation()
            switch await decoder.decode(fetched.data, fitting: box) {
            case .success(let image):
                memoryCache.insert(image, for: key)
                return ImageLoadResult(
                    image: image, source: fetched.source, bytesDownloaded: fetched.bytesDownloaded,
                    revalidated: fetched.revalidated)
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
            answer = try await limiter.withPermit { try await transport.send(request) }
        } catch let error where error is CancellationError || (error as? URLError)?.code == .cancelled {
            throw CancellationError()
        } catch {
            if let cached {
                // Offline or the server is down: the bytes on disk are the best picture there is.
                return Fetched(data: cached.data, source: .disk, bytesDownloaded: 0, revalidated: false)
            }
            throw ImageLoadingError.transport(path: serverPath(of: path), reason: String(describing: error))
        }
        let (body, response) = answer
        switch response.statusCode {
        case 304:
            guard let cached else { throw ImageLoadingError.status(code: 304, path: serverPath(of: path)) }
            diskCache?.touch(path)
            return Fetched(data: cached.data, source: .disk, bytesDownloaded: 0, revalidated: true)
        case 200:
            let tag = response.value(forHTTPHeaderField: "ETag")
            // A full disk must not cost the picture: the cache is an optimisation.
            try? diskCache?.store(body, entityTag: tag, for: path)
            return Fetched(data: body, source: .network, bytesDownloaded: body.count, revalidated: false)
        default:
            throw ImageLoadingError.status(code: response.statusCode, path: serverPath(of: path))
        }
    }
}
