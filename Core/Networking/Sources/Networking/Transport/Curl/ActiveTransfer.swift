import CCurl
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A running transfer as the driver's thread keeps it: the easy handle, its header list and error buffer, and what
/// libcurl's callbacks need. Touched only on the driver's thread.
final class ActiveTransfer {
    let transfer: CurlTransfer
    let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// Body bytes taken so far.
    private var bodyBytes = 0
    var headDelivered = false
    var paused = false
    var lastActivity: ContinuousClock.Instant
    /// Set by a callback that stopped the transfer (the body cap); it wins over libcurl's result code.
    var failure: (any Error)?

    init(transfer: CurlTransfer, handle: UnsafeMutableRawPointer, now: ContinuousClock.Instant) {
        self.transfer = transfer
        self.handle = handle
        lastActivity = now
        errorBuffer = .allocate(capacity: ccurl_error_size())
        errorBuffer.initialize(repeating: 0, count: ccurl_error_size())
    }

    /// libcurl's sentence about the failure, or "".
    var errorDetail: String { String(cString: errorBuffer) }

    /// Frees the easy handle, the header list and the error buffer (after the handle left the multi handle).
    func release() {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        headerList = nil
        errorBuffer.deallocate()
    }

    /// Sets every option of the request; the first failing option's code, else `CURLE_OK`.
    func configure() -> CURLcode {
        let request = transfer.request
        let options = request.options
        let this = Unmanaged.passUnretained(self).toOpaque()
        var codes: [CURLcode] = [
            ccurl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
            ccurl_easy_setopt_string(handle, CURLOPT_URL, request.url.absoluteString),
            ccurl_easy_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            ccurl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0),
            ccurl_easy_setopt_long(handle, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1),
            ccurl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer),
            ccurl_easy_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteBody),
            ccurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, this),
            ccurl_easy_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION, curlWriteHeader),
            ccurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, this),
            ccurl_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(options.idleTimeout)),
        ]
        if options.acceptsCompression {
            codes.append(ccurl_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, ""))
        }
        if let authorities = options.certificateAuthorities {
            codes.append(ccurl_easy_setopt_string(handle, CURLOPT_CAINFO, authorities))
        }
        if let cap = options.maximumBodyBytes {
            codes.append(ccurl_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(cap)))
        }
        if request.freshConnection {
            codes.append(ccurl_easy_setopt_long(handle, CURLOPT_FRESH_CONNECT, 1))
            codes.append(ccurl_easy_setopt_long(handle, CURLOPT_FORBID_REUSE, 1))
        }
        codes.append(contentsOf: configureMethod(request))
        for line in request.headerLines {
            headerList = curl_slist_append(headerList, line)
        }
        codes.append(ccurl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList))
        return codes.first { $0 != CURLE_OK } ?? CURLE_OK
    }

    private func configureMethod(_ request: CurlRequest) -> [CURLcode] {
        switch (request.method, request.body) {
        case ("GET", nil):
            return [ccurl_easy_setopt_long(handle, CURLOPT_HTTPGET, 1)]
        case ("HEAD", nil):
            return [ccurl_easy_setopt_long(handle, CURLOPT_NOBODY, 1)]
        case ("POST", _), (_, .some):
            let body = request.body ?? Data()
            var codes = [
                request.method == "POST"
                    ? ccurl_easy_setopt_long(handle, CURLOPT_POST, 1)
                    : ccurl_easy_setopt_string(handle, CURLOPT_CUSTOMREQUEST, request.method),
                ccurl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)),
            ]
            // COPYPOSTFIELDS copies POSTFIELDSIZE_LARGE bytes before it returns; the NUL keeps the pointer valid for
            // an empty body.
            let bytes = [UInt8](body) + [0]
            codes.append(
                bytes.withUnsafeBytes { buffer in
                    ccurl_easy_setopt_pointer(
                        handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: buffer.baseAddress))
                })
            return codes
        default:
            return [ccurl_easy_setopt_string(handle, CURLOPT_CUSTOMREQUEST, request.method)]
        }
    }

    /// A header line arrived; the blank line after a final (non-1xx) status ends the head, which goes to the sink.
    func receiveHeader(_ line: UnsafeRawBufferPointer) {
        lastActivity = ContinuousClock().now
        guard line.count <= 2, line.first == 0x0D || line.first == 0x0A else { return }
        var status = 0
        ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        if (100..<200).contains(status) { return }
        deliverHead()
    }

    /// A body chunk arrived: counted against the cap, then offered to the sink. Returns what the write callback
    /// answers libcurl: the byte count, `CURL_WRITEFUNC_PAUSE`, or 0 to stop the transfer (the cap).
    func receiveBody(_ chunk: UnsafeRawBufferPointer) -> Int {
        lastActivity = ContinuousClock().now
        if !headDelivered {
            deliverHead()
        }
        if let cap = transfer.request.options.maximumBodyBytes, bodyBytes + chunk.count > cap {
            failure = ResponseBodyTooLarge(url: transfer.request.url, limit: cap)
            return 0
        }
        switch transfer.sink.receive(body: chunk) {
        case .accepted:
            bodyBytes += chunk.count
            return chunk.count
        case .pause:
            paused = true
            return ccurl_writefunc_pause()
        }
    }

    /// Builds the response head from libcurl's parsed headers (`curl_easy_nextheader`, the last request's) and
    /// hands it to the sink, once.
    func deliverHead() {
        guard !headDelivered else { return }
        headDelivered = true
        var status = 0
        ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var version = 0
        ccurl_easy_getinfo_long(handle, CURLINFO_HTTP_VERSION, &version)
        var fields: [String: String] = [:]
        var lowercased: [String: String] = [:]
        var header = curl_easy_nextheader(handle, UInt32(CURLH_HEADER), -1, nil)
        while let current = header {
            let name = String(cString: current.pointee.name)
            let value = String(cString: current.pointee.value)
            if let existing = lowercased[name.lowercased()], let previous = fields[existing] {
                fields[existing] = previous + ", " + value
            } else {
                lowercased[name.lowercased()] = name
                fields[name] = value
            }
            header = curl_easy_nextheader(handle, UInt32(CURLH_HEADER), -1, current)
        }
        let versionText: String
        switch version {
        case CURL_HTTP_VERSION_1_0: versionText = "HTTP/1.0"
        case CURL_HTTP_VERSION_2_0: versionText = "HTTP/2"
        default: versionText = "HTTP/1.1"
        }
        guard
            let head = HTTPURLResponse(
                url: transfer.request.url, statusCode: status, httpVersion: versionText, headerFields: fields)
        else { return }
        transfer.sink.receive(head: head)
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}

/// CURLOPT_WRITEFUNCTION: hands the chunk to the `ActiveTransfer` in the user data (the driver's thread).
private let curlWriteBody: curl_write_callback = { buffer, size, count, userData in
    guard let userData else { return 0 }
    let entry = Unmanaged<ActiveTransfer>.fromOpaque(userData).takeUnretainedValue()
    return entry.receiveBody(UnsafeRawBufferPointer(start: buffer, count: size * count))
}

/// CURLOPT_HEADERFUNCTION: hands the header line to the `ActiveTransfer` in the user data (the driver's thread).
private let curlWriteHeader: curl_write_callback = { buffer, size, count, userData in
    guard let userData else { return 0 }
    let entry = Unmanaged<ActiveTransfer>.fromOpaque(userData).takeUnretainedValue()
    entry.receiveHeader(UnsafeRawBufferPointer(start: buffer, count: size * count))
    return size * count
}
