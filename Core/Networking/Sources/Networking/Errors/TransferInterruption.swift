import Foundation

/// An answer that did not arrive whole, or a connection that could not be made safe: the connection dropped, the body
/// was cut short, the body was over the app's cap, or TLS failed. Each has its own code for programs and its own
/// sentence naming the server as `host:port`, distinct from being offline (no connection at all).
public struct TransferInterruption: Sendable, Hashable, CustomStringConvertible {
    /// What went wrong; the raw value is the code programs see (`--json`).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The connection was reset or closed before an answer was complete (libcurl's `CURLE_RECV_ERROR`,
        /// `CURLE_SEND_ERROR`, `CURLE_GOT_NOTHING`: `URLError(.networkConnectionLost)`).
        case connectionDropped = "connection_dropped"
        /// The head arrived, then the body ended before the length the answer announced (or its last chunk) came
        /// (`CURLE_PARTIAL_FILE`).
        case truncatedResponse = "truncated_response"
        /// The body is larger than the transport's cap for its kind of request (`ResponseBodyTooLarge`).
        case responseTooLarge = "response_too_large"
        /// The TLS handshake failed or the server's certificate is not trusted (`URLError(.secureConnectionFailed)`,
        /// `.serverCertificateUntrusted` and the other certificate codes).
        case tls
    }

    /// What went wrong.
    public let kind: Kind
    /// The server as `host:port` (the scheme's port when the URL has none), such as `127.0.0.1:8080`.
    public let server: String
    /// The cap in bytes, for `responseTooLarge`; nil otherwise.
    public let limit: Int?

    /// Creates an interruption of `kind` with the server `host:port` and, for `responseTooLarge`, the cap in bytes.
    public init(kind: Kind, server: String, limit: Int? = nil) {
        self.kind = kind
        self.server = server
        self.limit = limit
    }

    /// The code programs see: `connection_dropped`, `truncated_response`, `response_too_large` or `tls`.
    public var code: String { kind.rawValue }

    /// Whether the same request may succeed when sent again: a dropped connection or a cut body may; a body over the
    /// cap and a TLS failure repeat identically.
    public var isTransient: Bool {
        kind == .connectionDropped || kind == .truncatedResponse
    }

    /// The sentence for people, naming the server, such as `The connection to 127.0.0.1:8080 dropped before the
    /// answer was complete.`
    public var sentence: String {
        switch kind {
        case .connectionDropped:
            "The connection to \(server) dropped before the answer was complete."
        case .truncatedResponse:
            "The answer from \(server) was cut short: its body ended before the length it announced."
        case .responseTooLarge:
            "The answer from \(server) is larger than the \(limit.map { "\($0) bytes" } ?? "size") the app accepts."
        case .tls:
            "The secure connection to \(server) failed: its certificate is not trusted or TLS could not be agreed "
                + "(--ca-file names the authorities to trust)."
        }
    }

    /// `connection_dropped from 127.0.0.1:8080` (for logs).
    public var description: String {
        "\(kind.rawValue) from \(server)" + (limit.map { " (cap \($0) bytes)" } ?? "")
    }

    /// `host:port` of `url`, with the scheme's default port (80, 443) when it names none; `unknown server` without a
    /// host. An IPv6 host is bracketed (`[::1]:8080`).
    public static func server(of url: URL?) -> String {
        guard let url, let host = url.host(), !host.isEmpty else { return "unknown server" }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(shownHost):\(port)"
    }
}
