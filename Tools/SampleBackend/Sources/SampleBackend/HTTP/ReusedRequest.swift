import CMicroHTTPD
import Foundation

// The fast lane's side of libmicrohttpd's callbacks (`MHDCallbacks.swift` calls these): a request matched to a kept
// answer (`AnswerReuse`) and the way back to the full path when its body turns out to differ.

/// A request matched to a kept answer (`AnswerReuse`) in libmicrohttpd's first call: the entry and, for a `POST`,
/// the body as it arrives. Its retained pointer, with the lowest bit set (objects are at least 16-byte aligned, so a
/// `RequestContext` pointer never has it), is the request's per-request pointer; it has no `RequestContext` unless
/// the body turns out to differ (`takeFullPath`). The answer is queued once libmicrohttpd has delivered the whole
/// request: a response queued from the first call makes libmicrohttpd close the connection after it.
///
/// Not `Sendable`, like `RequestContext`: only the thread serving the connection touches it.
final class ReusedRequest {
    let entry: AnswerReuse.Entry
    var body = Data()

    init(entry: AnswerReuse.Entry) {
        self.entry = entry
        if let expected = entry.requestBody {
            body.reserveCapacity(expected.count)
        }
    }

    /// A retained, tagged pointer to a new `ReusedRequest` for `entry`.
    static func pointer(to entry: AnswerReuse.Entry) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(ReusedRequest(entry: entry)).toOpaque() + 1
    }

    /// The request of a pointer `pointer(to:)` made; nil for a `RequestContext`'s.
    static func from(_ pointer: UnsafeMutableRawPointer) -> ReusedRequest? {
        guard UInt(bitPattern: pointer) & 1 == 1 else { return nil }
        return Unmanaged<ReusedRequest>.fromOpaque(pointer - 1).takeUnretainedValue()
    }

    /// Drops the reference `pointer(to:)` took.
    static func release(_ pointer: UnsafeMutableRawPointer) {
        Unmanaged<ReusedRequest>.fromOpaque(pointer - 1).release()
    }

    func append(_ data: UnsafePointer<CChar>?, _ size: Int) {
        guard let data, body.count + size <= (entry.requestBody?.count ?? 0) + 1 else { return }
        body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size)
    }

    /// Whether the body that arrived is the kept answer's (none for a `GET`).
    var bodyMatches: Bool {
        body == entry.requestBody ?? Data()
    }

    func queue(_ core: ServerCore, on connection: OpaquePointer) -> MHD_Result {
        let ifNoneMatch = MHD_lookup_connection_value(connection, .HEADER_KIND, "If-None-Match").map {
            String(cString: $0)
        }
        let sent = MHD_lookup_connection_value(connection, .HEADER_KIND, RequestID.headerName).map {
            String(cString: $0)
        }
        let requestID = RequestID.resolve(sent: sent, source: core.requestIDs)
        guard let (status, response) = AnswerReuse.response(for: entry, ifNoneMatch: ifNoneMatch, requestID: requestID)
        else { return .NO }
        defer { MHD_destroy_response(response) }
        core.reuse?.countHit()
        return MHD_queue_response(connection, status, response)
    }
}

/// Hands a request that was matched to a kept answer, but sent another body, to the full path: its context is made
/// now (libmicrohttpd still has the head), with the body that arrived.
func takeFullPath(
    _ reused: ReusedRequest,
    _ core: ServerCore,
    _ connection: OpaquePointer,
    _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?,
    _ version: UnsafePointer<CChar>?,
    _ requestPointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>
) -> MHD_Result {
    guard let existing = requestPointer.pointee else { return .NO }
    let context = makeContext(connection, url, method)
    context.body = reused.body
    context.bodyBytesReceived = reused.body.count
    ReusedRequest.release(existing)
    requestPointer.pointee = Unmanaged.passRetained(context).toOpaque()
    if let refusal = refusal(of: context, core, connection, version: version.map { String(cString: $0) } ?? "") {
        context.phase = .responded
        return queue(refusal.response, for: context, core, on: connection, closing: true)
    }
    return dispatch(core, context, connection)
}
