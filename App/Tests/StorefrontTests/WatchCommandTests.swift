import Foundation
import NetworkingTestSupport
import StorefrontApp
import TestSupport
import Testing

/// `storefront watch` through the built binary, against the embedded backend that each process runs over the same
/// data directory.
@Suite("storefront watch", .timeLimit(.minutes(3)))
struct WatchCommandTests {
    @Test("a like made by a second process reaches watch --count 1 --json, which then exits 0")
    func likeFromAnotherProcess() async throws {
        let runner = try StorefrontProcess()
        let login = try await runner.run(["login", "ada"])
        #expect(login.status == 0, "\(login)")
        let feed = try await runner.run(["--json", "feed", "--limit", "1"])
        let posts = try #require((try feed.json() as? [String: Any])?["posts"] as? [[String: Any]], "\(feed)")
        let postID = try #require(posts.first?["id"] as? String)
        let likesBefore = try #require(posts.first?["like_count"] as? Int)

        let watcher = try RunningStorefront(
            ["--data-dir", runner.dataDirectory.url.path, "--json", "watch", "--count", "1"])
        try await watcher.waitForStandardError(containing: "watching live events", within: .seconds(60))
        let like = try await runner.run(["like", postID])
        #expect(like.status == 0, "\(like)")

        let watched = try await watcher.waitForExit(within: .seconds(60))
        #expect(watched.status == 0, "\(watched)")
        let lines = watched.standardOutput.split(separator: "\n")
        #expect(lines.count == 1, "\(watched)")
        let event = try #require(
            try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
        #expect(event["event"] as? String == "post.likes")
        #expect((event["id"] as? String)?.hasPrefix("srv_") == true)
        let data = try #require(event["data"] as? [String: Any])
        #expect(data["post_id"] as? String == postID)
        #expect(data["like_count"] as? Int == likesBefore + 1)
    }

    @Test("malformed events are reported on standard error, one line each, never printed; the stream goes on")
    @MainActor
    func malformedEvents() async throws {
        let transport = ScriptedStreamingTransport()
        transport.enqueue(.open())
        let harness = try CommandHarness(streamingTransport: transport)
        let watching = Task { @MainActor in
            await harness.run(["--api-url", "http://127.0.0.1:9", "watch", "--count", "2"])
        }
        let stream = try await transport.stream(at: 0)
        stream.send("id: e-1\nevent: post.likes\ndata: {not json\n\n")
        stream.send("id: e-2\nevent: post.likes\ndata: {\"post_id\":\"post_7\"}\n\n")
        stream.send("id: e-3\nevent: order.status\ndata: [1, 2]\n\n")
        stream.send("id: e-4\nevent: post.likes\ndata: {\"post_id\":\"post_7\",\"like_count\":-1}\n\n")
        stream.send("id: e-5\nevent: post.likes\ndata: {\"post_id\":\"post_7\",\"like_count\":13}\n\n")
        stream.send("id: e-6\nevent: reset\ndata: {\"reason\":\"restarted\"}\n\n")
        let status = try await boundedValue(of: watching, "watch --count 2", within: .seconds(60))
        #expect(status == .success, "\(harness.errors.contents)")
        #expect(
            harness.output.contents == "post.likes post_7: 13 likes\nreset: restarted; refetch what is shown\n",
            "only the well-formed events are printed")
        let skipped = harness.errors.contents.split(separator: "\n").filter { $0.contains("skipped a malformed") }
        #expect(skipped.count == 4, "\(harness.errors.contents)")
        #expect(skipped.first?.hasPrefix("storefront: skipped a malformed post.likes event (id e-1): ") == true)
        #expect(skipped.contains("storefront: skipped a malformed post.likes event (id e-2): like_count is missing"))
        #expect(
            skipped.contains(
                "storefront: skipped a malformed order.status event (id e-3): the data is not a JSON object"))
        #expect(
            skipped.contains(
                "storefront: skipped a malformed post.likes event (id e-4): like_count is not a whole number from 0"))
    }

    @Test("a dropped connection is a sentence naming the server, with --json also its code; then it reconnects")
    @MainActor
    func droppedConnection() async throws {
        let transport = ScriptedStreamingTransport()
        transport.enqueue(.open(), .open())
        let harness = try CommandHarness(streamingTransport: transport)
        let watching = Task { @MainActor in
            await harness.run(["--api-url", "http://127.0.0.1:9", "--json", "watch", "--count", "1"])
        }
        try await transport.stream(at: 0).fail(.networkConnectionLost)
        // The reconnection waits the client's own 3 to 4.5 s before the second stream opens.
        let second = try await transport.stream(at: 1, timeout: .seconds(30))
        second.send("id: e-1\nevent: post.likes\ndata: {\"post_id\":\"post_7\",\"like_count\":2}\n\n")
        let status = try await boundedValue(of: watching, "watch --count 1", within: .seconds(60))
        #expect(status == .success, "\(harness.errors.contents)")
        let notes = harness.errors.contents.split(separator: "\n")
        let drop = try #require(notes.first { $0.contains("dropped") }, "\(harness.errors.contents)")
        #expect(drop.hasPrefix("storefront: the connection to 127.0.0.1:9 dropped; reconnecting in "))
        #expect(!harness.errors.contents.contains("URLError"))
        let lines = harness.output.contents.split(separator: "\n")
        #expect(lines.count == 2, "\(harness.output.contents)")
        let first = try #require(
            try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
        let disconnected = try #require(first["disconnected"] as? [String: Any], "\(first)")
        #expect(disconnected["code"] as? String == "connection_dropped")
        #expect(disconnected["message"] as? String == "the connection to 127.0.0.1:9 dropped")
        let retry = try #require(disconnected["retry_in_seconds"] as? Double, "\(disconnected)")
        #expect((3...4.5).contains(retry))
        // Rounded to milliseconds, never the wait's full binary fraction (3.9899452869603906).
        #expect((retry * 1000).rounded() == retry * 1000, "\(retry)")
        #expect(String(describing: retry).count <= 5, "\(retry)")
        #expect(lines.last?.contains("\"event\":\"post.likes\"") == true)
        #expect(transport.requests.count == 2)
    }

    @Test("a stream that cannot be opened fails with the kind's code and sentence, never a URLError number")
    @MainActor
    func refusedAtFirst() async throws {
        let transport = ScriptedStreamingTransport()
        transport.enqueue(.failure(.cannotConnectToHost))
        let harness = try CommandHarness(streamingTransport: transport)
        let status = await harness.run(["--api-url", "http://127.0.0.1:9", "--json", "watch"])
        #expect(status == .failure)
        #expect(
            harness.errors.contents
                == "storefront: the event stream could not be opened: 127.0.0.1:9 refused the connection "
                + "(is the server running?)\n")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(harness.output.contents.utf8)) as? [String: Any])
        #expect((document["error"] as? [String: Any])?["code"] as? String == "refused")
    }

    @Test("a 404 says the server answered it, with the API's code not_found and the answer's request id")
    @MainActor
    func notFoundAtFirst() async throws {
        let failed = try await Self.watchFailing(
            .open(status: 404, headers: ["X-Request-ID": "req-404", "Content-Type": "text/html"]))
        #expect(
            failed.errors
                == "storefront: the event stream could not be opened: 127.0.0.1:9 answered 404 instead of the event "
                + "stream\n")
        #expect(failed.error["code"] as? String == "not_found")
        #expect(failed.error["request_id"] as? String == "req-404")
    }

    @Test("a 200 that is not an event stream names the server and its type, with code not_an_event_stream")
    @MainActor
    func notAnEventStream() async throws {
        for contentType in ["text/html; charset=utf-8", "application/json"] {
            let failed = try await Self.watchFailing(.open(status: 200, headers: ["Content-Type": contentType]))
            #expect(
                failed.errors
                    == "storefront: the event stream could not be opened: 127.0.0.1:9 answered something that is not "
                    + "an event stream (\(contentType), not text/event-stream)\n")
            #expect(failed.error["code"] as? String == "not_an_event_stream")
            #expect(failed.error["request_id"] == nil)
        }
    }

    @Test("an answer that is not HTTP is a dropped connection from the server, never offline")
    @MainActor
    func notHTTPAtFirst() async throws {
        let failed = try await Self.watchFailing(.failure(.badServerResponse))
        #expect(
            failed.errors == "storefront: the event stream could not be opened: the connection to 127.0.0.1:9 dropped\n"
        )
        #expect(failed.error["code"] as? String == "connection_dropped")
    }

    /// Runs `--json watch` against 127.0.0.1:9 whose stream gets `answer`, expects exit 1, and returns standard
    /// error and the `error` object of the JSON document on standard output.
    @MainActor
    private static func watchFailing(
        _ answer: ScriptedStreamingTransport.Answer
    ) async throws -> (errors: String, error: [String: Any]) {
        let transport = ScriptedStreamingTransport()
        transport.enqueue(answer)
        let harness = try CommandHarness(streamingTransport: transport)
        let status = await harness.run(["--api-url", "http://127.0.0.1:9", "--json", "watch"])
        #expect(status == .failure)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(harness.output.contents.utf8)) as? [String: Any])
        let error = try #require(document["error"] as? [String: Any], "\(document)")
        return (harness.errors.contents, error)
    }

    @Test("with the built-in server, an unavailable stream names the port it listens on, never a default 80")
    func builtInServerPort() async throws {
        let result = try await StorefrontProcess().run(
            ["--server-fault", "GET /v1/events status=503", "watch", "--count", "1"])
        #expect(result.status == 1, "\(result)")
        let line = try #require(
            result.standardError.split(separator: "\n").first { $0.contains("answered 503") }, "\(result)")
        let prefix = "storefront: the event stream could not be opened: 127.0.0.1:"
        let suffix = " answered 503 instead of the stream"
        #expect(line.hasPrefix(prefix) && line.hasSuffix(suffix), "\(result)")
        let port = Int(line.dropFirst(prefix.count).dropLast(suffix.count))
        #expect(port.map { $0 != 80 && (1...65535).contains($0) } == true, "\(result)")
    }

    @Test("a bad --count is a usage error (64)")
    func badCount() async throws {
        let result = try await StorefrontProcess().run(["watch", "--count", "0"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("storefront: option '--count' needs a whole number"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test("a server that cannot be reached is one line on standard error and exit 1")
    func unreachableServer() async throws {
        let result = try await StorefrontProcess().run(["--api-url", "http://127.0.0.1:9", "watch"])
        #expect(result.status == 1, "\(result)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(result)")
        #expect(lines.first?.hasPrefix("storefront: the event stream could not be opened: ") == true)
    }

    @Test("the demo flags are usage errors with a server given by URL, and out of range")
    func demoFlags() async throws {
        let remote = try await StorefrontProcess().run(
            ["--api-url", "http://127.0.0.1:9", "--demo-posts-every", "5", "watch"])
        #expect(remote.status == 64)
        #expect(remote.standardError.hasPrefix("storefront: '--demo-posts-every' applies to the embedded backend"))
        let zero = try await StorefrontProcess().run(["--demo-orders-advance", "0", "watch"])
        #expect(zero.status == 64)
        #expect(zero.standardError.hasPrefix("storefront: option '--demo-orders-advance' needs a whole number"))
    }
}
