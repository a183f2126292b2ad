import Primitives

/// The id that names one request in the access log and in its answer's `X-Request-Id` header.
enum RequestID {
    /// The request's header name (matched without regard to case, RFC 9110 §5.1).
    static let headerName = "X-Request-Id"

    /// The client's id when it is usable (1 to 128 visible ASCII characters), else the next id of `source`.
    static func resolve(sent: String?, source: RequestIDSource) -> String {
        if let sent, (1...128).contains(sent.utf8.count), sent.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) {
            return sent
        }
        return source.next()
    }
}

/// Makes the request ids a server writes itself: `req_<number>_<tag>`, unique within the source by the number and,
/// by the tag (random, drawn once per source), across sources, processes and restarts on one database.
final class RequestIDSource: Sendable {
    private let tag: String
    private let counter = Locked<UInt64>(0)

    init() {
        var generator = SystemRandomNumberGenerator()
        tag = String(generator.next() & 0xFF_FFFF_FFFF, radix: 36)
    }

    /// The next id.
    func next() -> String {
        let number = counter.withLock { count in
            count &+= 1
            return count
        }
        return "req_\(String(number, radix: 36))_\(tag)"
    }
}
