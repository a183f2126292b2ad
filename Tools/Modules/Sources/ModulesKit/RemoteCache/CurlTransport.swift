import CCurl
import Foundation

/// An HTTP response: the status code and the body.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code (RFC 9110 §15).
    public var status: Int
    /// The body's bytes.
    public var body: Data

    /// Creates a response.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// An exchange that ended without a status line: the server refused the connection, did not answer in time, or
/// the connection broke.
public struct HTTPTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libcurl's explanation (`Couldn't connect to server`, `Timeout was reached`).
    public var description: String
    /// Whether the time limit ended it.
    public var timedOut: Bool

    /// Creates an error.
    public init(description: String, timedOut: Bool) {
        self.description = description
        self.timedOut = timedOut
    }
}

/// Sends one HTTP request; the live implementation is ``CurlTransport``.
public protocol HTTPTransport: Sendable {
    /// Sends `method` (`GET`, `PUT`) to `url` with `body` (for `PUT`).
    /// - Throws: ``HTTPTransportError`` when no response arrived in time.
    func send(method: String, url: String, body: Data?) async throws(HTTPTransportError) -> HTTPResponse
}

/// ``HTTPTransport`` over libcurl's easy interface: one handle per request, performed on a Dispatch worker thread
/// (never on the Swift concurrency pool, which libcurl's blocking call would hold), with a time limit for the whole
/// exchange and the connection. The `Authorization` value is sent as a header and appears in no error or log.
public struct CurlTransport: HTTPTransport {
    private let timeoutMilliseconds: Int
    private let authorization: String?

    /// Creates a transport.
    /// - Parameters:
    ///   - timeoutMilliseconds: the limit for one whole exchange (connection, request, response).
    ///   - authorization: the `Authorization` header's value (`Bearer …`, `Basic …`), or `nil`.
    public init(timeoutMilliseconds: Int, authorization: String?) {
        self.timeoutMilliseconds = timeoutMilliseconds
        self.authorization = authorization
    }

    /// Whether `curl_global_init` succeeded; it runs once, before the first handle (it is not thread-safe, and a
    /// Swift `static let` is initialized exactly once).
    private static let globalInitialization: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

    /// Sends the request; see ``HTTPTransport/send(method:url:body:)``.
    public func send(method: String, url: String, body: Data?) async throws(HTTPTransportError) -> HTTPResponse {
        let timeout = timeoutMilliseconds
        let authorization = authorization
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    returning: Self.perform(
                        method: method, url: url, body: body, timeout: timeout, authorization: authorization))
            }
        }
        return try result.get()
    }

    /// Collects a response body; used by one transfer on one thread.
    private final class BodySink {
        var data = Data()
    }

    private static func perform(
        method: String, url: String, body: Data?, timeout: Int, authorization: String?
    ) -> Result<HTTPResponse, HTTPTransportError> {
        guard globalInitialization, let handle = curl_easy_init() else {
            return .failure(HTTPTransportError(description: "libcurl could not be initialized", timedOut: false))
        }
        defer { curl_easy_cleanup(handle) }
        var headers: UnsafeMutablePointer<curl_slist>?
        // NB: no `Expect: 100-continue` round trip before large bodies.
        headers = curl_slist_append(headers, "Expect:")
        if body != nil {
            headers = curl_slist_append(headers, "Content-Type: application/octet-stream")
        }
        if let authorization {
            headers = curl_slist_append(headers, "Authorization: \(authorization)")
        }
        defer { curl_slist_free_all(headers) }
        let sink = BodySink()
        let write: modules_curl_write_callback = { bytes, size, count, context in
            guard let bytes, let context else { return 0 }
            let sink = Unmanaged<BodySink>.fromOpaque(context).takeUnretainedValue()
            sink.data.append(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: size * count)
            return size * count
        }
        return withExtendedLifetime(sink) {
            _ = modules_curl_setopt_string(handle, CURLOPT_URL, url)
            _ = modules_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
            _ = modules_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, timeout)
            _ = modules_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, timeout)
            _ = modules_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, headers)
            _ = modules_curl_setopt_write_callback(handle, write)
            _ = modules_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(sink).toOpaque())
            let code: CURLcode
            if let body {
                _ = modules_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
                _ = modules_curl_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
                // NB: COPYPOSTFIELDS copies the bytes, so they need not outlive the pointer.
                if body.isEmpty {
                    _ = modules_curl_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, "")
                } else {
                    body.withUnsafeBytes { bytes in
                        _ = modules_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, bytes.baseAddress)
                    }
                }
                code = curl_easy_perform(handle)
            } else {
                if method != "GET" {
                    _ = modules_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
                }
                code = curl_easy_perform(handle)
            }
            guard code == CURLE_OK else {
                return .failure(
                    HTTPTransportError(
                        description: String(cString: curl_easy_strerror(code)),
                        timedOut: code == CURLE_OPERATION_TIMEDOUT))
            }
            var status = 0
            _ = modules_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            return .success(HTTPResponse(status: status, body: sink.data))
        }
    }
}
