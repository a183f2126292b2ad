import Foundation
import Primitives

/// Validators and freshness for `GET` answers (RFC 9110 §8.8 and §13, RFC 9111 §5.2).
///
/// Every 200 answer to a cacheable `GET` carries a strong `ETag` computed from its exact bytes (and, for answers
/// that depend on who asks, from the user too), so a client that sends it back in `If-None-Match` gets
/// `304 Not Modified` without a body when nothing changed. Catalog answers (search, products, config) are the same
/// for everyone: `Cache-Control: public, max-age=N`. Answers with user data (the feed and posts with `liked_by_me`,
/// orders) are `private, no-cache` (a shared cache must not keep them; a client's own cache revalidates each time)
/// with `Vary: Authorization`.
enum HTTPCaching {
    /// How an answer may be cached.
    enum Policy: Sendable {
        /// The same for every client, fresh for `maxAgeSeconds`.
        case publicAnswer(maxAgeSeconds: Int)
        /// Depends on the user (`userID`, nil when signed out): revalidate every time.
        case privateAnswer(userID: String?)

        /// Whether every client without `Authorization` gets this answer (a public one, or a private one for nobody
        /// signed in), so the server may keep it for them (`ReusableAnswer`).
        var isSameForEveryone: Bool {
            switch self {
            case .publicAnswer: return true
            case .privateAnswer(let userID): return userID == nil
            }
        }

        var cacheControl: String {
            switch self {
            case .publicAnswer(let maxAge): return "public, max-age=\(maxAge)"
            case .privateAnswer: return "private, no-cache"
            }
        }
    }

    /// A strong entity tag for `body` as answered under `policy`: `"<length hex>-<FNV-1a 64 hex>"`. Any change of
    /// the bytes (or of the user for private answers) changes it, as RFC 9110 §8.8.3 requires of a strong validator.
    static func entityTag(for body: Data, policy: Policy) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01B3
        if case .privateAnswer(let userID) = policy {
            for byte in (userID ?? "-").utf8 {
                hash = (hash ^ UInt64(byte)) &* prime
            }
            hash = (hash ^ 0) &* prime
        }
        // One tight loop over the bytes (the answer's hash is computed on every private answer).
        hash = body.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> UInt64 in
            var value = hash
            for byte in bytes {
                value = (value ^ UInt64(byte)) &* prime
            }
            return value
        }
        return "\"\(String(body.count, radix: 16))-\(String(hash, radix: 16))\""
    }

    /// Whether an `If-None-Match` field value matches `entityTag`: `*`, or a comma-separated list of entity tags
    /// compared weakly (a `W/` prefix is ignored), as RFC 9110 §13.1.2 specifies for this field.
    static func ifNoneMatch(_ fieldValue: String?, matches entityTag: String) -> Bool {
        guard let fieldValue else { return false }
        let trimmed = RequestSupport.trimmingWhitespace(fieldValue)
        if trimmed == "*" { return true }
        let opaque = entityTag.hasPrefix("W/") ? String(entityTag.dropFirst(2)) : entityTag
        return trimmed.split(separator: ",").contains { candidate in
            var tag = RequestSupport.trimmingWhitespace(candidate)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == opaque
        }
    }

    /// `response` with its validator and caching headers; `304 Not Modified` (the same headers, no body) when the
    /// request's `If-None-Match` matches. Only 200 answers to `GET` and `HEAD` take part; others pass unchanged.
    static func finish(
        _ response: HTTPResponse, for request: HTTPRequest, policy: Policy, entityTag knownTag: String? = nil
    ) -> HTTPResponse {
        guard response.status == 200, request.method == "GET" || request.method == "HEAD" else { return response }
        let tag = knownTag ?? entityTag(for: response.body, policy: policy)
        let answer = validated(response, policy: policy, entityTag: tag)
        // Several field lines are one comma-separated list (RFC 9110 §5.3).
        let sent = request.headers.values(for: "If-None-Match")
        guard ifNoneMatch(sent.isEmpty ? nil : sent.joined(separator: ", "), matches: tag) else { return answer }
        var notModified = HTTPResponse(status: 304)
        for name in notModifiedHeaderNames {
            if let value = answer.headers[name] { notModified.headers[name] = value }
        }
        return notModified
    }

    /// The headers a 304 repeats from the 200 it stands for.
    static let notModifiedHeaderNames = ["ETag", "Cache-Control", "Vary"]

    /// The 200 `response` with its validator and caching headers for `policy`.
    static func validated(_ response: HTTPResponse, policy: Policy, entityTag tag: String) -> HTTPResponse {
        var answer = response
        answer.headers["ETag"] = tag
        answer.headers["Cache-Control"] = policy.cacheControl
        if case .privateAnswer = policy {
            answer.headers["Vary"] = "Authorization"
        }
        return answer
    }
}

/// Answers kept in memory with their entity tags, each valid while a change counter of the database
/// (`ServerStore.changeVersion(of:)`: the catalog's, the feed's) stays where it was when the answer was made. The
/// counters live in the database, so a change made by another server process over the same file invalidates them
/// too. Bounded: past `capacity` entries the oldest half is dropped.
final class AnswerCache: Sendable {
    private struct Entry {
        let version: Int64
        let response: HTTPResponse
        let entityTag: String
        let order: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var counter: UInt64 = 0
        var hits = 0
        var misses = 0
    }

    private let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = max(capacity, 2)
    }

    /// The answer to `request` kept under `key` for `version`, or else the one `make` makes now (kept when it is a
    /// 200), finished for `policy` (`HTTPCaching.finish`: validators, caching headers, 304 for a matching
    /// `If-None-Match`). An answer that is the same for every signed-out client (`Policy.isSameForEveryone`) is
    /// marked `reusable` for the server's fast lane (`AnswerReuse`).
    ///
    /// Read the counter before making the answer: a change committed meanwhile (here or in another process) can
    /// then only make a kept answer newer than its counter, never older.
    /// - Throws: `make`'s error.
    func answer(
        to request: HTTPRequest, key: String, version: Int64, policy: HTTPCaching.Policy,
        make: () throws -> HTTPResponse
    ) throws -> HTTPResponse {
        let response: HTTPResponse
        let tag: String
        if let (kept, keptTag) = answer(key, version: version) {
            (response, tag) = (kept, keptTag)
        } else {
            response = try make()
            guard response.status == 200 else { return response }
            tag = HTTPCaching.entityTag(for: response.body, policy: policy)
            keep(response, entityTag: tag, under: key, version: version)
        }
        var finished = HTTPCaching.finish(response, for: request, policy: policy, entityTag: tag)
        if policy.isSameForEveryone {
            finished.reusable = ReusableAnswer(
                response: HTTPCaching.validated(response, policy: policy, entityTag: tag), entityTag: tag,
                notModifiedHeaderNames: HTTPCaching.notModifiedHeaderNames)
        }
        return finished
    }

    /// The answer kept under `key` for `version`, with its entity tag.
    func answer(_ key: String, version: Int64) -> (HTTPResponse, String)? {
        state.withLock { state in
            guard let entry = state.entries[key], entry.version == version else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            return (entry.response, entry.entityTag)
        }
    }

    /// Keeps `response` (a 200 answer) under `key` for `version`.
    func keep(_ response: HTTPResponse, entityTag: String, under key: String, version: Int64) {
        state.withLock { state in
            state.counter += 1
            if state.entries.count >= capacity {
                state.entries.removeOldest(capacity / 2) { $0.order }
            }
            state.entries[key] = Entry(
                version: version, response: response, entityTag: entityTag, order: state.counter)
        }
    }

    /// Answers served from memory and answers that had to be made, since start.
    var counts: (hits: Int, misses: Int) {
        state.withLock { ($0.hits, $0.misses) }
    }
}
