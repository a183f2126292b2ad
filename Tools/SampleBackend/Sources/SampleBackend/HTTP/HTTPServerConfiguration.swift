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
    /// Memory per connection, in bytes, for libmicrohttpd's parsing. It is kept well above `maximumURIBytes` and
    /// `maximumHeadBytes` so the server, not libmicrohttpd, refuses a long URI (414) or head (431) with the
    /// contract's JSON error; only a head beyond this memory gets libmicrohttpd's own HTML answer. libmicrohttpd
    /// clears all of it before every request on a connection, so more costs time on every request. 32 KiB unless
    /// set; at least 4 KiB and twice the larger of the two limits.
    public var connectionMemoryLimit: Int
    /// The longest request target (path and query, as sent), in bytes; a longer one is `414 uri_too_long`.
    /// 8 KiB unless set.
    public var maximumURIBytes: Int
    /// The largest request line plus headers, in bytes; a larger head is `431 headers_too_large`. 8 KiB unless
    /// set (as nginx's default header buffers).
    public var maximumHeadBytes: Int
    /// The most connections open at once; libmicrohttpd closes connections past it without an answer. 1024 unless
    /// set.
    public var maximumConnections: Int
    /// The most connections open at once from one client address, so one client cannot take every slot;
    /// libmicrohttpd closes connections past it at once, without an answer (it leaves no way to send one).
    /// 64 unless set; 0 for no per-client limit.
    public var maximumConnectionsPerClient: Int
    /// The most requests being answered at once (the handlers' queue); a request past it is answered at once with
    /// `503 overloaded` and `Retry-After: 1`, without running its handler. 256 unless set.
    public var maximumRequestsInProgress: Int
    /// How long a connection may be idle (no byte received while a request is read, or between keep-alive
    /// requests) before it is closed, in whole seconds. 30 unless set.
    public var idleTimeoutSeconds: Int
    /// How long a client may take to send a request line and headers, in whole seconds, counted from the
    /// connection's start (or from the previous answer, plus `idleTimeoutSeconds`), however steadily it trickles
    /// bytes; the connection is then closed. 10 unless set; 0 for none.
    public var headTimeoutSeconds: Int
    /// How long a client may take to send a body once the headers are in, in whole seconds; the connection is then
    /// closed. 30 unless set; 0 for none.
    public var bodyTimeoutSeconds: Int
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
        maximumConnections: Int = 1024,
        idleTimeoutSeconds: Int = 30,
        stopGracePeriod: Duration = .seconds(10),
        maximumURIBytes: Int = 8 * 1024,
        maximumHeadBytes: Int = 8 * 1024,
        maximumConnectionsPerClient: Int = 64,
        maximumRequestsInProgress: Int = 256,
        headTimeoutSeconds: Int = 10,
        bodyTimeoutSeconds: Int = 30
    ) {
        self.host = host
        self.port = port
        self.threadPoolSize = threadPoolSize
        self.maximumBodyBytes = maximumBodyBytes
        self.connectionMemoryLimit = connectionMemoryLimit
        self.maximumConnections = maximumConnections
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.stopGracePeriod = stopGracePeriod
        self.maximumURIBytes = maximumURIBytes
        self.maximumHeadBytes = maximumHeadBytes
        self.maximumConnectionsPerClient = maximumConnectionsPerClient
        self.maximumRequestsInProgress = maximumRequestsInProgress
        self.headTimeoutSeconds = headTimeoutSeconds
        self.bodyTimeoutSeconds = bodyTimeoutSeconds
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
