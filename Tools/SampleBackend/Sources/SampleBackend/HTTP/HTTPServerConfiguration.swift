/// How an `HTTPServer` listens and what it accepts.
public struct HTTPServerConfiguration: Sendable {
    /// The address to listen on: an IPv4 or IPv6 literal, or `localhost` (127.0.0.1). `127.0.0.1` unless set.
    public var host: String
    /// The TCP port; 0 picks a free ephemeral port, reported by `HTTPServer.start()`.
    public var port: UInt16
    /// libmicrohttpd's polling threads. Handlers never block them, so the machine's core count is the right size
    /// (a larger pool measured slower on 2 cores). 2 unless set.
    public var threadPoolSize: Int
    /// The largest request body accepted, in bytes; a larger one is answered with `413 payload_too_large`.
    /// 64 KiB unless set.
    public var maximumBodyBytes: Int
    /// Memory per connection, in bytes; it bounds the request line and headers, and libmicrohttpd answers a larger
    /// head with 431 on its own. 32 KiB unless set.
    public var connectionMemoryLimit: Int
    /// The most connections served at once; later ones wait in the listen queue. 512 unless set.
    public var maximumConnections: Int
    /// How long a connection may be idle (no byte received while a request is read, or between keep-alive
    /// requests) before it is closed, in whole seconds. 30 unless set.
    public var idleTimeoutSeconds: Int
    /// How long `HTTPServer.stop()` lets requests in flight finish before it cancels their handlers' tasks.
    /// 10 seconds unless set.
    public var stopGracePeriod: Duration

    /// Creates a configuration.
    public init(
        host: String = "127.0.0.1",
        port: UInt16 = 0,
        threadPoolSize: Int = 2,
        maximumBodyBytes: Int = 64 * 1024,
        connectionMemoryLimit: Int = 32 * 1024,
        maximumConnections: Int = 512,
        idleTimeoutSeconds: Int = 30,
        stopGracePeriod: Duration = .seconds(10)
    ) {
        self.host = host
        self.port = port
        self.threadPoolSize = threadPoolSize
        self.maximumBodyBytes = maximumBodyBytes
        self.connectionMemoryLimit = connectionMemoryLimit
        self.maximumConnections = maximumConnections
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.stopGracePeriod = stopGracePeriod
    }
}

/// Why an `HTTPServer` did not start.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host is not an IPv4 or IPv6 literal nor `localhost`.
    case invalidHost(String)
    /// A limit is out of range (named, with the reason).
    case invalidConfiguration(String)
    /// libmicrohttpd could not start listening (the address is in use or not local, or resources ran out).
    case cannotListen(host: String, port: UInt16)
    /// `start()` was called on a server that already started (servers do not restart).
    case alreadyStarted

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidHost(let host):
            return "invalid host \"\(host)\": expected an IPv4 or IPv6 address or localhost"
        case .invalidConfiguration(let reason):
            return "invalid server configuration: \(reason)"
        case .cannotListen(let host, let port):
            return "cannot listen on \(host) port \(port) (in use, not a local address, or no resources)"
        case .alreadyStarted:
            return "the server was already started; create a new one"
        }
    }
}
