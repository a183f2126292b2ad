import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The entity tags of earlier `GET` answers, so a transport can revalidate instead of downloading again
/// (RFC 9110 §13.1.2, RFC 9111 §4.3).
///
/// For a `GET` it has a 200 answer with an `ETag` for, `conditional(_:)` adds `If-None-Match`; when the server then
/// answers `304 Not Modified`, `resolve(_:data:response:)` hands back the kept body as a 200 with the kept headers
/// (updated by those the 304 carries, RFC 9111 §4.3.4), so callers never see a 304. Answers are kept per URL and
/// per `Authorization` value, so one user's answer never stands in for another's. Answers marked
/// `Cache-Control: no-store` are not kept. Bounded: at most `capacity` answers and `maximumBytes` of bodies; the
/// least recently used go first.
public final class EntityTagCache: Sendable {
    private struct Key: Hashable {
        let url: String
        let authorization: String?
    }

    private struct Entry {
        let entityTag: String
        let body: Data
        let headers: [String: String]
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var revalidated = 0
    }

    private let capacity: Int
    private let maximumBytes: Int
    private let state = Mutex(State())

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - capacity: The most answers kept (at least 1).
    ///   - maximumBytes: The most body bytes kept in all; a larger single body is not kept.
    public init(capacity: Int = 256, maximumBytes: Int = 8 * 1024 * 1024) {
        self.capacity = max(capacity, 1)
        self.maximumBytes = max(maximumBytes, 0)
    }

    /// Answers turned from a 304 into the kept body so far.
    public var revalidatedCount: Int {
        state.withLock { $0.revalidated }
    }

    /// Answers kept now.
    public var count: Int {
        state.withLock { $0.entries.count }
    }

    /// `request` with `If-None-Match` set to the kept entity tag, when it is a `GET` without its own conditional
    /// header and an answer is kept for it; otherwise `request` unchanged.
    public func conditional(_ request: URLRequest) -> URLRequest {
        guard let key = Self.key(for: request), request.value(forHTTPHeaderField: "If-None-Match") == nil else {
            return request
        }
        guard let tag = state.withLock({ $0.entries[key]?.entityTag }) else { return request }
        var conditional = request
        conditional.setValue(tag, forHTTPHeaderField: "If-None-Match")
        return conditional
    }

    /// The answer to hand back for `request` (as sent, possibly made conditional): the kept body as a 200 for a 304
    /// this cache asked for; otherwise `data` and `response` unchanged, after keeping a 200 answer's body under its
    /// `ETag`. A 304 to an `If-None-Match` other than the kept tag (one the caller sent itself) is passed through.
    public func resolve(_ request: URLRequest, data: Data, response: HTTPURLResponse) -> (Data, HTTPURLResponse) {
        guard let key = Self.key(for: request) else { return (data, response) }
        let headers = Self.headers(of: response)
        let cacheControl = headers.first { $0.key.lowercased() == "cache-control" }?.value.lowercased() ?? ""
        let entityTag = headers.first { $0.key.lowercased() == "etag" }?.value
        if response.statusCode == 304 {
            return state.withLock { state -> (Data, HTTPURLResponse) in
                guard let entry = state.entries[key],
                    request.value(forHTTPHeaderField: "If-None-Match") == entry.entityTag,
                    let url = response.url ?? request.url
                else { return (data, response) }
                var merged = entry.headers
                for (name, value) in headers where !Self.isFraming(name) {
                    merged = merged.filter { $0.key.lowercased() != name.lowercased() }
                    merged[name] = value
                }
                guard
                    let full = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: merged)
                else { return (data, response) }
                state.clock += 1
                state.entries[key]?.lastUse = state.clock
                state.revalidated += 1
                return (entry.body, full)
            }
        }
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.body.count }
            guard response.statusCode == 200, let entityTag, !cacheControl.contains("no-store"),
                data.count <= maximumBytes
            else { return }
            while state.entries.count >= capacity || state.bytes + data.count > maximumBytes,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.body.count
            }
            state.clock += 1
            state.entries[key] = Entry(entityTag: entityTag, body: data, headers: headers, lastUse: state.clock)
            state.bytes += data.count
        }
        return (data, response)
    }

    private static func key(for request: URLRequest) -> Key? {
        guard (request.httpMethod ?? "GET").uppercased() == "GET", let url = request.url?.absoluteString else {
            return nil
        }
        return Key(url: url, authorization: request.value(forHTTPHeaderField: "Authorization"))
    }

    private static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return headers
    }

    /// Headers that describe the 304 message itself rather than the kept representation.
    private static func isFraming(_ name: String) -> Bool {
        ["content-length", "transfer-encoding", "connection"].contains(name.lowercased())
    }
}
