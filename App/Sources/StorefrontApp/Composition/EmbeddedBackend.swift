import FeatureKit
import Foundation
import Logging
import Networking
import Primitives
import SampleBackend

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The sample backend run inside the app when no server URL is configured: started on first use on `127.0.0.1`
/// with an ephemeral port, its data kept in `<data root>/server/` (outside every account directory, and across
/// runs, so a token one command was issued is valid for the next).
///
/// Building one starts nothing; `start()` (or the first request through `EmbeddedBackendTransport`) seeds the
/// server's database on the first run and starts listening. A failed start is logged and tried again by the next
/// request.
public final class EmbeddedBackend: Sendable {
    private enum State: Sendable {
        case idle
        case starting(Task<RunningServer, any Error>)
        case running(RunningServer)
        case stopped
    }

    /// Where the server keeps its database.
    public let dataDirectory: URL
    private let faults: [FaultRule]
    private let events: EventStreamSettings
    private let logger: Logger
    private let startupTimeout: Duration
    private let state = Locked(State.idle)
    private let failure = Locked<SampleServerError?>(nil)

    /// Describes the backend without starting it.
    ///
    /// - Parameters:
    ///   - dataDirectory: The server's directory (`$XDG_DATA_HOME/storefront/server`).
    ///   - faults: Fault rules in effect from the start (`--server-fault`).
    ///   - events: How `GET /v1/events` behaves, the demo sources included (`--demo-posts-every`,
    ///     `--demo-orders-advance`).
    ///   - logger: Receives the server's access log and messages (the app's log file, never the screen).
    ///   - startupTimeout: How long a request waits for the server to be ready (seeded and listening) before it fails
    ///     with `server_not_ready` (`waitUntilReady()`); this wait does not count against the request's deadlines.
    public init(
        dataDirectory: URL, faults: [FaultRule], events: EventStreamSettings, logger: Logger,
        startupTimeout: Duration
    ) {
        self.dataDirectory = dataDirectory
        self.faults = faults
        self.events = events
        self.logger = logger
        self.startupTimeout = startupTimeout
    }

    /// How long the app waits for its embedded server to seed its data and listen: 120 s, far above the few seconds
    /// a first run takes on a loaded 2-core machine.
    public static let defaultStartupTimeout: Duration = .seconds(120)

    /// Waits until the server is running (started now when needed), at most `startupTimeout`.
    ///
    /// A start that fails returns without an error: the request that follows starts it again and reports that
    /// failure as it always has (offline, or 507 `disk_full` on a full disk).
    ///
    /// - Throws: `APIError.http` 503 `server_not_ready`, naming the data directory and the bound, when the server is
    ///   not ready in time (its start goes on, for the next request); `CancellationError` when the calling task is
    ///   cancelled.
    public func waitUntilReady() async throws {
        if runningServer != nil { return }
        let outcome = Locked<CheckedContinuation<Bool, any Error>?>(nil)
        let finish: @Sendable (Result<Bool, any Error>) -> Void = { result in
            outcome.withLock { pending in
                pending?.resume(with: result)
                pending = nil
            }
        }
        // The start goes on after a timeout or a cancellation (the next request finds it further along); only this
        // wait ends, resumed once by whichever comes first.
        let timer = Locked<Task<Void, Never>?>(nil)
        defer { timer.withLock { $0?.cancel() } }
        let ready = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Bool, any Error>) in
                outcome.withLock { $0 = continuation }
                if Task.isCancelled { finish(.failure(CancellationError())) }
                let sleeper = Task { [startupTimeout] in
                    guard (try? await Task.sleep(for: startupTimeout)) != nil else { return }
                    finish(.success(false))
                }
                timer.withLock { $0 = sleeper }
                Task {
                    _ = try? await self.start()
                    finish(.success(true))
                }
            }
        } onCancel: {
            finish(.failure(CancellationError()))
        }
        guard ready else {
            logger.error(
                "the embedded backend was not ready in time",
                metadata: ["timeout": "\(startupTimeout)", "directory": "\(dataDirectory.path(percentEncoded: false))"])
            throw APIError.http(
                status: 503,
                body: APIErrorBody(
                    code: Self.notReadyCode,
                    message: "the built-in server was not ready within \(startupTimeout) "
                        + "(preparing its data in \(dataDirectory.path(percentEncoded: false)))"),
                retryAfter: nil)
        }
    }

    /// The code of a request that failed because the embedded server was not ready in time: `server_not_ready`.
    public static let notReadyCode = "server_not_ready"

    /// The running server, started now when it is not running yet.
    ///
    /// - Throws: `SampleServerError` when it cannot start; `EmbeddedBackendError.stopped` after `stop()`.
    @discardableResult
    public func start() async throws -> RunningServer {
        let pending: Task<RunningServer, any Error>? = try state.withLock { state in
            switch state {
            case .running:
                return nil
            case .starting(let task):
                return task
            case .stopped:
                throw EmbeddedBackendError.stopped
            case .idle:
                let task = Task { [dataDirectory, faults, events, logger] () throws -> RunningServer in
                    var configuration = SampleServerConfiguration(
                        dataDirectory: dataDirectory, logger: logger, now: { Date() })
                    configuration.host = "127.0.0.1"
                    configuration.port = 0
                    configuration.faults = faults
                    configuration.events = events
                    return try await SampleServer.start(configuration)
                }
                state = .starting(task)
                return task
            }
        }
        guard let task = pending else {
            if let server = runningServer { return server }
            throw EmbeddedBackendError.stopped
        }
        do {
            let server = try await task.value
            let keep = state.withLock { state in
                if case .starting = state { state = .running(server) }
                if case .running = state { return true }
                return false
            }
            guard keep else {
                await server.stop()
                throw EmbeddedBackendError.stopped
            }
            return server
        } catch {
            state.withLock { state in
                if case .starting = state { state = .idle }
            }
            logger.error("the embedded backend did not start", metadata: ["error": "\(error)"])
            if let error = error as? SampleServerError { failure.withLock { $0 = error } }
            throw error
        }
    }

    /// Why the last start failed, when it was the server's own failure (its data, its port); nil when it never
    /// failed.
    public var lastStartFailure: SampleServerError? {
        failure.withLock { $0 }
    }

    /// The server when it is running, without starting it.
    public var runningServer: RunningServer? {
        state.withLock { state in
            if case .running(let server) = state { return server }
            return nil
        }
    }

    /// Stops the server gracefully when it runs (requests in flight get their answers) and keeps it stopped.
    public func stop() async {
        let previous = state.withLock { state in
            defer { state = .stopped }
            return state
        }
        switch previous {
        case .running(let server):
            await server.stop()
        case .starting(let task):
            if let server = try? await task.value { await server.stop() }
        case .idle, .stopped:
            break
        }
    }
}

/// Why the embedded backend cannot serve.
public enum EmbeddedBackendError: Error, Sendable, CustomStringConvertible {
    /// It was stopped (the app is shutting down).
    case stopped

    /// One line.
    public var description: String { "the embedded backend has stopped" }
}

extension EmbeddedBackend {
    /// The answer the embedded backend gives in its own name when it cannot start because its disk is full: 507
    /// Insufficient Storage (RFC 4918 §11.5, never repeated by the client) with the contract's error body, code
    /// `disk_full` and a message naming the file: a full disk is reported as one, never as a server that cannot be
    /// reached.
    ///
    /// - Throws: `URLError(.cannotConnectToHost)` in the unlikely case the answer's head cannot be built.
    static func diskFullAnswer(to request: URLRequest, path: String, reason: String) throws -> (Data, HTTPURLResponse) {
        let body = Data(
            ErrorDocument.line(
                code: "disk_full", message: "the disk is full: cannot write \(path) (\(reason))", requestID: nil
            ).utf8)
        guard
            let head = HTTPURLResponse(
                url: request.url ?? EmbeddedBackendTransport.placeholderBaseURL, statusCode: 507,
                httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])
        else { throw URLError(.cannotConnectToHost) }
        return (body, head)
    }

    /// Whether `error`, from `start()`, is a full disk under the server's data directory.
    public static func isDiskFull(_ error: any Error) -> Bool {
        if case SampleServerError.diskFull = error { return true }
        return false
    }
}

/// The transport to the embedded backend: it starts the server on the first request and sends each request to the
/// server's port, which is not known before it starts.
///
/// The API client is built with the placeholder base URL `EmbeddedBackendTransport.placeholderBaseURL`; this
/// transport replaces its scheme, host and port with the running server's. A server that cannot start is reported
/// as `URLError(.cannotConnectToHost)`, which the client treats as being offline, except on a full disk: then the
/// answer is 507 `disk_full` naming the file (`EmbeddedBackend.diskFullAnswer`).
public struct EmbeddedBackendTransport: HTTPTransport {
    /// The base URL the API client is given; requests are redirected to the running server.
    public static let placeholderBaseURL = URL(string: "http://127.0.0.1") ?? URL(filePath: "/")

    private let backend: EmbeddedBackend
    private let transport: any HTTPTransport

    /// Sends through `transport` to `backend`, starting it when needed.
    public init(backend: EmbeddedBackend, transport: any HTTPTransport) {
        self.backend = backend
        self.transport = transport
    }

    /// Waits for the backend to be seeded and listening, at most its startup timeout
    /// (`EmbeddedBackend.waitUntilReady()`), so the first request's deadline starts when the server can answer.
    ///
    /// - Throws: `APIError.http` 503 `server_not_ready` past the startup timeout; `CancellationError`.
    public func waitUntilReady() async throws {
        try await backend.waitUntilReady()
    }

    /// Starts the backend if needed, points `request` at it and sends it.
    ///
    /// - Throws: `URLError(.cannotConnectToHost)` when the backend cannot start; the transport's errors.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        do {
            return try await transport.send(backend.redirect(request))
        } catch SampleServerError.diskFull(let path, let reason) {
            return try EmbeddedBackend.diskFullAnswer(to: request, path: path, reason: reason)
        }
    }
}

/// The streaming transport to the embedded backend (`GET /v1/events`): like `EmbeddedBackendTransport`, it starts
/// the server when needed and points each request at its port.
public struct EmbeddedBackendStreamingTransport: HTTPStreamingTransport {
    private let backend: EmbeddedBackend
    private let transport: any HTTPStreamingTransport

    /// Streams through `transport` from `backend`, starting it when needed.
    public init(backend: EmbeddedBackend, transport: any HTTPStreamingTransport) {
        self.backend = backend
        self.transport = transport
    }

    /// Starts the backend if needed, points `request` at it and opens the stream.
    ///
    /// - Throws: `URLError(.cannotConnectToHost)` when the backend cannot start; the transport's errors.
    public func stream(_ request: URLRequest) async throws -> HTTPStreamingResponse {
        do {
            return try await transport.stream(backend.redirect(request))
        } catch SampleServerError.diskFull(let path, let reason) {
            let (body, head) = try EmbeddedBackend.diskFullAnswer(to: request, path: path, reason: reason)
            return HTTPStreamingResponse(
                head: head,
                body: AsyncThrowingStream { continuation in
                    continuation.yield(body)
                    continuation.finish()
                })
        }
    }
}

extension EmbeddedBackend {
    /// `request` with the scheme, host and port of the running server (started now when needed).
    ///
    /// - Throws: `SampleServerError.diskFull` when the backend cannot start because its disk is full (the
    ///   transports answer 507 `disk_full` for it); otherwise `URLError(.cannotConnectToHost)` when the backend cannot
    ///   start; `CancellationError` when the calling task was cancelled meanwhile.
    func redirect(_ request: URLRequest) async throws -> URLRequest {
        let server: RunningServer
        do {
            server = try await start()
        } catch let error as SampleServerError {
            try Task.checkCancellation()
            if case .diskFull = error { throw error }
            throw URLError(.cannotConnectToHost)
        } catch {
            try Task.checkCancellation()
            throw URLError(.cannotConnectToHost)
        }
        var redirected = request
        if let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: true) {
            components.scheme = server.baseURL.scheme
            components.host = server.baseURL.host()
            components.port = server.baseURL.port
            redirected.url = components.url
        }
        return redirected
    }
}
