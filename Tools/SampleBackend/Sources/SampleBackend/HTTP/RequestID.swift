import Primitives

/// The id that names one request in the access log and in its answer's `X-Request-Id` header.
enum RequestID {
    /// The request's header name (matched without regard to case, RFC 9110 §5.1).
    static let headerName = "X-Request-Id"

    /// The client's id when it is usable (1 to 128 visible ASCII characters), else `req_<number>_<random>`, unique
    /// within the process by `counter` and, by the random part, across processes on one database.
    static func resolve(sent: String?, counter: Locked<UInt64>) -> String {
        if let sent, (1...128).contains(sent.utf8.count), sent.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) {
            return sent
        }
        let number = counter.withLock { count in
            count &+= 1
            return count
        }
        var generator = SystemRandomNumberGenerator()
        return "req_\(String(number, radix: 36))_\(String(generator.next() & 0xFF_FFFF_FFFF, radix: 36))"
    }
}
