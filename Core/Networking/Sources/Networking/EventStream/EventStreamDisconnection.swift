import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why one connection of an `EventStreamClient` ended; the client reconnects after every one of them.
///
/// The kinds of an answer that did not arrive whole carry the codes of `TransferInterruption` (`APIError`'s
/// `interrupted` codes), so a program sees one vocabulary for both; the others say why no stream could be read.
public struct EventStreamDisconnection: Sendable, Hashable, CustomStringConvertible {
    /// What ended the connection; the raw value is the code programs see (`storefront watch --json`).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The connection was reset or closed in the middle of an answer (`TransferInterruption.Kind`'s
        /// `connectionDropped`: `URLError(.networkConnectionLost)`), or answered with something that is not HTTP
        /// (`URLError(.badServerResponse)`: the server was reached, so it is never `offline`).
        case connectionDropped = "connection_dropped"
        /// The body ended before the length it announced (libcurl's `CURLE_PARTIAL_FILE`).
        case truncatedResponse = "truncated_response"
        /// One event, or the answer, was larger than the client accepts (`maximumEventBytes`, or the transport's
        /// cap); `limit` gives the bound in bytes.
        case responseTooLarge = "response_too_large"
        /// The TLS handshake failed or the server's certificate is not trusted.
        case tls
        /// No response head, or no byte at all (heartbeats included), within the heartbeat timeout.
        case timeout
        /// The server's host refused the connection: nothing listens on its port (`URLError(.cannotConnectToHost)`).
        case refused
        /// The server could not be reached at all: an unknown host, no network, another transport failure.
        case offline
        /// The server answered 408, 429 or a 5xx instead of a stream (`status` gives which); it is asked again.
        case unavailable
        /// The server ended the stream in the ordinary way (the body finished).
        case closed
    }

    /// What ended the connection.
    public let kind: Kind
    /// The server as `host:port` (`TransferInterruption.server(of:)`), such as `127.0.0.1:8080`.
    public let server: String
    /// The server's status, for `unavailable`; nil otherwise.
    public let status: Int?
    /// The bound in bytes, for `responseTooLarge`; nil otherwise.
    public let limit: Int?
    /// The timeout that passed, for `timeout`; nil otherwise.
    public let timeout: Duration?

    /// Creates a disconnection of `kind` from `server` (`host:port`), with the status for `unavailable`, the bound in
    /// bytes for `responseTooLarge` and the timeout for `timeout`.
    public init(kind: Kind, server: String, status: Int? = nil, limit: Int? = nil, timeout: Duration? = nil) {
        self.kind = kind
        self.server = server
        self.status = status
        self.limit = limit
        self.timeout = timeout
    }

    /// The code programs see: `connection_dropped`, `truncated_response`, `response_too_large`, `tls`, `timeout`,
    /// `refused`, `offline`, `unavailable` or `closed`.
    public var code: String { kind.rawValue }

    /// The sentence for people, without a final stop, naming the server: `the connection to 127.0.0.1:8080
    /// dropped`.
    public var sentence: String {
        switch kind {
        case .connectionDropped:
            "the connection to \(server) dropped"
        case .truncatedResponse:
            "the answer from \(server) was cut short"
        case .responseTooLarge:
            "an event from \(server) was larger than the \(limit.map { "\($0) bytes" } ?? "size") the app accepts"
        case .tls:
            "the secure connection to \(server) failed (its certificate is not trusted or TLS could not be agreed)"
        case .timeout:
            "\(server) sent nothing for \(timeout.map(Self.seconds) ?? "too long")"
        case .refused:
            "\(server) refused the connection (is the server running?)"
        case .offline:
            "\(server) could not be reached"
        case .unavailable:
            "\(server) answered \(status.map(String.init) ?? "an error") instead of the stream"
        case .closed:
            "\(server) closed the stream"
        }
    }

    /// `connection_dropped from 127.0.0.1:8080` (for logs).
    public var description: String {
        var text = "\(kind.rawValue) from \(server)"
        if let status { text += " (status \(status))" }
        if let limit { text += " (cap \(limit) bytes)" }
        if let timeout { text += " (after \(Self.seconds(timeout)))" }
        return text
    }

    /// The disconnection a failure of the transport or the parser stands for, for a request to `url`: the
    /// interruption kinds as `APIClient` maps them (`TransferInterruption`), a timeout, a refused connection, an event
    /// or body over its bound, an answer that is not HTTP (`URLError(.badServerResponse)`: the server was reached, so
    /// it counts as a dropped connection, never as offline); any other failure as `offline`. The server is named from
    /// the error's failing URL when it has one (the URL the transport really used), else from `url`.
    static func failure(_ error: any Error, url: URL?, heartbeatTimeout: Duration) -> Self {
        let server = TransferInterruption.server(of: (error as? URLError)?.failingURL ?? url)
        switch error {
        case let tooLarge as ServerSentEventParser.EventTooLarge:
            return Self(kind: .responseTooLarge, server: server, limit: tooLarge.limit)
        case let tooLarge as ResponseBodyTooLarge:
            return Self(kind: .responseTooLarge, server: server, limit: tooLarge.limit)
        case let urlError as URLError:
            if let interruption = APIClient.interruptionKind(of: urlError) {
                let kind: Kind =
                    switch interruption {
                    case .connectionDropped: .connectionDropped
                    case .truncatedResponse: .truncatedResponse
                    case .responseTooLarge: .responseTooLarge
                    case .tls: .tls
                    }
                return Self(kind: kind, server: server)
            }
            switch urlError.code {
            case .timedOut: return Self(kind: .timeout, server: server, timeout: heartbeatTimeout)
            case .cannotConnectToHost: return Self(kind: .refused, server: server)
            case .badServerResponse: return Self(kind: .connectionDropped, server: server)
            default: return Self(kind: .offline, server: server)
            }
        default:
            return Self(kind: .offline, server: server)
        }
    }

    /// `duration` in whole milliseconds, rounded to the nearest (the unit of `retry_in_seconds`' fraction).
    public static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
    }

    /// `duration` as the disconnection sentences say it: "45 s", "1.5 s" (tenths only when it is not whole seconds).
    public static func seconds(_ duration: Duration) -> String {
        let total = milliseconds(duration)
        return total % 1000 == 0 ? "\(total / 1000) s" : String(format: "%.1f s", Double(total) / 1000)
    }
}
