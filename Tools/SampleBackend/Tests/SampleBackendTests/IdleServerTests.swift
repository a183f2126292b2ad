import Foundation
import Primitives
import TestSupport
import Testing

@testable import SampleBackend

/// What an idle server costs: the events tailer's timer runs only while a stream is open, and reads the table
/// only after a commit (the file's commit stamp changed).
@Suite("The events tailer at idle", .timeLimit(.minutes(1)))
struct EventTailTests {
    private static let period = Duration.milliseconds(5)

    private static func configure(_ configuration: inout SampleServerConfiguration) {
        configuration.events.pollInterval = period
        configuration.events.heartbeatInterval = .milliseconds(50)
    }

    /// Lets `count` periods of the tailer's timer pass: a window in which a running timer would fire about that
    /// often (it is the reference for "did not fire", never a wait for something to happen).
    private static func periods(_ count: Int) async throws {
        for _ in 0..<count { try await Task.sleep(for: period) }
    }

    @Test(
        "no stream: no tick; a stream and no commit: ticks without reads; a commit: a read; the last stream gone: no tick"
    )
    func idleTailer() async throws {
        let directory = try TemporaryDirectory()
        try await withTestServer(dataDirectory: directory.url, configure: Self.configure) { server in
            let token = try await server.client.signIn("idle")
            try await Self.periods(20)
            #expect(server.server.eventTailActivity.ticks == 0, "the timer runs with no stream open")

            var stream: RawConnection? = try RawConnection(port: server.server.port, receiveTimeout: .seconds(5))
            stream?.send("GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
            try await waitUntil("the stream is open") { server.server.eventStreamCount == 1 }
            try await waitUntil("the timer fires") { server.server.eventTailActivity.ticks >= 3 }
            let open = server.server.eventTailActivity
            try await waitUntil("20 more ticks") { server.server.eventTailActivity.ticks >= open.ticks + 20 }
            #expect(server.server.eventTailActivity.reads == open.reads, "the table is read with nothing committed")

            _ = try await server.client.send("PUT", "/v1/posts/post_3/like", token: token)
            try await waitUntil("the commit is read") { server.server.eventTailActivity.reads > open.reads }

            stream = nil
            try await waitUntil("the stream is gone") { server.server.eventStreamCount == 0 }
            let closed = server.server.eventTailActivity.ticks
            try await Self.periods(20)
            #expect(server.server.eventTailActivity.ticks <= closed + 1, "the timer runs with no stream open")
        }
    }
}

/// The HTTP server's deadline watch of slow clients runs only while some connection has a deadline.
@Suite("The connection deadline watch at idle", .timeLimit(.minutes(1)))
struct IdleDeadlineWatchTests {
    @Test("the watch waits with no timer while every connection is answering, and wakes when a head is due")
    func watchParks() async throws {
        let watch = ConnectionWatch(headTimeout: .seconds(10), bodyTimeout: .seconds(30), idleTimeout: .seconds(5))
        let id = watch.opened(descriptor: -1)
        await watch.waitForDeadline()
        watch.enter(.answering, id: id)
        let woke = Locked(false)
        let waiting = Task {
            await watch.waitForDeadline()
            woke.withLock { $0 = true }
        }
        // A window of 20 of the watch's old quarter-second ticks' worth of scheduling: nothing wakes it.
        for _ in 0..<20 { await Task.yield() }
        #expect(!woke.withLock { $0 }, "the watch woke with no deadline pending")
        watch.enter(.idle, id: id)
        try await waitUntil("a pending deadline wakes the watch") { woke.withLock { $0 } }
        await waiting.value
        // Parked again, a cancelled watch (a server stopping) returns.
        watch.enter(.answering, id: id)
        let cancelled = Task { await watch.waitForDeadline() }
        cancelled.cancel()
        await cancelled.value
    }
}
