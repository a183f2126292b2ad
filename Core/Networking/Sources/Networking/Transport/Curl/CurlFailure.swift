import CCurl
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Thrown when an answer's body grows past the cap its transport was built with (the kind of request decides the
/// cap: an API page, a picture); the transfer is stopped there and nothing of the body is handed on.
public struct ResponseBodyTooLarge: Error, CustomStringConvertible, Equatable {
    /// The request's URL.
    public let url: URL
    /// The cap, in bytes.
    public let limit: Int

    /// Creates the error for `url` and its cap in bytes.
    public init(url: URL, limit: Int) {
        self.url = url
        self.limit = limit
    }

    /// "the answer from http://…/v1/feed is larger than its cap of 4194304 bytes".
    public var description: String { "the answer from \(url.absoluteString) is larger than its cap of \(limit) bytes" }
}

/// libcurl's result codes as the `URLError` codes the rest of the app understands (`APIError.isTransient`,
/// `APIError.category`).
enum CurlFailure {
    /// The `URLError` for a transfer of `url` that ended with `code`; `detail` is libcurl's error buffer (its
    /// sentence about this transfer), kept as the error's description.
    static func urlError(_ code: CURLcode, url: URL, detail: String) -> URLError {
        let text = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        return URLError(
            urlErrorCode(code),
            userInfo: [
                NSLocalizedDescriptionKey: "\(text) (\(url.absoluteString))",
                NSURLErrorFailingURLErrorKey: url,
                resultCodeKey: Int(code.rawValue),
            ])
    }

    /// The user-info key of the libcurl result code behind a `URLError` this transport made (an `Int`), which tells
    /// apart failures one `URLError.Code` covers: a body cut short from a connection reset.
    static let resultCodeKey = "StorefrontCurlResultCode"

    /// `CURLE_PARTIAL_FILE` (18): the connection closed before the body reached its announced length.
    static let partialFile = Int(CURLE_PARTIAL_FILE.rawValue)

    /// The libcurl result code behind `error`, or nil when this transport did not make it.
    static func resultCode(of error: URLError) -> Int? {
        error.userInfo[resultCodeKey] as? Int
    }

    /// The `URLError.Code` for a libcurl result code (libcurl's errors.html), `.unknown` for codes no caller can act
    /// on differently.
    static func urlErrorCode(_ code: CURLcode) -> URLError.Code {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .cannotFindHost
        case CURLE_COULDNT_CONNECT:
            return .cannotConnectToHost
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_HTTP3:
            return .badServerResponse
        case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE:
            // Nothing, or not all, of the answer came before the connection closed or was reset.
            return .networkConnectionLost
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
            CURLE_USE_SSL_FAILED:
            return .secureConnectionFailed
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            return .serverCertificateUntrusted
        case CURLE_SSL_CERTPROBLEM:
            return .clientCertificateRejected
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .unsupportedURL
        case CURLE_URL_MALFORMAT:
            return .badURL
        case CURLE_TOO_MANY_REDIRECTS:
            return .httpTooManyRedirects
        case CURLE_BAD_CONTENT_ENCODING:
            return .cannotDecodeContentData
        case CURLE_FILESIZE_EXCEEDED:
            return .dataLengthExceedsMaximum
        default:
            return .unknown
        }
    }
}
