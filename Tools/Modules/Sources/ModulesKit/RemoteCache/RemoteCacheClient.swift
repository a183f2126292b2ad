import Foundation

/// Why the shared cache could not serve a request.
public enum RemoteCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server as a whole failed: it refused the connection, did not answer in time (after the one retry),
    /// answered 5xx (after the retry), or refused the credentials. The rest of the run does without it.
    case unavailable(String)
    /// One entry cannot be used: its AC entry does not decode, a blob is missing or does not match its digest.
    /// Only the targets it stands for run again.
    case unusableEntry(String)

    /// The explanation.
    public var description: String {
        switch self {
        case .unavailable(let reason), .unusableEntry(let reason): reason
        }
    }
}

/// A client of Bazel's HTTP remote-cache protocol (https://bazel.build/remote/caching#http-caching):
/// `GET`/`PUT` on `<base>/ac/<sha256>` (an action's `ActionResult`) and `<base>/cas/<sha256>` (a blob, named by
/// the SHA-256 of its bytes). Each request is retried once when it ends without a response or with a 5xx; every
/// blob read is checked against its digest (a plain WebDAV server stores whatever it is sent).
public struct RemoteCacheClient: Sendable {
    /// The base URL without a trailing `/` (`http://127.0.0.1:8080`, `https://cache.example.com/storefront`).
    public let baseURL: String
    private let transport: any HTTPTransport

    /// Creates a client.
    /// - Parameters:
    ///   - baseURL: the server's base URL; `/ac/…` and `/cas/…` are appended.
    ///   - transport: sends the requests (``CurlTransport``).
    public init(baseURL: String, transport: any HTTPTransport) {
        var base = baseURL
        while base.hasSuffix("/") {
            base.removeLast()
        }
        self.baseURL = base
        self.transport = transport
    }

    /// The `ActionResult` stored under `key`, or `nil` when there is none (404).
    /// - Throws: ``RemoteCacheError``.
    public func actionResult(_ key: String) async throws(RemoteCacheError) -> ActionResultMessage? {
        guard let data = try await get("ac/\(key)") else { return nil }
        do {
            return try ActionResultMessage.decode(data)
        } catch {
            throw .unusableEntry("the AC entry \(key.prefix(12)) is not an ActionResult (\(error))")
        }
    }

    /// The blob `digest` names, checked against it.
    /// - Throws: ``RemoteCacheError/unusableEntry(_:)`` when it is missing or does not match.
    public func blob(_ digest: BlobDigest) async throws(RemoteCacheError) -> Data {
        guard let data = try await get("cas/\(digest.hash)") else {
            throw .unusableEntry("the blob \(digest.hash.prefix(12)) is missing from the CAS")
        }
        guard digest.matches(data) else {
            throw .unusableEntry("the blob \(digest.hash.prefix(12)) does not match its digest")
        }
        return data
    }

    /// Stores `data` in the CAS under its digest.
    /// - Returns: the digest.
    /// - Throws: ``RemoteCacheError/unavailable(_:)``.
    @discardableResult
    public func putBlob(_ data: Data) async throws(RemoteCacheError) -> BlobDigest {
        let digest = BlobDigest(of: data)
        try await put("cas/\(digest.hash)", data)
        return digest
    }

    /// Stores `message` under `key` in the AC (its blobs must be in the CAS first).
    /// - Throws: ``RemoteCacheError/unavailable(_:)``.
    public func putActionResult(_ message: ActionResultMessage, key: String) async throws(RemoteCacheError) {
        try await put("ac/\(key)", message.encoded())
    }

    private func get(_ path: String) async throws(RemoteCacheError) -> Data? {
        let response = try await send("GET", path, nil)
        switch response.status {
        case 200: return response.body
        case 404: return nil
        default: throw .unavailable("GET /\(path.prefix(15))… answered \(response.status)")
        }
    }

    private func put(_ path: String, _ data: Data) async throws(RemoteCacheError) {
        let response = try await send("PUT", path, data)
        guard (200..<300).contains(response.status) else {
            throw .unavailable("PUT /\(path.prefix(15))… answered \(response.status)")
        }
    }

    /// One request, retried once after a transport failure or a 5xx.
    private func send(_ method: String, _ path: String, _ body: Data?) async throws(RemoteCacheError) -> HTTPResponse {
        var attempt = 0
        while true {
            attempt += 1
            do {
                let response = try await transport.send(method: method, url: "\(baseURL)/\(path)", body: body)
                if response.status >= 500, attempt < 2 { continue }
                return response
            } catch {
                guard attempt < 2 else {
                    throw .unavailable("\(method) /\(path.prefix(15))…: \(error.description) (tried twice)")
                }
            }
        }
    }
}
