import Foundation
import Networking

/// The app's three HTTP transports, all on one libcurl driver (one multi handle and its thread per process): API
/// requests, the live event stream, and pictures.
///
/// What differs by kind of request: API answers keep their entity tags (`EntityTagCache`) and are capped at
/// `apiBodyLimit`; pictures keep none (the image disk cache keeps its own validators and must see a 304 as a 304)
/// and are capped at `pictureBodyLimit`; the event stream is not capped (it never ends) but holds at most
/// `streamBufferedChunks` chunks its reader has not taken before it pauses the transfer.
public struct AppTransports: Sendable {
    /// The most bytes of one API answer (a feed page is about 15 KB).
    public static let apiBodyLimit = 4 << 20
    /// The most bytes of one picture file.
    public static let pictureBodyLimit = 16 << 20
    /// The most event-stream chunks buffered for a reader that is behind.
    public static let streamBufferedChunks = 256
    /// The streams' idle backstop: above the server's 15 s heartbeat, and the event-stream client's own 45 s
    /// heartbeat timeout.
    public static let streamIdleTimeout = Duration.seconds(60)

    /// Sends API requests.
    public let api: any HTTPTransport
    /// Opens the event stream.
    public let stream: any HTTPStreamingTransport
    /// Downloads pictures.
    public let pictures: any HTTPTransport

    /// The three transports on `driver`, sending `User-Agent: storefront/<version>`.
    ///
    /// - Parameters:
    ///   - driver: The process's libcurl driver.
    ///   - attemptTimeout: The API client's per-attempt deadline; the transports' idle backstop stays above it
    ///     (at least 60 s).
    ///   - certificateAuthorities: A PEM file of certificate authorities to trust for `https` instead of the
    ///     system's; nil for the system's.
    public init(driver: CurlDriver, attemptTimeout: Duration, certificateAuthorities: String? = nil) {
        let headers = ["User-Agent": "storefront/\(StorefrontVersion.current)"]
        let idle = max(.seconds(60), attemptTimeout + .seconds(5))
        api = CurlTransport(
            driver: driver, idleTimeout: idle, maximumBodyBytes: Self.apiBodyLimit, additionalHeaders: headers,
            entityTags: EntityTagCache(), certificateAuthorities: certificateAuthorities)
        stream = CurlStreamingTransport(
            driver: driver, idleTimeout: Self.streamIdleTimeout, maximumBufferedChunks: Self.streamBufferedChunks,
            additionalHeaders: headers, certificateAuthorities: certificateAuthorities)
        pictures = CurlTransport(
            driver: driver, idleTimeout: idle, maximumBodyBytes: Self.pictureBodyLimit, additionalHeaders: headers,
            entityTags: nil, certificateAuthorities: certificateAuthorities)
    }
}
