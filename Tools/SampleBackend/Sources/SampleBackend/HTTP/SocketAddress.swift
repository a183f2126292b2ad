import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A listening address: a `sockaddr_in` or a `sockaddr_in6`.
enum SocketAddress {
    case ipv4(sockaddr_in)
    case ipv6(sockaddr_in6)

    /// Parses `host` (an IPv4 literal, an IPv6 literal with or without brackets, or `localhost`) with `port`.
    init(host: String, port: UInt16) throws(HTTPServerError) {
        let literal = host == "localhost" ? "127.0.0.1" : host
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, literal, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            self = .ipv4(v4)
            return
        }
        let unbracketed =
            literal.hasPrefix("[") && literal.hasSuffix("]") ? String(literal.dropFirst().dropLast()) : literal
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, unbracketed, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            self = .ipv6(v6)
            return
        }
        throw .invalidHost(host)
    }

    var isIPv6: Bool {
        if case .ipv6 = self { return true }
        return false
    }

    /// Calls `body` with a `sockaddr` pointer valid for the duration of the call.
    func withSockaddrPointer<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
        switch self {
        case .ipv4(let address):
            return withUnsafePointer(to: address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        case .ipv6(let address):
            return withUnsafePointer(to: address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        }
    }
}
