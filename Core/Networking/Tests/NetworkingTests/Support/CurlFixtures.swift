import Foundation
import Primitives
import Testing

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A libcurl transport for tests: a fresh driver (its own multi handle and thread) unless one is given.
func makeCurlTransport(
    driver: CurlDriver? = nil, idleTimeout: Duration = .seconds(30), maximumBodyBytes: Int = 1 << 20,
    additionalHeaders: [String: String] = [:], entityTags: EntityTagCache? = nil,
    certificateAuthorities: String? = nil
) throws -> CurlTransport {
    CurlTransport(
        driver: try driver ?? CurlDriver(), idleTimeout: idleTimeout, maximumBodyBytes: maximumBodyBytes,
        additionalHeaders: additionalHeaders, entityTags: entityTags, certificateAuthorities: certificateAuthorities)
}

/// A request for `path` under `base`, with `method`, `headers` and `body`.
func request(
    _ base: URL, _ path: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil
) -> URLRequest {
    var request = URLRequest(url: base.appending(path: path))
    request.httpMethod = method
    request.httpBody = body
    for (name, value) in headers {
        request.setValue(value, forHTTPHeaderField: name)
    }
    return request
}

/// `count` bytes of a repeating, position-dependent pattern, so a lost or repeated chunk changes the bytes.
func patternedBytes(_ count: Int) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
}

/// Expects `body` to throw a `URLError` with `code`.
func expectURLError(
    _ code: URLError.Code, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async {
    await #expect(sourceLocation: sourceLocation) {
        try await body()
    } throws: { error in
        (error as? URLError)?.code == code
    }
}

/// A gate in the driver's completion path: `hold` (the driver's `completionGate`) reports that a completion
/// arrived and blocks the driver's thread until `open()` (at most 30 s, so a broken test cannot hang the process).
final class CompletionGate: Sendable {
    private let arrived = Locked<[URL]>([])
    private let opened = Locked(false)
    private let semaphore = DispatchSemaphore(value: 0)

    var isOpen: Bool { opened.withLock { $0 } }
    var arrivals: [URL] { arrived.withLock { $0 } }

    func hold(_ url: URL) {
        arrived.withLock { $0.append(url) }
        guard !isOpen else { return }
        _ = semaphore.wait(timeout: .now() + 30)
    }

    func open() {
        opened.withLock { $0 = true }
        semaphore.signal()
    }
}
