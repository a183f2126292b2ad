import Foundation
import Logging
import Primitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an `EventStreamClient` reports while it watches a stream.
public enum EventStreamUpdate<Value: Sendable>: Sendable {
    /// A connection is open and the server answered with an event stream.
    case connected
    /// A known event arrived: its id (the stream's last event ID, empty when the server set none), its name and its
    /// decoded value.
    case event(id: String, name: String, value: Value)
    /// A known event arrived whose data did not decode: its id, its name and what was wrong (`DecodingFailure`'s
    /// words: the type, where in the JSON and why, never the data itself). The stream goes on; a watcher reports it
    /// and never shows it as an event.
    case malformed(id: String, name: String, reason: String)
    /// The connection ended (`reason` says how, with a code and a sentence); the client reconnects after `retryIn`.
    case disconnected(reason: EventStreamDisconnection, retryIn: Duration)
}

/// Why an `EventStreamClient` stopped for good (a dropped connection is not an error: the client reconnects).
///
/// Each case names the server that answered (`host:port`, the port it really listens on: taken from the answer's URL)
/// and carries the `X-Request-ID` the answer echoed, when it had one.
public enum EventStreamError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server refused the stream with this status, one that repeating cannot fix (a 4xx other than 408 and
    /// 429); a 401 also hands the token that was sent to `AccessTokenProvider.invalidateToken(_:)`.
    case rejected(status: Int, server: String, requestID: String?)
    /// The server answered 200 with another content type than `text/event-stream` (`no content type` when it named
    /// none).
    case notAnEventStream(contentType: String, server: String, requestID: String?)
    /// The base URL and path do not form an absolute http(s) URL.
    case invalidURL(String)

    /// The code programs see: the API's for the status of `rejected` (`unauthorized` for 401, `forbidden` for 403,
    /// `not_found` for 404 and 410, `rejected` for the other statuses), `not_an_event_stream`, `invalid_url`.
    public var code: String {
        switch self {
        case .rejected(let status, _, _):
            switch status {
            case 401: "unauthorized"
            case 403: "forbidden"
            case 404, 410: "not_found"
            default: "rejected"
            }
        case .notAnEventStream: "not_an_event_stream"
        case .invalidURL: "invalid_url"
        }
    }

    /// The `X-Request-ID` of the answer that ended the stream, when it carried one.
    public var requestID: String? {
        switch self {
        case .rejected(_, _, let requestID), .notAnEventStream(_, _, let requestID): requestID
        case .invalidURL: nil
        }
    }

    /// A sentence naming the server, without a final stop: `127.0.0.1:8080 answered 404 instead of the event
    /// stream`.
    public var description: String {
        switch self {
        case .rejected(let status, let server, _): "\(server) answered \(status) instead of the event stream"
        case .notAnEventStream(let contentType, let server, _):
            "\(server) answered something that is not an event stream (\(contentType), not text/event-stream)"
        case .invalidURL(let url): "\(url) is not an absolute http(s) URL"
        }
    }
}

/// Timing and bounds of an `EventStreamClient`.
public struct EventStreamConfiguration: Sendable {
    /// The stream's path under the base URL: `/v1/events` (openapi.yaml).
    public var path: String
    /// How long a connection may stay silent (no byte at all, heartbeat comments included) before it counts as
    /// dropped; also the deadline for the response head. Keep it above the server's heartbeat period (15 s).
    public var heartbeatTimeout: Duration
    /// The wait before reconnecting until the server sends `retry:` (the standard leaves the default to the client).
    public var reconnectionTime: Duration
    /// The longest wait between attempts while attempts keep failing (the base doubles per failed attempt up to it).
    public var maximumBackoff: Duration
    /// The bound on one event's size, in bytes (`ServerSentEventParser.maximumEventBytes`).
    public var maximumEventBytes: Int

    /// A configuration; the defaults suit the sample backend's 15 s heartbeat.
    public init(
        path: String = "/v1/events", heartbeatTimeout: Duration = .seconds(45),
        reconnectionTime: Duration = .seconds(3),
        maximumBackoff: Duration = .seconds(60), maximumEventBytes: Int = 1 << 20
    ) {
        self.path = path
        self.heartbeatTimeout = heartbeatTimeout
        self.reconnectionTime = reconnectionTime
        self.maximumBackoff = maximumBackoff
        self.maximumEventBytes = maximumEventBytes
    }
}

/// Watches a server-sent event stream (WHATWG HTML §9.2) and reports its events as typed values, reconnecting on its
/// own and resuming where it left off.
///
/// Each connection is a `GET` with `Accept: text/event-stream`, the bearer token when the provider has one, and
/// `Last-Event-ID` once an event carried an id, so the server replays what was missed. A connection that ends,
/// fails, or stays silent for longer than `heartbeatTimeout` is closed and reopened after the reconnection time
/// (the server's last `retry:`, else the configured one), doubled for every further attempt that fails in a row up to
/// `maximumBackoff`, and spread by the jitter to between 1 and 1.5 times that, so clients dropped together do not
/// come back together. A 5xx, 408 or 429 answer is retried the same way; any other refusal ends the stream with
/// `EventStreamError`. Events whose name the decoder does not know are logged at debug level and skipped; a known
/// event whose data does not decode is logged as a warning and reported as `EventStreamUpdate.malformed`, and the
/// stream goes on.
///
/// Everything is injected (transport, clock, jitter, logger), so tests drive it with `ScriptedStreamingTransport`
/// and a manual clock. Cancelling the task that iterates `updates(...)` (or leaving its loop) closes the connection.
public struct EventStreamClient<Value: Sendable>: Sendable {
    /// The URL the configured path is appended to.
    public let baseURL: URL
    /// Timing and bounds.
    public let configuration: EventStreamConfiguration

    private let transport: any HTTPStreamingTransport
    private let tokenProvider: (any AccessTokenProvider)?
    private let decoder: EventStreamDecoder<Value>
    private let timer: ClockTimer
    private let jitter: Jitter
    private let logger: Logger

    /// Creates a client from its dependencies.
    ///
    /// - Parameters:
    ///   - baseURL: An absolute `http` or `https` URL, such as `http://127.0.0.1:8080`.
    ///   - transport: Opens the connections: `CurlStreamingTransport` in the App.
    ///   - tokenProvider: Supplies the bearer token (the stream's authentication is optional); nil watches
    ///     anonymously.
    ///   - decoder: The events to report and how to decode them.
    ///   - clock: Measures the heartbeat timeout and reconnection waits: `ContinuousClock()` in the App.
    ///   - jitter: Spreads reconnection waits: `.systemRandom` in the App.
    ///   - logger: Receives connection changes (info), skipped events (debug) and undecodable events (warning).
    ///   - configuration: Timing and bounds.
    public init(
        baseURL: URL, transport: any HTTPStreamingTransport, tokenProvider: (any AccessTokenProvider)?,
        decoder: EventStreamDecoder<Value>, clock: any Clock<Duration>, jitter: Jitter, logger: Logger,
        configuration: EventStreamConfiguration
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.tokenProvider = tokenProvider
        self.decoder = decoder
        self.timer = ClockTimer(clock)
        self.jitter = jitter
        self.logger = logger
        self.configuration = configuration
    }

    /// The updates of the stream, starting after `lastEventID` when given (the id of the last event already seen,
    /// so the server replays only later ones).
    ///
    /// The sequence goes on until the task iterating it is cancelled or stops iterating (the connection is then
    /// closed), or until the server refuses the stream for good (it then throws `EventStreamError`). A 204 answer
    /// (the standard's "stop reconnecting") finishes it.
    public func updates(after lastEventID: String? = nil) -> AsyncThrowingStream<EventStreamUpdate<Value>, any Error> {
        let (stream, continuation) = AsyncThrowingStream<EventStreamUpdate<Value>, any Error>.makeStream()
        let task = Task { [self] in
            await run(lastEventID: lastEventID ?? "", continuation)
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The last event ID and reconnection time carried from one connection to the next.
    private struct Carried: Sendable {
        var lastEventID: String
        var reconnectionTime: Duration
        var deliveredEvent = false
    }

    private enum Ending: Sendable {
        case dropped(EventStreamDisconnection)
        case stop(EventStreamError?)
        /// The watching task was cancelled; nothing is reported.
        case cancelled
    }

    private func run(
        lastEventID: String, _ continuation: AsyncThrowingStream<EventStreamUpdate<Value>, any Error>.Continuation
    ) async {
        let carried = Locked(Carried(lastEventID: lastEventID, reconnectionTime: configuration.reconnectionTime))
        var failedAttempts = 0
        while !Task.isCancelled {
            let ending = await connect(carried, continuation)
            guard !Task.isCancelled else { break }
            switch ending {
            case .cancelled:
                break
            case .stop(let error):
                if let error {
                    logger.warning("event stream stopped: \(error)")
                    continuation.finish(throwing: error)
                } else {
                    logger.info("event stream closed by the server (204)")
                    continuation.finish()
                }
                return
            case .dropped(let reason):
                let (delivered, reconnectionTime) = carried.withLock { state in
                    defer { state.deliveredEvent = false }
                    return (state.deliveredEvent, state.reconnectionTime)
                }
                failedAttempts = delivered ? 0 : failedAttempts + 1
                let wait = reconnectionWait(base: reconnectionTime, failedAttempts: failedAttempts)
                logger.info("event stream dropped (\(reason)); reconnecting in \(wait)")
                continuation.yield(.disconnected(reason: reason, retryIn: wait))
                do {
                    try await timer.sleepUntil(timer.now() + wait)
                } catch {
                    break
                }
            }
        }
        continuation.finish()
    }

    /// The wait before the next attempt: the reconnection time doubled for each failed attempt after the first, up
    /// to `maximumBackoff` (never below the server's reconnection time), times 1 to 1.5 by the jitter.
    func reconnectionWait(base: Duration, failedAttempts: Int) -> Duration {
        var wait = base
        let ceiling = max(configuration.maximumBackoff, base)
        for _ in 0..<max(failedAttempts - 1, 0) where wait < ceiling {
            wait = min(wait * 2, ceiling)
        }
        return wait + wait * (jitter.nextFraction() / 2)
    }

    /// One connection: opens it, reports its events until it ends, and says how it ended.
    private func connect(
        _ carried: Locked<Carried>,
        _ continuation: AsyncThrowingStream<EventStreamUpdate<Value>, any Error>.Continuation
    ) async -> Ending {
        let lastEventID = carried.withLock { $0.lastEventID }
        let token = await tokenProvider?.accessToken()
        guard let request = makeRequest(lastEventID: lastEventID, token: token) else {
            return .stop(.invalidURL(baseURL.absoluteString + configuration.path))
        }
        let transport = self.transport
        let response: HTTPStreamingResponse
        do {
            response = try await timer.race(until: timer.now() + configuration.heartbeatTimeout) {
                try await transport.stream(request)
            }
        } catch is ClockTimer.DeadlineExceeded {
            return .dropped(
                EventStreamDisconnection(
                    kind: .timeout, server: server(of: request), timeout: configuration.heartbeatTimeout))
        } catch {
            return .dropped(
                .failure(error, url: request.url, heartbeatTimeout: configuration.heartbeatTimeout))
        }
        // The answer's URL names the server that really answered: a transport may point the request elsewhere (the
        // App's embedded backend fills in its port only then).
        let answeredURL = response.head.url ?? request.url
        let answeredBy = TransferInterruption.server(of: answeredURL)
        let requestID = response.head.value(forHTTPHeaderField: "X-Request-ID")
        let status = response.head.statusCode
        switch status {
        case 200:
            break
        case 204:
            return .stop(nil)
        case 408, 429, 500...599:
            return .dropped(EventStreamDisconnection(kind: .unavailable, server: answeredBy, status: status))
        default:
            if status == 401, let token { await tokenProvider?.invalidateToken(token) }
            return .stop(.rejected(status: status, server: answeredBy, requestID: requestID))
        }
        let contentType = response.head.value(forHTTPHeaderField: "Content-Type") ?? ""
        let mediaType = contentType.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard mediaType == "text/event-stream" else {
            return .stop(
                .notAnEventStream(
                    contentType: contentType.isEmpty ? "no content type" : contentType, server: answeredBy,
                    requestID: requestID))
        }
        logger.info("event stream connected", metadata: ["last_event_id": .string(lastEventID)])
        continuation.yield(.connected)
        return await read(response.body, from: answeredURL, carried, continuation)
    }

    private func server(of request: URLRequest) -> String {
        TransferInterruption.server(of: request.url)
    }

    private func makeRequest(lastEventID: String, token: String?) -> URLRequest? {
        let base =
            baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        guard let url = URL(string: base + configuration.path), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
        if !lastEventID.isEmpty { request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID") }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return request
    }

    /// Reads one connection's body while a watchdog checks that bytes keep arriving; returns how the connection ended
    /// (the other side of the race is cancelled, which closes the connection).
    private func read(
        _ body: AsyncThrowingStream<Data, any Error>, from url: URL?, _ carried: Locked<Carried>,
        _ continuation: AsyncThrowingStream<EventStreamUpdate<Value>, any Error>.Continuation
    ) async -> Ending {
        let lastActivity = Locked(timer.now())
        let (timer, timeout, decoder, logger) = (self.timer, configuration.heartbeatTimeout, self.decoder, self.logger)
        let maximumEventBytes = configuration.maximumEventBytes
        let server = TransferInterruption.server(of: url)
        return await withTaskGroup(of: Ending.self) { group in
            group.addTask {
                var parser = ServerSentEventParser(
                    resumingAfter: carried.withLock { $0.lastEventID }, maximumEventBytes: maximumEventBytes)
                do {
                    for try await chunk in body {
                        lastActivity.withLock { $0 = timer.now() }
                        let comments = parser.commentCount
                        let events = try parser.feed(chunk)
                        if parser.commentCount > comments { logger.trace("event stream heartbeat") }
                        let (id, retry) = (parser.lastEventID, parser.reconnectionTime)
                        carried.withLock { state in
                            state.lastEventID = id
                            if let retry { state.reconnectionTime = retry }
                        }
                        for event in events {
                            guard let update = Self.update(for: event, decoder, logger) else { continue }
                            carried.withLock { $0.deliveredEvent = true }
                            continuation.yield(update)
                        }
                    }
                    return .dropped(EventStreamDisconnection(kind: .closed, server: server))
                } catch {
                    return .dropped(.failure(error, url: url, heartbeatTimeout: timeout))
                }
            }
            group.addTask {
                var deadline = lastActivity.withLock { $0 } + timeout
                while true {
                    do {
                        try await timer.sleepUntil(deadline)
                    } catch {
                        return .cancelled
                    }
                    let last = lastActivity.withLock { $0 }
                    if timer.now() - last >= timeout {
                        return .dropped(EventStreamDisconnection(kind: .timeout, server: server, timeout: timeout))
                    }
                    deadline = last + timeout
                }
            }
            let ending = await group.next() ?? .cancelled
            group.cancelAll()
            return ending
        }
    }

    private static func update(
        for event: ServerSentEvent, _ decoder: EventStreamDecoder<Value>, _ logger: Logger
    ) -> EventStreamUpdate<Value>? {
        do {
            guard let value = try decoder.decode(event) else {
                logger.debug("skipped unknown event \(event.type)", metadata: ["event_id": .string(event.lastEventID)])
                return nil
            }
            return .event(id: event.lastEventID, name: event.type, value: value)
        } catch {
            logger.warning("skipped an event: \(error)")
            return .malformed(id: event.lastEventID, name: event.type, reason: "\(error.decoding)")
        }
    }
}
