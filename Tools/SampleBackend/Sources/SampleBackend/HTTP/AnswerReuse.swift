import CMicroHTTPD
import Foundation
import Persistence
import Primitives

/// The 200 form of an answer that is the same, byte for byte, for every `GET` with the same target (path and
/// query as sent) and `Host` that sends no `Authorization`, for as long as nothing is committed to the database: a
/// catalog answer, or the feed as a signed-out client sees it. A handler sets it on its response
/// (`HTTPResponse.reusable`); the server then keeps it in `AnswerReuse` and answers the next such request from it
/// without running the handler.
public struct ReusableAnswer: Sendable {
    /// Every header the 200 is sent with (`Content-Type`, `ETag`, `Cache-Control`, `Vary`), but `X-Request-Id`,
    /// which is each request's own.
    public let headers: HTTPHeaders
    /// The 200's body.
    public let body: Data
    /// Its strong entity tag (also in `headers`' `ETag`), compared with `If-None-Match` for a 304.
    public let entityTag: String
    /// The headers a 304 for it repeats (RFC 9110 §15.4.5: those a 200 would have sent that describe the
    /// representation's caching).
    public let notModifiedHeaderNames: [String]

    /// The 200 `response` to keep.
    public init(response: HTTPResponse, entityTag: String, notModifiedHeaderNames: [String]) {
        self.headers = response.headers
        self.body = response.body
        self.entityTag = entityTag
        self.notModifiedHeaderNames = notModifiedHeaderNames
    }
}

/// Answers kept for requests that will get the same bytes (`ReusableAnswer`), each valid while the database's
/// commit stamp (`CommitWatch`) is the one read before the answer was made.
///
/// This is the server's fast lane: a hit is answered from libmicrohttpd's first call for the request, before any of
/// the request is copied into Swift values, with no route, no SQLite statement and no lock of the database. The
/// stamp lives in the wal-index that every process on the file shares, so a commit by this server or any other one
/// over the same file ends every kept answer at once; a stamp read as "being written" counts as a change.
///
/// Requests that could be answered differently never take the lane: any method but `GET`, an `Authorization`
/// header, a body, a `Host` header missing or repeated, a target or head over the configured limits, and (decided
/// by `isEnabled`) any request while fault rules are set or while every request is logged.
public final class AnswerReuse: Sendable {
    /// One kept answer and the bytes libmicrohttpd sends from it.
    ///
    /// Sound as `@unchecked Sendable`: every stored property is a `let`; `body` is filled in `init` and only read
    /// afterwards (by libmicrohttpd, from any of its threads); it is freed in `deinit`, which runs only after the
    /// last reference is gone, and every libmicrohttpd response that points into it holds a reference until
    /// libmicrohttpd calls `releaseEntry`.
    final class Entry: @unchecked Sendable {
        let stamp: CommitStamp
        let headers: [(String, String)]
        let notModifiedHeaders: [(String, String)]
        let entityTag: String
        /// The body's bytes; `body` has at least one byte, even for an empty body.
        let bodyLength: Int
        let body: UnsafeMutableRawBufferPointer

        init(_ answer: ReusableAnswer, stamp: CommitStamp) {
            self.stamp = stamp
            self.entityTag = answer.entityTag
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
    }

    private struct State {
        var slots: [[UInt8]: Slot] = [:]
        var counter: UInt64 = 0
        var hits = 0
        var kept = 0
    }

    private let watch: CommitWatch
    private let capacity: Int
    private let isEnabled: @Sendable () -> Bool
    private let state = Locked(State())

    /// - Parameters:
    ///   - watch: The commit stamps of the database the answers are made from.
    ///   - capacity: Answers kept at most; past it the oldest half is dropped.
    ///   - isEnabled: Whether requests may take the lane now (false while fault rules are set or every request is
    ///     logged, which only the full path does).
    public init(watch: CommitWatch, capacity: Int, isEnabled: @escaping @Sendable () -> Bool) {
        self.watch = watch
        self.capacity = max(capacity, 2)
        self.isEnabled = isEnabled
    }

    /// Answers served from kept answers and answers kept, since start.
    public var counts: (hits: Int, kept: Int) {
        state.withLock { ($0.hits, $0.kept) }
    }

    /// What the lane needs of a request's head, read from libmicrohttpd without copying.
    struct Head {
        /// The cache key: the target as sent (path, then each query argument) and the `Host` value.
        var key: [UInt8]
    }

    /// The parts of a `GET` head the lane needs; nil when the request must take the full path.
    func head(
        of connection: OpaquePointer, path: UnsafeRawBufferPointer, configuration: HTTPServerConfiguration
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
        key.reserveCapacity(path.count + host.count + 64)
        key.append(contentsOf: path)
        key.append(0)
        withUnsafeMutablePointer(to: &key) { pointer in
            _ = MHD_get_connection_values_n(connection, .GET_ARGUMENT_KIND, appendArgument, pointer)
        }
        // The separators (0, 1) keep different splits of the same bytes apart; the query part stands for at most
        // the target's length, so this bounds the target as the full path does.
        guard key.count <= configuration.maximumURIBytes + 2 else { return nil }
        key.append(2)
        key.append(contentsOf: host)
        return Head(key: key)
    }

    /// The stamp to keep an answer under: read it before the answer is made, so a commit meanwhile can only make
    /// the kept answer newer than its stamp, never older.
    func stamp() -> CommitStamp? {
        watch.stamp()
    }

    /// The kept answer for `head`, when the database has not changed since it was made.
    func entry(for head: Head) -> Entry? {
        guard let current = watch.stamp() else { return nil }
        return state.withLock { state -> Entry? in
            guard let slot = state.slots[head.key] else { return nil }
            guard slot.entry.stamp == current else {
                state.slots[head.key] = nil
                return nil
            }
            state.hits += 1
            return slot.entry
        }
    }

    /// Keeps `answer` for requests with `head`'s key, valid while the stamp is `stamp`.
    func keep(_ answer: ReusableAnswer, for head: Head, stamp: CommitStamp) {
        let entry = Entry(answer, stamp: stamp)
        state.withLock { state in
            state.counter += 1
            state.kept += 1
            if state.slots.count >= capacity {
                let oldest = state.slots.sorted { $0.value.order < $1.value.order }.prefix(capacity / 2)
                for (key, _) in oldest { state.slots[key] = nil }
            }
            state.slots[head.key] = Slot(entry: entry, order: state.counter)
        }
    }

    /// The libmicrohttpd response for `entry`: 304 without a body when `ifNoneMatch` matches its entity tag
    /// (RFC 9110 §13.1.2), else the 200 sent from the entry's bytes (not copied; the response holds the entry).
    static func response(for entry: Entry, ifNoneMatch: String?, requestID: String) -> (UInt32, OpaquePointer)? {
        let status: UInt32
        let created: OpaquePointer?
        let headers: [(String, String)]
        if HTTPCaching.ifNoneMatch(ifNoneMatch, matches: entry.entityTag) {
            status = 304
            created = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
            headers = entry.notModifiedHeaders
        } else {
            status = 200
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

/// What `scanHeader` learns from the header lines.
private struct HeadScan {
    var hostCount = 0
    var host: UnsafeRawBufferPointer?
    /// An `Authorization` header, or a body (`Content-Length` other than 0, any `Transfer-Encoding`).
    var refused = false
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
    } else if isNamed(key, keySize, "Authorization") || isNamed(key, keySize, "Transfer-Encoding") {
        scan.pointee.refused = true
    } else if isNamed(key, keySize, "Content-Length") {
        if !(valueSize == 1 && bytes.first == UInt8(ascii: "0")) {
            scan.pointee.refused = true
        }
    }
    return .YES
}

private func appendArgument(
    _ context: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?, _ keySize: Int,
    _ value: UnsafePointer<CChar>?, _ valueSize: Int
) -> MHD_Result {
    guard let context else { return .YES }
    let buffer = context.assumingMemoryBound(to: [UInt8].self)
    if let key {
        buffer.pointee.append(contentsOf: UnsafeRawBufferPointer(start: key, count: keySize))
    }
    buffer.pointee.append(1)
    if let value {
        buffer.pointee.append(contentsOf: UnsafeRawBufferPointer(start: value, count: valueSize))
    }
    buffer.pointee.append(0)
    return .YES
}

/// libmicrohttpd's free callback for a 200 sent from an entry's bytes: drops the response's reference.
private func releaseEntry(_ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<AnswerReuse.Entry>.fromOpaque(context).release()
}
