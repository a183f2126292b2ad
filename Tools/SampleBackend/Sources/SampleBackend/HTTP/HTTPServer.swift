import CMicroHTTPD
import Foundation
import Logging
import Primitives

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP/1.1 server on libmicrohttpd that answers each complete request with an `ImmediateHTTPHandler` on the
/// thread that read it, or else with an async `HTTPHandler`.
///
/// libmicrohttpd parses HTTP, enforces the limits of `HTTPServerConfiguration` (a head larger than the connection
/// memory gets 431, idle connections time out) and polls with a pool of threads (epoll). When a request's body is
/// complete, the immediate handler runs first; its answer is queued at once, with no task, no suspension and no
/// thread switch. When it has none (nil), the connection is suspended and the async handler runs in a task of its
/// own; the task stores the response and resumes the connection, and libmicrohttpd's thread queues it. No
/// libmicrohttpd thread ever waits for an async handler.
///
/// The path reaches handlers still percent-encoded (see `HTTPRequest.path`); libmicrohttpd's own log messages go to
/// the injected logger, never to standard error.
///
/// Call `stop()` before releasing a started server: the daemon holds the server's state until then.
public final class HTTPServer: Sendable {
    private enum Phase {
        case created
        case running(daemon: MHDPointer, port: UInt16, watchdog: Task<Void, Never>)
        case stopping(Task<Void, Never>)
        case stopped
    }

    let core: ServerCore
    private let phase = Locked(Phase.created)

    /// Creates a server that is not listening yet.
    ///
    /// - Parameters:
    ///   - configuration: Address, port and limits.
    ///   - logger: Receives libmicrohttpd's messages (warnings) and requests that ended without a response (debug).
    ///   - immediate: Answers the requests it can at once, on libmicrohttpd's thread; nil sends every request to
    ///     `handler`.
    ///   - reuse: Keeps the answers `immediate` marks reusable (`HTTPResponse.reusable`) and answers the same
    ///     requests from them while the database is unchanged; nil keeps none.
    ///   - handler: Answers every request `immediate` does not.
    public init(
        configuration: HTTPServerConfiguration, logger: Logger, immediate: ImmediateHTTPHandler? = nil,
        reuse: AnswerReuse? = nil, handler: @escaping HTTPHandler
    ) {
        self.core = ServerCore(
            configuration: configuration, logger: logger, immediate: immediate, reuse: reuse, handler: handler)
    }

    /// Starts listening.
    ///
    /// - Returns: The bound port (the ephemeral one when the configuration's port is 0).
    /// - Throws: `HTTPServerError.invalidHost` or `.invalidConfiguration` for a bad configuration, `.cannotListen`
    ///   when libmicrohttpd cannot listen, `.alreadyStarted` on a second call.
    @discardableResult
    public func start() throws(HTTPServerError) -> UInt16 {
        let configuration = core.configuration
        try Self.validate(configuration)
        let address = try SocketAddress(host: configuration.host, port: configuration.port)
        return try phase.withLock { (phase: inout Phase) throws(HTTPServerError) -> UInt16 in
            guard case .created = phase else { throw .alreadyStarted }
            let retained = Unmanaged.passRetained(core)
            guard let daemon = Self.startDaemon(configuration, address, retained.toOpaque()) else {
                retained.release()
                throw .cannotListen(host: configuration.host, port: configuration.port)
            }
            let port = sbmhd_bound_port(daemon)
            let watchdog = Task { [core] in
                await Self.watchDeadlines(core)
            }
            phase = .running(daemon: MHDPointer(raw: daemon), port: port, watchdog: watchdog)
            return port
        }
    }

    /// The port the server listens on; nil before `start()` and after `stop()`.
    public var port: UInt16? {
        phase.withLock { phase in
            if case .running(_, let port, _) = phase { return port }
            return nil
        }
    }

    /// Requests answered from kept answers and answers kept (`AnswerReuse.counts`); nil without `reuse`.
    public var reusedAnswerCounts: (hits: Int, kept: Int)? {
        core.reuse?.counts
    }

    /// Requests received and not yet completed (answered, dropped or abandoned by the client): those in flight.
    public var requestsInFlight: Int {
        core.liveRequestCount
    }

    /// Stops gracefully: stops accepting connections, lets every request in flight finish and send its response
    /// (requests that arrive meanwhile on open connections get `503 shutting_down`), cancels the handlers still
    /// running after the configured grace period, waits for libmicrohttpd to report every request completed, then
    /// stops the daemon. Calling it again, or at the same time, waits for the same stop; before `start()` it does
    /// nothing.
    public func stop() async {
        let task: Task<Void, Never>? = phase.withLock { phase in
            switch phase {
            case .created, .stopped:
                phase = .stopped
                return nil
            case .stopping(let task):
                return task
            case .running(let daemon, _, let watchdog):
                watchdog.cancel()
                let task = Task { [core] in
                    await Self.stopDaemon(daemon, core: core)
                }
                phase = .stopping(task)
                return task
            }
        }
        guard let task else { return }
        await task.value
        phase.withLock { $0 = .stopped }
    }

    // MARK: - Private

    private static func validate(_ configuration: HTTPServerConfiguration) throws(HTTPServerError) {
        if configuration.threadPoolSize < 1 || configuration.threadPoolSize > 64 {
            throw .invalidConfiguration("threadPoolSize must be 1...64, not \(configuration.threadPoolSize)")
        }
        if configuration.maximumBodyBytes < 0 {
            throw .invalidConfiguration("maximumBodyBytes must not be negative")
        }
        if configuration.connectionMemoryLimit < 4096 {
            throw .invalidConfiguration("connectionMemoryLimit must be at least 4096 bytes")
        }
        if configuration.maximumConnections < 1 {
            throw .invalidConfiguration("maximumConnections must be at least 1")
        }
        for (name, value) in [
            ("idleTimeoutSeconds", configuration.idleTimeoutSeconds),
            ("headTimeoutSeconds", configuration.headTimeoutSeconds),
            ("bodyTimeoutSeconds", configuration.bodyTimeoutSeconds),
            ("maximumConnectionsPerClient", configuration.maximumConnectionsPerClient),
        ] where value < 0 {
            throw .invalidConfiguration("\(name) must not be negative")
        }
        if configuration.maximumURIBytes < 64 || configuration.maximumHeadBytes < 256 {
            throw .invalidConfiguration("maximumURIBytes must be at least 64 and maximumHeadBytes at least 256")
        }
        if configuration.connectionMemoryLimit < 2 * max(configuration.maximumURIBytes, configuration.maximumHeadBytes)
        {
            throw .invalidConfiguration(
                "connectionMemoryLimit must be at least twice maximumURIBytes and maximumHeadBytes, so the server "
                    + "answers a long URI or head itself")
        }
        if configuration.maximumRequestsInProgress < 1 {
            throw .invalidConfiguration("maximumRequestsInProgress must be at least 1")
        }
    }

    private static func startDaemon(
        _ configuration: HTTPServerConfiguration, _ address: SocketAddress, _ context: UnsafeMutableRawPointer
    ) -> OpaquePointer? {
        var flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
            | MHD_USE_ERROR_LOG.rawValue
        if address.isIPv6 {
            flags |= MHD_USE_IPv6.rawValue
        }
        return address.withSockaddrPointer { sockaddrPointer in
            var options = sbmhd_daemon_options()
            options.flags = flags
            options.address = sockaddrPointer
            options.thread_pool_size = UInt32(configuration.threadPoolSize)
            options.connection_timeout_seconds = UInt32(configuration.idleTimeoutSeconds)
            options.connection_memory_limit = configuration.connectionMemoryLimit
            options.connection_limit = UInt32(configuration.maximumConnections)
            options.per_ip_connection_limit = UInt32(configuration.maximumConnectionsPerClient)
            options.notify_connection = mhdConnectionNotification
            options.notify_connection_context = context
            options.logger = mhdLog
            options.logger_context = context
            options.completed = mhdRequestCompleted
            options.completed_context = context
            options.unescape = mhdKeepEscaped
            options.unescape_context = context
            return sbmhd_start_daemon(&options, mhdAccessHandler, context)
        }
    }

    /// Every quarter second while some connection has a deadline, closes the connections whose head or body deadline
    /// has passed (`ConnectionWatch`); with none (an idle server, or only event streams open) it waits with no timer.
    private static func watchDeadlines(_ core: ServerCore) async {
        while !Task.isCancelled {
            await core.watch.waitForDeadline()
            do {
                try await Task.sleep(for: .milliseconds(250))
            } catch {
                return
            }
            for (stage, count) in core.watch.shutDownExpired() {
                core.logger.notice(
                    "closed connections that were too slow",
                    metadata: ["stage": .string("\(stage)"), "count": .string(String(count))])
            }
        }
    }

    private static func stopDaemon(_ daemon: MHDPointer, core: ServerCore) async {
        core.beginStopping()
        let listeningSocket = MHD_quiesce_daemon(daemon.raw)
        let grace = core.configuration.stopGracePeriod
        let timer = Task {
            do {
                try await Task.sleep(for: grace)
            } catch {
                return
            }
            core.cancelHandlers()
        }
        await core.drained()
        timer.cancel()
        MHD_stop_daemon(daemon.raw)
        if listeningSocket >= 0 {
            close(listeningSocket)
        }
        Unmanaged.passUnretained(core).release()
    }
}
