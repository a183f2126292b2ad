import Foundation
import Primitives

/// Where a handler task leaves its response for libmicrohttpd's thread to queue.
final class ResponseSlot: Sendable {
    private let response = Locked<HTTPResponse?>(nil)

    func store(_ value: HTTPResponse) {
        response.withLock { $0 = value }
    }

    func take() -> HTTPResponse? {
        response.withLock { slot in
            defer { slot = nil }
            return slot
        }
    }
}

/// What the server knows about one request while libmicrohttpd delivers it.
///
/// Deliberately not `Sendable`: libmicrohttpd calls back serially for each connection, so only the thread serving
/// the connection reads or writes it (headers, query, body, phase). Handler tasks receive the value-type
/// `HTTPRequest` and the `ResponseSlot`, never the context. It is retained into libmicrohttpd's per-request pointer
/// on the first callback and released in the request-completed callback.
final class RequestContext {
    enum Phase {
        /// Headers and body are arriving.
        case receiving
        /// The connection is suspended while a handler task runs.
        case awaitingResponse
        /// A response was queued (or the connection is being dropped).
        case responded
    }

    let method: String
    let path: String
    /// Whether the request target was in absolute-form (`RequestTarget`): its answer is made for the target's
    /// authority, so it is never kept for requests with another target (`AnswerReuse`).
    var isAbsoluteForm = false
    var headers = HTTPHeaders()
    var query: [HTTPRequest.QueryItem] = []
    /// The query's length as sent (still percent-encoded), with a separator per argument.
    var rawQueryBytes = 0
    var body = Data()
    var bodyBytesReceived = 0
    var phase = Phase.receiving
    let slot = ResponseSlot()

    init(method: String, path: String) {
        self.method = method
        self.path = path
    }

    func request() -> HTTPRequest {
        HTTPRequest(method: method, path: path, query: query, headers: headers, body: body)
    }
}
