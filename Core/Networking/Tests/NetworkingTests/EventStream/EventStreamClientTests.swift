import Foundation
import Logging
import NetworkingTestSupport
import Primitives
import TestSupport
import Testing

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The events the tests decode, shaped like the contract's `post.likes` and `reset`.
private enum LiveEvent: Sendable, Equatable {
    struct Likes: Codable, Sendable, Equatable {
        var postId: String
        var likeCount: Int
    }

    case likes(Likes)
    case reset
}

private typealias Update = EventStreamUpdate<LiveEvent>

/// A client over a scripted transport and a sleep-tracking manual clock, and the iterator of its updates.
private struct Watch {
    let transport = ScriptedStreamingTransport()
    let clock = SleepTrackingClock()
    let log = CapturingLogHandler()
    let tokens: InMemoryTokenProvider?

    init(token: String? = nil) {
        tokens = token.map { InMemoryTokenProvider(token: $0) }
    }

    func client(jitter: Double = 0, retry: Duration = .seconds(3)) -> EventStreamClient<LiveEvent> {
        EventStreamClient(
            baseURL: ScriptedTransport.baseURL,
            transport: transport,
            tokenProvider: tokens,
            decoder: EventStreamDecoder<LiveEvent>()
                .on("post.likes", LiveEvent.Likes.self) { .likes($0) }
                .on("reset", value: .reset),
            clock: clock,
            jitter: .fixed(jitter),
            logger: Logger(label: "event-stream-test", handler: log),
            configuration: EventStreamConfiguration(
                heartbeatTimeout: .seconds(45), reconnectionTime: retry, maximumBackoff: .seconds(20))
        )
    }
}

private func likes(_ id: String, _ post: String, _ count: Int) -> String {
    "id: \(id)\nevent: post.likes\ndata: {\"post_id\":\"\(post)\",\"like_count\":\(count)}\n\n"
}

private func event(_ update: Update?) -> (id: String, value: LiveEvent)? {
    guard case .event(let id, _, let value) = update else { return nil }
    return (id, value)
}

private func retryWait(_ update: Update?) -> Duration? {
    guard case .disconnected(_, let wait) = update else { return nil }
    return wait
}

private func disconnection(_ update: Update?) -> EventStreamDisconnection? {
    guard case .disconnected(let reason, _) = update else { return nil }
    return reason
}

private func isConnected(_ update: Update?) -> Bool {
    guard case .connected = update else { return false }
    return true
}

@Suite("EventStreamClient", .timeLimit(.minutes(1)))
struct EventStreamClientTests {
    @Test("known events are decoded, unknown ones skipped and logged, undecodable ones logged and reported")
    func decodesByName() async throws {
        let watch = Watch()
        watch.transport.enqueue(.open())
        var updates = watch.client().updates().makeAsyncIterator()
        #expect(isConnected(try await updates.next()))
        let stream = try await watch.transport.stream(at: 0)
        stream.send(": hello\n\nid: a-1\nevent: post.created\ndata: {\"id\":\"p9\"}\n\n")
        stream.send("id: a-2\nevent: post.likes\ndata: {\"post_id\":\"p1\"}\n\n")
        stream.send(likes("a-3", "p1", 4))
        stream.send("id: a-4\nevent: reset\ndata: {}\n\n")
        let malformed = try await updates.next()
        guard case .malformed(let id, let name, let reason) = malformed else {
            Issue.record("expected the undecodable event first, got \(String(describing: malformed))")
            return
        }
        #expect(id == "a-2" && name == "post.likes")
        #expect(reason.contains("cannot decode Likes") && reason.contains("missing key"), "\(reason)")
        let first = event(try await updates.next())
        #expect(first?.id == "a-3")
        #expect(first?.value == .likes(.init(postId: "p1", likeCount: 4)))
        #expect(event(try await updates.next())?.value == .reset)
        #expect(watch.log.messages.contains { $0.contains("skipped unknown event post.created") })
        #expect(
            watch.log.messages.contains {
                $0.contains("event post.likes (id a-2): cannot decode Likes") && $0.contains("missing key")
            })
    }

    @Test("the request asks for an event stream, carries the token and no Last-Event-ID at first")
    func firstRequest() async throws {
        let watch = Watch(token: "tok-1")
        watch.transport.enqueue(.open())
        var updates = watch.client().updates().makeAsyncIterator()
        #expect(isConnected(try await updates.next()))
        let request = try #require(watch.transport.requests.first)
        #expect(request.summary == "GET /v1/events")
        #expect(request.header("Accept") == "text/event-stream")
        #expect(request.header("Cache-Control") == "no-cache")
        #expect(request.header("Authorization") == "Bearer tok-1")
        #expect(request.header("Last-Event-ID") == nil)
    }

    @Test("starting after an id sends it as Last-Event-ID")
    func startsAfterID() async throws {
        let watch = Watch()
        watch.transport.enqueue(.open())
        var updates = watch.client().updates(after: "inst-41").makeAsyncIterator()
        #expect(isConnected(try await updates.next()))
        #expect(watch.transport.requests.first?.header("Last-Event-ID") == "inst-41")
    }

    @Test("a dropped stream reconnects after the server's retry with Last-Event-ID of the last event")
    func reconnectsWithRetryAndLastEventID() async throws {
        let watch = Watch()
        watch.transport.enqueue(.open(), .open())
        var updates = watch.client(jitter: 0.5).updates().makeAsyncIterator()
        #expect(isConnected(try await updates.next()))
        let first = try await watch.transport.stream(at: 0)
        first.send("retry: 2000\n\n" + likes("a-1", "p1", 1) + "id: a-2\nevent: post.likes\ndata: {\"post")
        #expect(event(try await updates.next())?.id == "a-1")
        first.fail(.networkConnectionLost)
        // retry 2 s, the first attempt after a connection that delivered: 2 s × (1 + 0.5 / 2).
        #expect(retryWait(try await updates.next()) == .milliseconds(2500))
        try await watch.clock.waitForSleep(until: .milliseconds(2500))
        watch.clock.advance(to: .milliseconds(2499))
        #expect(watch.transport.requests.count == 1)
        watch.clock.advance(to: .milliseconds(2500))
        #expect(isConnected(try await updates.next()))
        // The half-received a-2 was never dispatched, so the client resumes after a-1.
        #expect(watch.transport.requests.last?.header("Last-Event-ID") == "a-1")
        let second = try await watch.transport.stream(at: 1)
        second.send(likes("a-2", "p1", 2))
        #expect(event(try await updates.next())?.value == .likes(.init(postId: "p1", likeCount: 2)))
    }

    @Test("failed attempts in a row double the wait up to the ceiling, and a delivered event resets it")
    func backoff() async throws {
        let watch = Watch()
        watch.transport.enqueue(
            .failure(.cannotConnectToHost), .open(status: 503, headers: [:]), .failure(.timedOut),
            .failure(.cannotConnectToHost), .open(), .failure(.cannotConnectToHost))
        var updates = watch.client(jitter: 1).updates().makeAsyncIterator()
        var elapsed = Duration.zero
        // 3 s base; jitter 1 multiplies by 1.5; the ceiling is 20 s.
        for expected in [Duration.milliseconds(4500), .seconds(9), .seconds(18), .seconds(30)] {
            let wait = try #require(retryWait(try await updates.next()))
            #expect(wait == expected)
            elapsed += wait
            try await watch.clock.advanceOnceSleeping(until: elapsed)
        }
        #expect(isConnected(try await updates.next()))
        // Stream 0 was the 503 answer.
        try await watch.transport.stream(at: 1).send(likes("a-1", "p", 1))
        _ = try await updates.next()
        try await watch.transport.stream(at: 1).finish()
        #expect(retryWait(try await updates.next()) == .milliseconds(4500))
    }

    @Test("each drop says why with a code and a sentence naming the server, and the client reconnects after each")
    func typedDisconnections() async throws {
        let watch = Watch()
        watch.transport.enqueue(
            .failure(.cannotConnectToHost), .open(status: 503, headers: [:]), .failure(.timedOut),
            .failure(.serverCertificateUntrusted), .failure(.cannotFindHost), .open(), .open(), .open(), .open())
        let client = EventStreamClient(
            baseURL: ScriptedTransport.baseURL, transport: watch.transport, tokenProvider: nil,
            decoder: EventStreamDecoder<LiveEvent>().on("post.likes", LiveEvent.Likes.self) { .likes($0) },
            clock: watch.clock, jitter: .fixed(0), logger: Logger(label: "t", handler: watch.log),
            configuration: EventStreamConfiguration(
                heartbeatTimeout: .seconds(45), reconnectionTime: .seconds(1), maximumBackoff: .seconds(1),
                maximumEventBytes: 64))
        var updates = client.updates().makeAsyncIterator()
        var elapsed = Duration.zero
        var reasons: [EventStreamDisconnection] = []
        /// Reads the next drop, then lets its one-second wait pass so the client reconnects.
        func nextDrop() async throws {
            let update = try await updates.next()
            reasons.append(
                try #require(disconnection(update), "expected a disconnect, got \(String(describing: update))"))
            elapsed += .seconds(1)
            try await watch.clock.advanceOnceSleeping(until: elapsed)
        }
        for _ in 0..<5 { try await nextDrop() }
        #expect(isConnected(try await updates.next()))
        try await watch.transport.stream(at: 1).fail(.networkConnectionLost)
        try await nextDrop()
        #expect(isConnected(try await updates.next()))
        try await watch.transport.stream(at: 2).finish()
        try await nextDrop()
        #expect(isConnected(try await updates.next()))
        try await watch.transport.stream(at: 3).send("data: " + String(repeating: "x", count: 100) + "\n")
        try await nextDrop()
        #expect(isConnected(try await updates.next()))
        let server = "api.storefront.test:443"
        #expect(
            reasons == [
                EventStreamDisconnection(kind: .refused, server: server),
                EventStreamDisconnection(kind: .unavailable, server: server, status: 503),
                EventStreamDisconnection(kind: .timeout, server: server, timeout: .seconds(45)),
                EventStreamDisconnection(kind: .tls, server: server),
                EventStreamDisconnection(kind: .offline, server: server),
                EventStreamDisconnection(kind: .connectionDropped, server: server),
                EventStreamDisconnection(kind: .closed, server: server),
                EventStreamDisconnection(kind: .responseTooLarge, server: server, limit: 64),
            ])
        #expect(
            reasons.map(\.code) == [
                "refused", "unavailable", "timeout", "tls", "offline", "connection_dropped", "closed",
                "response_too_large",
            ])
        #expect(reasons[5].sentence == "the connection to api.storefront.test:443 dropped")
        #expect(!reasons.contains { $0.sentence.contains("URLError") || $0.sentence.contains("-100") })
        // Every drop was followed by a new attempt: nothing about reconnecting changed.
        #expect(watch.transport.requests.count == 9)
    }

    @Test("a connection silent for the heartbeat timeout is closed and reopened; a heartbeat comment keeps it")
    func heartbeatTimeout() async throws {
        let watch = Watch()
        watch.transport.enqueue(.open(), .open())
        var updates = watch.client().updates().makeAsyncIterator()
        #expect(isConnected(try await updates.next()))
        let stream = try await watch.transport.stream(at: 0)
        // Both the head's deadline and the watchdog sleep until 45 s; wait for the watchdog's.
        try await waitUntil("the watchdog sleeps") {
            watch.clock.sleepDeadlines.filter { $0 == .seconds(45) }.count == 2
        }
        watch.clock.advance(to: .seconds(30))
        stream.send(": heartbeat\n")
        try await waitUntil("the heartbeat is read") { watch.log.messages.contains("event stream heartbeat") }
        watch.clock.advance(to: .seconds(45))
        // Still open: the watchdog now waits until 30 s + 45 s.
        try await watch.clock.waitForSleep(until: .seconds(75))
        #expect(!stream.isClosedByClient)
        watch.clock.advance(to: .seconds(75))
        let update = try await updates.next()
        guard case .disconnected(let reason, _) = update else {
            Issue.record("expected a disconnect, got \(String(describing: update))")
            return
        }
        #expect(
            reason == EventStreamDisconnection(kind: .timeout, server: "api.storefront.test:443", timeout: .seconds(45))
        )
        #expect(reason.sentence == "api.storefront.test:443 sent nothing for 45 s")
        try await stream.waitUntilClosed()
    }

    @Test("no response head within the heartbeat timeout counts as a drop")
    func headTimeout() async throws {
        let watch = Watch()
        // Nothing queued answers at once with a recorded issue, so script a transport that never answers instead:
        // an open stream whose head the client gets, then silence, is covered above; here the head itself hangs.
        let hanging = HangingTransport()
        let client = EventStreamClient(
            baseURL: ScriptedTransport.baseURL, transport: hanging, tokenProvider: nil,
            decoder: EventStreamDecoder<LiveEvent>(), clock: watch.clock, jitter: .fixed(0),
            logger: Logger(label: "t", handler: watch.log), configuration: EventStreamConfiguration())
        var updates = client.updates().makeAsyncIterator()
        try await watch.clock.advanceOnceSleeping(until: .seconds(45))
        let update = try await updates.next()
        guard case .disconnected(let reason, let wait) = update else {
            Issue.record("expected a disconnect, got \(String(describing: update))")
            return
        }
        #expect(reason.kind == .timeout)
        #expect(reason.timeout == .seconds(45))
        #expect(wait == .seconds(3))
        try await waitUntil("the hanging request is cancelled") { hanging.cancelled.withLock { $0 } == 1 }
    }

    @Test("cancelling the watching task closes the connection")
    func cancellationCloses() async throws {
        let watch = Watch()
        watch.transport.enqueue(.open())
        let client = watch.client()
        let task = Task {
            var count = 0
            for try await _ in client.updates() { count += 1 }
            return count
        }
        let stream = try await watch.transport.stream(at: 0)
        task.cancel()
        try await stream.waitUntilClosed()
        _ = try await task.value
        #expect(watch.transport.requests.count == 1)
    }

    @Test("leaving the loop closes the connection")
    func breakCloses() async throws {
        let watch = Watch()
        watch.transport.enqueue(.open())
        let client = watch.client()
        let reader = Task {
            for try await update in client.updates() where event(update) != nil { break }
        }
        let stream = try await watch.transport.stream(at: 0)
        stream.send(likes("a-1", "p1", 1))
        try await reader.value
        try await stream.waitUntilClosed()
    }

    @Test("401 invalidates the token and stops; other 4xx stop; 204 finishes")
    func refusals() async throws {
        let unauthorized = Watch(token: "old")
        unauthorized.transport.enqueue(.open(status: 401, headers: [:]))
        await #expect(throws: EventStreamError.rejected(status: 401, server: "api.storefront.test:443", requestID: nil))
        {
            for try await _ in unauthorized.client().updates() {}
        }
        #expect(await unauthorized.tokens?.accessToken() == nil)

        let notFound = Watch()
        notFound.transport.enqueue(.open(status: 404, headers: ["X-Request-ID": "req-404"]))
        await #expect(
            throws: EventStreamError.rejected(status: 404, server: "api.storefront.test:443", requestID: "req-404")
        ) {
            for try await _ in notFound.client().updates() {}
        }

        let html = Watch()
        html.transport.enqueue(.open(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"]))
        await #expect(
            throws: EventStreamError.notAnEventStream(
                contentType: "text/html; charset=utf-8", server: "api.storefront.test:443", requestID: nil)
        ) {
            for try await _ in html.client().updates() {}
        }

        let done = Watch()
        done.transport.enqueue(.open(status: 204, headers: [:]))
        var count = 0
        for try await _ in done.client().updates() { count += 1 }
        #expect(count == 0)
    }

    @Test("the server is named by the URL the transport really used, never the base URL's default port")
    func serverOfTheAnswer() async throws {
        let watch = Watch()
        // Like the App's embedded backend: the base URL names no port; the transport fills in the real one.
        let redirecting = Redirecting(port: 40335, transport: watch.transport)
        watch.transport.enqueue(
            .open(status: 503, headers: [:]), .failure(.networkConnectionLost), .open(),
            .open(status: 404, headers: ["X-Request-ID": "req-7"]))
        let client = EventStreamClient(
            baseURL: try #require(URL(string: "http://127.0.0.1")), transport: redirecting, tokenProvider: nil,
            decoder: EventStreamDecoder<LiveEvent>().on("post.likes", LiveEvent.Likes.self) { .likes($0) },
            clock: watch.clock, jitter: .fixed(0), logger: Logger(label: "t", handler: watch.log),
            configuration: EventStreamConfiguration(reconnectionTime: .seconds(1), maximumBackoff: .seconds(1)))
        var updates = client.updates().makeAsyncIterator()
        var elapsed = Duration.zero
        var reasons: [EventStreamDisconnection] = []
        for _ in 0..<2 {
            reasons.append(try #require(disconnection(try await updates.next())))
            elapsed += .seconds(1)
            try await watch.clock.advanceOnceSleeping(until: elapsed)
        }
        #expect(isConnected(try await updates.next()))
        // The 503 answer opened the transport's first stream; the second is the one that connected.
        try await watch.transport.stream(at: 1).finish()
        reasons.append(try #require(disconnection(try await updates.next())))
        elapsed += .seconds(1)
        try await watch.clock.advanceOnceSleeping(until: elapsed)
        do {
            _ = try await updates.next()
            Issue.record("the 404 should have ended the stream")
        } catch {
            #expect(
                error as? EventStreamError
                    == .rejected(status: 404, server: "127.0.0.1:40335", requestID: "req-7"))
        }
        #expect(
            reasons.map(\.sentence) == [
                "127.0.0.1:40335 answered 503 instead of the stream",
                "the connection to 127.0.0.1:40335 dropped",
                "127.0.0.1:40335 closed the stream",
            ])
    }

    @Test("an answer that is not HTTP is a dropped connection from a server that was reached, never offline")
    func notHTTP() async throws {
        let watch = Watch()
        watch.transport.enqueue(.failure(.badServerResponse))
        var updates = watch.client().updates().makeAsyncIterator()
        let reason = try #require(disconnection(try await updates.next()))
        #expect(reason.code == "connection_dropped")
        #expect(reason.sentence == "the connection to api.storefront.test:443 dropped")
    }

    @Test("a refusal and a 200 that is not an event stream carry the API's codes, the server and the request id")
    func refusalCodes() {
        let server = "127.0.0.1:40335"
        let notFound = EventStreamError.rejected(status: 404, server: server, requestID: "req-1")
        #expect(notFound.code == "not_found")
        #expect(notFound.requestID == "req-1")
        #expect(notFound.description == "127.0.0.1:40335 answered 404 instead of the event stream")
        #expect(EventStreamError.rejected(status: 401, server: server, requestID: nil).code == "unauthorized")
        #expect(EventStreamError.rejected(status: 400, server: server, requestID: nil).code == "rejected")
        let json = EventStreamError.notAnEventStream(contentType: "application/json", server: server, requestID: nil)
        #expect(json.code == "not_an_event_stream")
        #expect(json.requestID == nil)
        #expect(
            json.description
                == "127.0.0.1:40335 answered something that is not an event stream (application/json, not "
                + "text/event-stream)")
    }

    @Test("the wait never drops below the server's retry, even above the ceiling")
    func waitRespectsServerRetry() {
        let client = Watch().client(jitter: 0)
        #expect(client.reconnectionWait(base: .seconds(30), failedAttempts: 3) == .seconds(30))
        #expect(client.reconnectionWait(base: .seconds(3), failedAttempts: 0) == .seconds(3))
        #expect(client.reconnectionWait(base: .seconds(3), failedAttempts: 10) == .seconds(20))
    }
}

/// A transport whose requests never get a head; counts the requests cancelled.
private final class HangingTransport: HTTPStreamingTransport {
    let cancelled = Locked(0)

    func stream(_ request: URLRequest) async throws -> HTTPStreamingResponse {
        do {
            try await Task.sleep(for: .seconds(600))
        } catch {
            cancelled.withLock { $0 += 1 }
        }
        throw URLError(.cancelled)
    }
}

/// Points each request at `port` on its host before `transport` opens it, and names that URL in the errors it throws,
/// as the App's embedded backend transport and libcurl do.
private struct Redirecting: HTTPStreamingTransport {
    let port: Int
    let transport: ScriptedStreamingTransport

    func stream(_ request: URLRequest) async throws -> HTTPStreamingResponse {
        var redirected = request
        var components = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
        components?.port = port
        redirected.url = components?.url
        do {
            return try await transport.stream(redirected)
        } catch let error as URLError {
            var userInfo: [String: Any] = [:]
            if let url = redirected.url { userInfo[NSURLErrorFailingURLErrorKey] = url }
            throw URLError(error.code, userInfo: userInfo)
        }
    }
}
