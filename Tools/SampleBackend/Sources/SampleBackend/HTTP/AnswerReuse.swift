import CMicroHTTPD
import Foundation
import Persistence
import Primitives

/// An answer the server may send again, byte for byte, without running its handler, for as long as nothing is
/// committed to the database and `isStillValid` says yes:
/// - for a `GET` (status 200): every request with the same target (path and query as sent) and `Host` that sends no
///   `Authorization`: a catalog answer, or the feed as a signed-out client sees it;
/// - for a `POST`: every request with the same target, `Host`, `Authorization` and `Idempotency-Key` values and the
///   same body bytes: a stored idempotent answer replayed (`Idempotent-Replayed: true`).
///
/// A handler sets it on its response (`HTTPResponse.reusable`); the server then keeps it in `AnswerReuse`.
public struct ReusableAnswer: Sendable {
    /// The status it is sent with (200 for a `GET`; the stored status of a replay).
    public let status: Int
    /// Every header it is sent with (`Content-Type`, `ETag`, `Cache-Control`, `Vary`, `Idempotent-Replayed`), but
    /// `X-Request-Id`, which is each request's own.
    public let headers: HTTPHeaders
    /// Its body.
    public let body: Data
    /// A `GET` answer's strong entity tag (also in `headers`' `ETag`), compared with `If-None-Match` for a 304;
    /// nil for a replay.
    public let entityTag: String?
    /// The headers a 304 for it repeats (RFC 9110 §15.4.5: those a 200 would have sent that describe the
    /// representation's caching).
    public let notModifiedHeaderNames: [String]
    /// Asked on every reuse; false ends it (a replay's session that expired on the server's clock).
    public let isStillValid: @Sendable () -> Bool

    /// `response` (a 200 to a `GET`, or a stored answer to a `POST`) to keep.
    public init(
        response: HTTPResponse, entityTag: String?, notModifiedHeaderNames: [String] = [],
        isStillValid: @escaping @Sendable () -> Bool = { true }
    ) {
        self.status = response.status
        self.headers = response.headers
        self.body = response.body
        self.entityTag = entityTag
        self.notModifiedHeaderNames = notModifiedHeaderNames
        self.isStillValid = isStillValid
    }
}

/// Answers kept for requests that will get the same bytes (`ReusableAnswer`), each valid while the database's
/// commit stamp (`CommitWatch`) is the one read before the answer was made.
///
/// This is the server's fast lane: a hit is answered from libmicrohttpd's calls for the request, before any of it is
/// copied into Swift values, with no route, no SQLite statement and no lock of the database. The stamp lives in the
/// wal-index that every process on the file shares, so a commit by this server or any other one over the same file
/// ends every kept answer at once; a stamp read as "being written" counts as a change.
///
/// Requests that could be answered differently never take the lane: any method but `GET` and `POST`, a `GET` with
/// `Authorization` or a body, a `POST` without `Content-Length` or with a body of other bytes than the kept one's,
/// any `Transfer-Encoding`, a `Host` header missing or repeated, a target or head over the configured limits, and
/// (decided by `isEnabled`) any request while fault rules are set or while every request is logged. Keys are made of
/// length-prefixed parts, so no header value can pose as another part.
public final class AnswerReuse: Sendable {
    /// One kept answer and the bytes libmicrohttpd sends from it.
    ///
    /// Sound as `@unchecked Sendable`: every stored property is a `let`; `body` is filled in `init` and only read
    /// afterwards (by libmicrohttpd, from any of its threads); it is freed in `deinit`, which runs only after the
    /// last reference is gone, and every libmicrohttpd response that points into it holds a reference until
    /// libmicrohttpd calls `releaseEntry`.
    final class Entry: @unchecked Sendable {
        let stamp: CommitStamp
        let status: UInt32
        let headers: [(String, String)]
        let notModifiedHeaders: [(String, String)]
        let entityTag: String?
        /// The body a `POST` must send to get this answer; nil for a `GET`.
        let requestBody: Data?
        let isStillValid: @Sendable () -> Bool
        /// The body's bytes; `body` has at least one byte, even for an empty body.
        let bodyLength: Int
        let body: UnsafeMutableRawBufferPointer

        init(_ answer: ReusableAnswer, requestBody: Data?, stamp: CommitStamp) {
            self.stamp = stamp
            self.status = UInt32(clamping: answer.status)
            self.entityTag = answer.entityTag
            self.requestBody = requestBody
            self.isStillValid = answer.isStillValid
            self.headers = answer.headers.map { ($0.name, $0.value) }
            let names = Set(answer.notModifiedHeaderNames.map { $0.lowercased() })
            self.notModifiedHeaders = headers.filter { names.contains($0.0.lowercased()) }
            bodyLength = answer.body.count
            body = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bodyLength, 1), alignment: 1)
            _ = answer.body.copyBytes(to: body)
        }

        deinit {
            body.deallocate()
        }
    }

    private struct Slot {
        let entry: Entry
        let order: UInt64
        let bytes: Int
    }

    private struct State {
        var slots: [[UInt8]: Slot] = [:]
        var bytes = 0
        var counter: UInt64 = 0
        var hits = 0
        var kept = 0
    }

    private let watch: CommitWatch
    private let capacity: Int
    private let byteLimit: Int
    private let isEnabled: @Sendable () -> Bool
    private let state = Locked(State())

    /// - Parameters:
    ///   - watch: The commit stamps of the database the answers are made from.
    ///   - capacity: Answers kept at most.
    ///   - byteLimit: Bytes of kept answers (bodies, request bodies and keys) at most. Past either limit the
    ///     oldest half of the answers is dropped.
    ///   - isEnabled: Whether requests may take the lane now (false while fault rules are set or every request is
    ///     logged, which only the full path does).
    public init(watch: CommitWatch, capacity: Int, byteLimit: Int, isEnabled: @escaping @Sendable () -> Bool) {
        self.watch = watch
        self.capacity = max(capacity, 2)
        self.byteLimit = max(byteLimit, 1)
        self.isEnabled = isEnabled
    }

    /// The bytes the kept answers take now (see `byteLimit`).
    var keptBytes: Int {
        state.withLock { $0.bytes }
    }

    /// Requests answered from kept answers and answers kept, since start.
    public var counts: (hits: Int, kept: Int) {
        state.withLock { ($0.hits, $0.kept) }
    }

    /// The methods the lane serves.
    enum Method {
        case get
        case post

        init?(_ method: UnsafePointer<CChar>) {
            if strcmp(method, "GET") == 0 {
                self = .get
            } else if strcmp(method, "POST") == 0 {
                self = .post
            } else {
                return nil
            }
        }
    }

    /// What the lane needs of a request's head, read from libmicrohttpd without copying.
    struct Head {
        /// The cache key: the method, the target as sent (path, then each query argument), `Host`, and for a
        /// `POST` the `Authorization` and `Idempotency-Key` values, each part prefixed with its length.
        var key: [UInt8]
        /// A `POST`'s declared `Content-Length`; 0 for a `GET`.
        var bodyLength: Int
    }

    /// The parts of a `GET` or `POST` head the lane needs; nil when the request must take the full path.
    func head(
        of connection: OpaquePointer, method: Method, path: UnsafeRawBufferPointer,
        configuration: HTTPServerConfiguration
    ) -> Head? {
        guard isEnabled() else { return nil }
        var scan = HeadScan()
        withUnsafeMutablePointer(to: &scan) { pointer in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, scanHeader, pointer)
        }
        guard !scan.refused, scan.hostCount == 1, let host = scan.host,
            sbmhd_request_header_size(connection) <= configuration.maximumHeadBytes
        else { return nil }
        var key: [UInt8] = []
        key.reserveCapacity(path.count + host.count + 128)
        switch method {
        case .get:
            guard scan.authorization == nil, scan.contentLength ?? 0 == 0 else { return nil }
            key.append(UInt8(ascii: "G"))
        case .post:
            guard let authorization = scan.authorization, let idempotencyKey = scan.idempotencyKey,
                let length = scan.contentLength, length > 0, length <= configuration.maximumBodyBytes
            else { return nil }
            key.append(UInt8(ascii: "P"))
            appendPart(authorization, to: &key)
            appendPart(idempotencyKey, to: &key)
        }
        appendPart(path, to: &key)
        appendPart(host, to: &key)
        let before = key.count
        withUnsafeMutablePointer(to: &key) { pointer in
            _ = MHD_get_connection_values_n(connection, .GET_ARGUMENT_KIND, appendArgument, pointer)
        }
        // Each argument adds 8 bytes of length prefixes besides its name and value.
        guard path.count + (key.count - before) <= configuration.maximumURIBytes * 2 else { return nil }
        return Head(key: key, bodyLength: method == .post ? scan.contentLength ?? 0 : 0)
    }

    /// The stamp to keep an answer under: read it before the answer is made, so a commit meanwhile can only make
    /// the kept answer newer than its stamp, never older.
    func stamp() -> CommitStamp? {
        watch.stamp()
    }

    /// The kept answer for `head`, when the database has not changed since it was made and it is still valid.
    func entry(for head: Head) -> Entry? {
        guard let current = watch.stamp() else { return nil }
        let entry = state.withLock { state -> Entry? in
            guard let slot = state.slots[head.key] else { return nil }
            guard slot.entry.stamp == current else {
                state.slots[head.key] = nil
                state.bytes -= slot.bytes
                return nil
            }
            return slot.entry
        }
        guard let entry, entry.isStillValid(), entry.requestBody?.count ?? 0 == head.bodyLength else { return nil }
        return entry
    }

    /// Whether `entry` still answers now: the database unchanged since it was made and `isStillValid`. Asked again
    /// when a request matched in its first call is complete, since a body can take up to the body deadline.
    func isCurrent(_ entry: Entry) -> Bool {
        guard let current = watch.stamp() else { return false }
        return entry.stamp == current && entry.isStillValid()
    }

    /// Counts a request answered from a kept answer.
    func countHit() {
        state.withLock { $0.hits += 1 }
    }

    /// Keeps `answer` for requests with `head`'s key (and, for a `POST`, `requestBody`), valid while the stamp is
    /// `stamp`.
    func keep(_ answer: ReusableAnswer, for head: Head, requestBody: Data?, stamp: CommitStamp) {
        let entry = Entry(answer, requestBody: requestBody, stamp: stamp)
        let bytes = entry.bodyLength + (requestBody?.count ?? 0) + head.key.count
        guard bytes <= byteLimit / 4 else { return }
        state.withLock { state in
            state.counter += 1
            state.kept += 1
            if let replaced = state.slots.removeValue(forKey: head.key) {
                state.bytes -= replaced.bytes
            }
            if state.slots.count >= capacity || state.bytes + bytes > byteLimit {
                for (_, slot) in state.slots.removeOldest(max(state.slots.count / 2, 1), by: { $0.order }) {
                    state.bytes -= slot.bytes
                }
            }
            state.slots[head.key] = Slot(entry: entry, order: state.counter, bytes: bytes)
            state.bytes += bytes
        }
    }

    /// The libmicrohttpd response for `entry`: 304 without a body when `ifNoneMatch` matches its entity tag
    /// (RFC 9110 §13.1.2), else its status sent from the entry's bytes (not copied; the response holds the entry).
    static func response(for entry: Entry, ifNoneMatch: String?, requestID: String) -> (UInt32, OpaquePointer)? {
        let status: UInt32
        let created: OpaquePointer?
        let headers: [(String, String)]
        if let tag = entry.entityTag, HTTPCaching.ifNoneMatch(ifNoneMatch, matches: tag) {
            status = 304
            created = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
            headers = entry.notModifiedHeaders
        } else {
            status = entry.status
            let retained = Unmanaged.passRetained(entry)
            created = MHD_create_response_from_buffer_with_free_callback_cls(
                entry.bodyLength, entry.body.baseAddress, releaseEntry, retained.toOpaque())
            if created == nil {
                retained.release()
            }
            headers = entry.headers
        }
        guard let created else { return nil }
        for (name, value) in headers {
            _ = MHD_add_response_header(created, name, value)
        }
        _ = MHD_add_response_header(created, RequestID.headerName, requestID)
        return (status, created)
    }
}

/// What `scanHeader` learns from the header lines (pointers into libmicrohttpd's memory for this request).
private struct HeadScan {
    var hostCount = 0
    var host: UnsafeRawBufferPointer?
    var authorization: UnsafeRawBufferPointer?
    var idempotencyKey: UnsafeRawBufferPointer?
    var contentLength: Int?
    var hasIfNoneMatch = false
    /// A repeated `Authorization`, `Idempotency-Key`, `If-None-Match` or `Content-Length`, an unreadable `Content-Length`, or any
    /// `Transfer-Encoding`.
    var refused = false
}

/// Appends `part`'s length (4 bytes) and bytes.
private func appendPart(_ part: UnsafeRawBufferPointer, to key: inout [UInt8]) {
    let count = UInt32(truncatingIfNeeded: part.count)
    key.append(UInt8(truncatingIfNeeded: count >> 24))
    key.append(UInt8(truncatingIfNeeded: count >> 16))
    key.append(UInt8(truncatingIfNeeded: count >> 8))
    key.append(UInt8(truncatingIfNeeded: count))
    key.append(contentsOf: part)
}

/// Whether the header name at `key` (`size` bytes) is `name`, compared without regard to case (RFC 9110 §5.1).
private func isNamed(_ key: UnsafePointer<CChar>, _ size: Int, _ name: StaticString) -> Bool {
    size == name.utf8CodeUnitCount
        && name.withUTF8Buffer { buffer in
            strncasecmp(key, UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self), size) == 0
        }
}

private func scanHeader(
    _ context: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?, _ keySize: Int,
    _ value: UnsafePointer<CChar>?, _ valueSize: Int
) -> MHD_Result {
    guard let context, let key else { return .YES }
    let scan = context.assumingMemoryBound(to: HeadScan.self)
    let bytes = UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize)
    if isNamed(key, keySize, "Host") {
        scan.pointee.hostCount += 1
        scan.pointee.host = bytes
    } else if isNamed(key, keySize, "Authorization") {
        if scan.pointee.authorization != nil { scan.pointee.refused = true }
        scan.pointee.authorization = bytes
    } else if isNamed(key, keySize, "Idempotency-Key") {
        if scan.pointee.idempotencyKey != nil { scan.pointee.refused = true }
        scan.pointee.idempotencyKey = bytes
    } else if isNamed(key, keySize, "If-None-Match") {
        // The lane reads one line; several lines are one list that the full path joins (RFC 9110 §5.3).
        if scan.pointee.hasIfNoneMatch { scan.pointee.refused = true }
        scan.pointee.hasIfNoneMatch = true
    } else if isNamed(key, keySize, "Content-Length") {
        var length = 0
        let digits = !bytes.isEmpty && bytes.count <= 9 && bytes.allSatisfy { (0x30...0x39).contains($0) }
        for byte in bytes where digits { length = length * 10 + Int(byte - 0x30) }
        if !digits || scan.pointee.contentLength != nil { scan.pointee.refused = true }
        scan.pointee.contentLength = length
    } else if isNamed(key, keySize, "Transfer-Encoding") {
        scan.pointee.refused = true
    }
    return .YES
}

private func appendArgument(
    _ context: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?, _ keySize: Int,
    _ value: UnsafePointer<CChar>?, _ valueSize: Int
) -> MHD_Result {
    guard let context else { return .YES }
    let buffer = context.assumingMemoryBound(to: [UInt8].self)
    appendPart(UnsafeRawBufferPointer(start: key, count: key == nil ? 0 : keySize), to: &buffer.pointee)
    // A name without `=` (value NULL) and one with an empty value are different targets.
    if let value {
        buffer.pointee.append(1)
        appendPart(UnsafeRawBufferPointer(start: value, count: valueSize), to: &buffer.pointee)
    } else {
        buffer.pointee.append(0)
    }
    return .YES
}

/// libmicrohttpd's free callback for an answer sent from an entry's bytes: drops the response's reference.
private func releaseEntry(_ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<AnswerReuse.Entry>.fromOpaque(context).release()
}
