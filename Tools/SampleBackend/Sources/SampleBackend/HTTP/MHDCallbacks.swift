import CMicroHTTPD
import Foundation
import Logging

// The C callbacks libmicrohttpd calls. They capture nothing: the `ServerCore` arrives as the callback's context
// pointer (retained by `HTTPServer` while the daemon runs) and each request's `RequestContext` through libmicrohttpd's
// per-request pointer.

/// The access handler, called several times per request on the thread serving its connection: once when the
/// headers are complete, once per body chunk, once when the body is complete, and once more after a suspended
/// connection is resumed.
func mhdAccessHandler(
    _ coreContext: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?,
    _ version: UnsafePointer<CChar>?,
    _ uploadData: UnsafePointer<CChar>?,
    _ uploadDataSize: UnsafeMutablePointer<Int>?,
    _ requestPointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let coreContext, let connection, let uploadDataSize, let requestPointer else { return .NO }
    let core = Unmanaged<ServerCore>.fromOpaque(coreContext).takeUnretainedValue()
    guard let existing = requestPointer.pointee else {
        return beginRequest(core, connection, url, method, version, requestPointer)
    }
    if let reused = ReusedRequest.from(existing) {
        // Matched to a kept answer in the first call (see `AnswerReuse`): a POST's body is gathered and compared
        // with the kept one's; one that differs goes the full path after all, and so does one whose answer ended
        // while its body arrived (a commit, such as a sign-out, or the session's expiry): the request is answered
        // as of when it is complete, as on the full path.
        if uploadDataSize.pointee != 0 {
            reused.append(uploadData, uploadDataSize.pointee)
            uploadDataSize.pointee = 0
            return .YES
        }
        if reused.bodyMatches, core.reuse?.isCurrent(reused.entry) == true {
            return reused.queue(core, on: connection)
        }
        return takeFullPath(reused, core, connection, url, method, version, requestPointer)
    }
    let context = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
    if uploadDataSize.pointee != 0 {
        receiveBody(core, context, uploadData, uploadDataSize.pointee)
        uploadDataSize.pointee = 0
        return .YES
    }
    switch context.phase {
    case .responded:
        return .YES
    case .awaitingResponse:
        guard let response = context.slot.take() else { return .YES }
        context.phase = .responded
        return queue(response, for: context, core, on: connection, closing: core.isStopping)
    case .receiving:
        return dispatch(core, context, connection)
    }
}

/// Releases the request's context and counts the request as finished.
func mhdRequestCompleted(
    _ coreContext: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ requestPointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ termination: MHD_RequestTerminationCode
) {
    guard let coreContext, let requestPointer, let existing = requestPointer.pointee else { return }
    requestPointer.pointee = nil
    if ReusedRequest.from(existing) != nil {
        ReusedRequest.release(existing)
        let core = Unmanaged<ServerCore>.fromOpaque(coreContext).takeUnretainedValue()
        if let connection, let id = watchID(connection) {
            core.watch.enter(.idle, id: id)
        }
        core.requestCompleted()
        return
    }
    let context = Unmanaged<RequestContext>.fromOpaque(existing).takeRetainedValue()
    let core = Unmanaged<ServerCore>.fromOpaque(coreContext).takeUnretainedValue()
    if termination != .REQUEST_TERMINATED_COMPLETED_OK {
        core.logger.debug(
            "request ended without a complete response",
            metadata: [
                "method": .string(context.method), "path": .string(context.path),
                "termination": .string("\(termination.rawValue)"),
            ])
    }
    if let connection, let id = watchID(connection) {
        core.watch.enter(.idle, id: id)
    }
    core.requestCompleted()
}

/// Registers each new connection with the server's `ConnectionWatch` (its id goes into libmicrohttpd's
/// per-connection pointer) and forgets it when libmicrohttpd reports it closed, before the socket is closed.
func mhdConnectionNotification(
    _ coreContext: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ code: MHD_ConnectionNotificationCode
) {
    guard let coreContext, let connection, let socketContext else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(coreContext).takeUnretainedValue()
    switch code {
    case .CONNECTION_NOTIFY_STARTED:
        let id = core.watch.opened(descriptor: sbmhd_connection_fd(connection))
        socketContext.pointee = UnsafeMutableRawPointer(bitPattern: id)
    case .CONNECTION_NOTIFY_CLOSED:
        if let pointer = socketContext.pointee {
            core.watch.closed(id: UInt(bitPattern: pointer))
            socketContext.pointee = nil
        }
    default:
        break
    }
}

/// The `ConnectionWatch` id of `connection`, or nil.
private func watchID(_ connection: OpaquePointer) -> UInt? {
    sbmhd_socket_context(connection).map { UInt(bitPattern: $0) }
}

/// Sends libmicrohttpd's own messages to the server's logger instead of standard error.
func mhdLog(_ coreContext: UnsafeMutableRawPointer?, _ format: UnsafePointer<CChar>?, _ arguments: CVaListPointer?) {
    guard let coreContext, let format, let arguments else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(coreContext).takeUnretainedValue()
    var buffer = [CChar](repeating: 0, count: 512)
    let length = buffer.withUnsafeMutableBufferPointer { pointer in
        vsnprintf(pointer.baseAddress, pointer.count, format, arguments)
    }
    guard length > 0 else { return }
    let bytes = buffer.prefix(min(Int(length), buffer.count - 1)).map { UInt8(bitPattern: $0) }
    let message = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    core.logger.warning("libmicrohttpd: \(message)")
}

/// Leaves the text as sent: libmicrohttpd would otherwise percent-decode the path, after which an encoded `/`
/// inside an id cannot be told from a separator. `HTTPRequest.pathSegments` decodes each segment after splitting;
/// query names and values are decoded when they are collected.
func mhdKeepEscaped(
    _ context: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ text: UnsafeMutablePointer<CChar>?
) -> Int {
    guard let text else { return 0 }
    return strlen(text)
}

/// A new request context with the head's headers and query arguments.
func makeContext(
    _ connection: OpaquePointer, _ url: UnsafePointer<CChar>?, _ method: UnsafePointer<CChar>?
) -> RequestContext {
    let target = url.map { String(cString: $0) } ?? "/"
    let absolute = RequestTarget.absoluteForm(target)
    let context = RequestContext(method: method.map { String(cString: $0) } ?? "", path: absolute?.path ?? target)
    let pointer = Unmanaged.passUnretained(context).toOpaque()
    _ = MHD_get_connection_values_n(connection, .HEADER_KIND, collectValue, pointer)
    _ = MHD_get_connection_values_n(connection, .GET_ARGUMENT_KIND, collectValue, pointer)
    if let absolute {
        context.isAbsoluteForm = true
        // RFC 9112 §3.2.2: the origin server MUST ignore the received Host and use the target's authority. A
        // request without exactly one Host is still refused (`refusal`), as §3.2 requires of every HTTP/1.1 one.
        if context.headers.values(for: "Host").count == 1 { context.headers["Host"] = absolute.authority }
    }
    return context
}

// MARK: - Steps

private func beginRequest(
    _ core: ServerCore,
    _ connection: OpaquePointer,
    _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?,
    _ version: UnsafePointer<CChar>?,
    _ requestPointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>
) -> MHD_Result {
    if let reuse = core.reuse, let url, let method, let laneMethod = AnswerReuse.Method(method), !core.isStopping,
        let head = reuse.head(
            of: connection, method: laneMethod, path: UnsafeRawBufferPointer(start: url, count: strlen(url)),
            configuration: core.configuration),
        let entry = reuse.entry(for: head)
    {
        requestPointer.pointee = ReusedRequest.pointer(to: entry)
        core.requestStarted()
        if let id = watchID(connection) {
            // A POST's body still has to arrive within the body deadline.
            core.watch.enter(laneMethod == .post ? .body : .answering, id: id)
        }
        return .YES
    }
    let context = makeContext(connection, url, method)
    requestPointer.pointee = Unmanaged.passRetained(context).toOpaque()
    core.requestStarted()
    if let id = watchID(connection) {
        core.watch.enter(.body, id: id)
    }
    if let refusal = refusal(of: context, core, connection, version: version.map { String(cString: $0) } ?? "") {
        context.phase = .responded
        return queue(refusal.response, for: context, core, on: connection, closing: true)
    }
    let limit = core.configuration.maximumBodyBytes
    // A body far beyond the limit is refused before it is read (libmicrohttpd then closes the connection); one
    // moderately over is read and discarded, so the client is not cut off mid-send and reads the 413.
    if let declared = context.headers["Content-Length"].flatMap(Int.init), declared / 16 > limit {
        context.phase = .responded
        return queue(ErrorResponses.payloadTooLarge(limit: limit), for: context, core, on: connection, closing: true)
    }
    return .YES
}

/// The error for a request head the server refuses before reading its body: a request target over
/// `maximumURIBytes` (414, RFC 9110 §15.5.15), a head over `maximumHeadBytes` (431, RFC 6585 §5), or an HTTP/1.1
/// request without exactly one `Host` header (400, RFC 9112 §3.2: "A server MUST respond with a 400 (Bad Request)
/// status code to any HTTP/1.1 request message that lacks a Host header field and to any that contains more than
/// one Host header field line").
func refusal(
    of context: RequestContext, _ core: ServerCore, _ connection: OpaquePointer, version: String
) -> APIError? {
    let configuration = core.configuration
    if context.path.utf8.count + context.rawQueryBytes > configuration.maximumURIBytes {
        return .uriTooLong(limit: configuration.maximumURIBytes)
    }
    let headSize = max(
        sbmhd_request_header_size(connection),
        context.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 })
    if headSize > configuration.maximumHeadBytes {
        return .headersTooLarge(limit: configuration.maximumHeadBytes)
    }
    if version != "HTTP/1.0" {
        let hosts = context.headers.values(for: "Host")
        if hosts.count != 1 {
            return .badRequest(
                hosts.isEmpty
                    ? "An HTTP/1.1 request needs a Host header (RFC 9112 §3.2)."
                    : "A request must not have more than one Host header (RFC 9112 §3.2).")
        }
    }
    return nil
}

private func receiveBody(_ core: ServerCore, _ context: RequestContext, _ data: UnsafePointer<CChar>?, _ size: Int) {
    context.bodyBytesReceived += size
    guard context.bodyBytesReceived <= core.configuration.maximumBodyBytes, let data else {
        context.body = Data()
        return
    }
    context.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size)
}

func dispatch(_ core: ServerCore, _ context: RequestContext, _ connection: OpaquePointer) -> MHD_Result {
    let limit = core.configuration.maximumBodyBytes
    if context.bodyBytesReceived > limit {
        context.phase = .responded
        return queue(ErrorResponses.payloadTooLarge(limit: limit), for: context, core, on: connection, closing: true)
    }
    let request = context.request()
    // The immediate handler answers on this thread when it can; a stop in progress goes to `launch`, which
    // answers 503 as before.
    if let immediate = core.immediate, !core.isStopping {
        // The stamp is read before the answer is made (see `AnswerReuse.stamp()`); the head is read only for an
        // answer the handler marked reusable.
        let laneMethod: AnswerReuse.Method? =
            context.method == "GET" ? .get : context.method == "POST" ? .post : nil
        let stamp = laneMethod == nil || context.isAbsoluteForm ? nil : core.reuse?.stamp()
        if let response = immediate(request) {
            if let reuse = core.reuse, let reusable = response.reusable, let laneMethod, let stamp {
                var path = context.path
                let head = path.withUTF8 { bytes in
                    reuse.head(
                        of: connection, method: laneMethod, path: UnsafeRawBufferPointer(bytes),
                        configuration: core.configuration)
                }
                if let head {
                    reuse.keep(
                        reusable, for: head, requestBody: laneMethod == .post ? context.body : nil, stamp: stamp)
                }
            }
            context.phase = .responded
            return queue(response, for: context, core, on: connection, closing: false)
        }
    }
    let slot = context.slot
    let handler = core.handler
    let handle = MHDPointer(raw: connection)
    if let id = watchID(connection) {
        core.watch.enter(.answering, id: id)
    }
    context.phase = .awaitingResponse
    MHD_suspend_connection(connection)
    switch core.launch({
        let response = await handler(request)
        slot.store(response)
        MHD_resume_connection(handle.raw)
    }) {
    case .launched:
        break
    case .stopping:
        slot.store(ErrorResponses.shuttingDown())
        MHD_resume_connection(connection)
    case .overloaded:
        slot.store(APIError.overloaded().response)
        MHD_resume_connection(connection)
    }
    return .YES
}

/// Queues `response` on `connection`, or refuses the request (which closes the connection) for a dropping
/// response. An answer without `X-Request-Id` (one the server writes itself: a refused head, a body too large,
/// a stop, an overload) gets the request's own id, or one made here (`RequestID`).
func queue(
    _ response: HTTPResponse, for context: RequestContext, _ core: ServerCore, on connection: OpaquePointer,
    closing: Bool
) -> MHD_Result {
    guard !response.dropsConnection else { return .NO }
    var response = response
    if response.headers[RequestID.headerName] == nil {
        response.headers[RequestID.headerName] = RequestID.resolve(
            sent: context.headers[RequestID.headerName], source: core.requestIDs)
    }
    let created: OpaquePointer?
    if let streamed = response.streamedBody {
        streamed.attach(connection)
        created = StreamedBody.makeResponse(streamed)
    } else {
        created = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
    }
    guard let created else {
        response.streamedBody?.released()
        return .NO
    }
    defer { MHD_destroy_response(created) }
    for (name, value) in response.headers {
        _ = MHD_add_response_header(created, name, value)
    }
    if closing {
        _ = MHD_add_response_header(created, "Connection", "close")
    }
    return MHD_queue_response(connection, UInt32(clamping: response.status), created)
}

/// Adds one header or query argument to the request's context, as libmicrohttpd lists them.
private func collectValue(
    _ contextPointer: UnsafeMutableRawPointer?,
    _ kind: MHD_ValueKind,
    _ key: UnsafePointer<CChar>?,
    _ keySize: Int,
    _ value: UnsafePointer<CChar>?,
    _ valueSize: Int
) -> MHD_Result {
    guard let contextPointer else { return .NO }
    let context = Unmanaged<RequestContext>.fromOpaque(contextPointer).takeUnretainedValue()
    let name = text(key, keySize)
    let content = text(value, valueSize)
    if kind == .HEADER_KIND {
        context.headers.add(name: name, value: content)
    } else {
        context.rawQueryBytes += keySize + valueSize + 2
        context.query.append(
            HTTPRequest.QueryItem(
                name: PercentDecoding.decodeQueryComponent(name), value: PercentDecoding.decodeQueryComponent(content)))
    }
    return .YES
}

private func text(_ pointer: UnsafePointer<CChar>?, _ count: Int) -> String {
    guard let pointer, count > 0 else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
}
