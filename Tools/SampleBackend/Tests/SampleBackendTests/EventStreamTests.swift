import Foundation
import Logging
import Networking
import Primitives
import TestSupport
import Testing

@testable import SampleBackend

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the watchers in these tests decode.
private enum Live: Sendable, Equatable {
    struct Likes: Decodable, Sendable, Equatable {
        var postId: String
        var likeCount: Int
    }

    struct OrderStatus: Decodable, Sendable, Equatable {
        var orderId: String
        var status: String
        var changedAt: String
    }

    struct Created: Decodable, Sendable, Equatable {
        var id: String
        var likedByMe: Bool
    }

    struct Reset: Decodable, Sendable, Equatable {
        var reason: String
    }

    case likes(Likes)
    case order(OrderStatus)
    case created(Created)
    case reset(Reset)

    static let decoder = EventStreamDecoder<Live>()
        .on("post.likes", Likes.self) { .likes($0) }
        .on("order.status", OrderStatus.self) { .order($0) }
        .on("post.created", Created.self) { .created($0) }
        .on("reset", Reset.self) { .reset($0) }
}

private struct FixedToken: AccessTokenProvider {
    let token: String?
    func accessToken() async -> String? { token }
    func invalidateToken(_ token: String) async {}
}

/// Core/Networking's event-stream client on the live libcurl transport, watching a real server in a task of its
/// own and keeping what it saw.
private final class Watcher: Sendable {
    struct Seen: Sendable {
        var events: [(id: String, value: Live)] = []
        var connections = 0
        var disconnects: [String] = []
        /// Events of the server's that the client could not decode (each a defect of the server): name, id, why.
        var malformed: [String] = []
        var failure: String?
    }

    let seen = Locked(Seen())
    private let task: Locked<Task<Void, Never>?> = Locked(nil)

    init(baseURL: URL, token: String? = nil, after lastEventID: String? = nil) throws {
        let client = EventStreamClient(
            baseURL: baseURL, transport: try LiveTransports.stream(),
            tokenProvider: FixedToken(token: token), decoder: Live.decoder, clock: ContinuousClock(),
            jitter: .fixed(0), logger: Logger(label: "watcher", handler: CapturingLogHandler()),
            configuration: EventStreamConfiguration(heartbeatTimeout: .seconds(10), reconnectionTime: .seconds(5)))
        let seen = self.seen
        task.withLock {
            $0 = Task {
                do {
                    for try await update in client.updates(after: lastEventID) {
                        seen.withLock { seen in
                            switch update {
                            case .connected: seen.connections += 1
                            case .event(let id, _, let value): seen.events.append((id, value))
                            case .disconnected(let reason, _): seen.disconnects.append(reason.code)
                            case .malformed(let id, let name, let reason):
                                seen.malformed.append("\(name) \(id): \(reason)")
                            }
                        }
                    }
                } catch {
                    seen.withLock { $0.failure = String(describing: error) }
                }
            }
        }
    }

    var events: [(id: String, value: Live)] { seen.withLock { $0.events } }
    var connections: Int { seen.withLock { $0.connections } }

    func waitForConnection(_ count: Int = 1) async throws {
        try await waitUntil("\(count) connection(s) open") { connections >= count }
    }

    func waitForEvents(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        do {
            try await waitUntil("\(count) event(s) arrive", sourceLocation: sourceLocation) { events.count >= count }
        } catch {
            let seen = seen.withLock { seen in
                "\(seen.connections) connection(s), events \(seen.events.map(\.id)), disconnects \(seen.disconnects), "
                    + "malformed \(seen.malformed), failure \(seen.failure ?? "none")"
            }
            Issue.record("the watcher saw \(seen)", sourceLocation: sourceLocation)
            throw error
        }
    }

    func stop() {
        task.withLock { $0?.cancel() }
    }
}

private func likes(_ event: (id: String, value: Live)) -> Live.Likes? {
    guard case .likes(let likes) = event.value else { return nil }
    return likes
}

/// Short heartbeats and reconnection times, so the tests run in about a second.
private func quickEvents(_ configuration: inout SampleServerConfiguration) {
    configuration.events.heartbeatInterval = .milliseconds(200)
    configuration.events.reconnectionTime = .seconds(2)
    configuration.events.pollInterval = .milliseconds(10)
}

@Suite("GET /v1/events over HTTP", .timeLimit(.minutes(2)))
struct EventStreamTests {
    @Test("a like made through the API reaches a watching client with the new count and the instance's id")
    func likeReachesWatcher() async throws {
        try await withTestServer(configure: quickEvents) { server in
            let token = try await server.client.signIn("liker")
            let watcher = try Watcher(baseURL: server.server.baseURL)
            defer { watcher.stop() }
            try await watcher.waitForConnection()
            let liked = try await server.client.send("PUT", "/v1/posts/post_3/like", token: token)
            try await watcher.waitForEvents(1)
            let event = try #require(watcher.events.first)
            #expect(likes(event) == Live.Likes(postId: "post_3", likeCount: liked.object["like_count"] as? Int ?? -1))
            #expect(event.id.hasPrefix(server.server.instanceID + "-"))
            // Liking again changes nothing, so no second event; unliking sends the lower count.
            _ = try await server.client.send("PUT", "/v1/posts/post_3/like", token: token)
            let unliked = try await server.client.send("DELETE", "/v1/posts/post_3/like", token: token)
            try await watcher.waitForEvents(2)
            #expect(watcher.events.count == 2)
            #expect(likes(watcher.events[1])?.likeCount == unliked.object["like_count"] as? Int)
        }
    }

    @Test("a stream cut after 3 events resumes with Last-Event-ID: 6 events, none lost, none repeated")
    func cutStreamResumes() async throws {
        try await withTestServer(faults: ["GET /v1/events cut-after=3 times=1"], configure: quickEvents) { server in
            let token = try await server.client.signIn("liker")
            let watcher = try Watcher(baseURL: server.server.baseURL)
            defer { watcher.stop() }
            try await watcher.waitForConnection()
            for number in 1...6 {
                let answer = try await server.client.send("PUT", "/v1/posts/post_\(number)/like", token: token)
                #expect(answer.status == 200)
            }
            // The server's retry is 2 s: events 4 to 6 were all written while the client was away, so only the
            // replay after Last-Event-ID can bring them.
            #expect(watcher.connections == 1)
            try await watcher.waitForEvents(6)
            let events = watcher.events
            #expect(events.count == 6)
            #expect(events.compactMap(likes).map(\.postId) == (1...6).map { "post_\($0)" })
            let sequence = events.compactMap { Int64($0.id.split(separator: "-").last ?? "") }
            #expect(sequence == sequence.sorted() && Set(sequence).count == 6)
            #expect(watcher.connections == 2)
            #expect(watcher.seen.withLock { $0.disconnects } == ["closed"])
        }
    }

    @Test("two servers on one database file: a like through one reaches a watcher of the other")
    func likeCrossesProcesses() async throws {
        let directory = try TemporaryDirectory()
        try await withTestServer(dataDirectory: directory.url, configure: quickEvents) { first in
            try await withTestServer(dataDirectory: directory.url, configure: quickEvents) { second in
                #expect(first.server.instanceID == second.server.instanceID)
                let watcher = try Watcher(baseURL: second.server.baseURL)
                defer { watcher.stop() }
                try await watcher.waitForConnection()
                let token = try await first.client.signIn("elsewhere")
                _ = try await first.client.send("PUT", "/v1/posts/post_9/like", token: token)
                try await watcher.waitForEvents(1)
                #expect(likes(try #require(watcher.events.first))?.postId == "post_9")
            }
        }
    }

    @Test("ids survive a restart: after one, a client resumes with what happened since, and numbers go on")
    func idsSurviveRestarts() async throws {
        let directory = try TemporaryDirectory()
        let firstID = try await withTestServer(dataDirectory: directory.url, configure: quickEvents) { server in
            let watcher = try Watcher(baseURL: server.server.baseURL)
            defer { watcher.stop() }
            try await watcher.waitForConnection()
            let token = try await server.client.signIn("before")
            _ = try await server.client.send("PUT", "/v1/posts/post_4/like", token: token)
            try await watcher.waitForEvents(1)
            return try #require(watcher.events.first).id
        }
        try await withTestServer(dataDirectory: directory.url, configure: quickEvents) { server in
            let token = try await server.client.signIn("after")
            _ = try await server.client.send("PUT", "/v1/posts/post_5/like", token: token)
            let watcher = try Watcher(baseURL: server.server.baseURL, after: firstID)
            defer { watcher.stop() }
            try await watcher.waitForEvents(1)
            let event = try #require(watcher.events.first)
            #expect(likes(event)?.postId == "post_5")
            let number = { (id: String) in Int64(id.split(separator: "-").last ?? "") ?? -1 }
            #expect(number(event.id) == number(firstID) + 1)
            #expect(watcher.events.count == 1)
        }
    }

    @Test("an id of another data set, or newer than any event, gets a reset; a current one resumes quietly")
    func resetForForeignIDs() async throws {
        try await withTestServer(configure: quickEvents) { server in
            let foreign = try Watcher(baseURL: server.server.baseURL, after: "srv_00000000000000000000000000000000-7")
            defer { foreign.stop() }
            try await foreign.waitForEvents(1)
            guard case .reset(let reset) = try #require(foreign.events.first).value else {
                Issue.record("expected a reset, got \(foreign.events)")
                return
            }
            #expect(reset.reason.contains("another data set"))

            let future = try Watcher(baseURL: server.server.baseURL, after: "\(server.server.instanceID)-999999")
            defer { future.stop() }
            try await future.waitForEvents(1)
            #expect(future.events.first.map { if case .reset = $0.value { true } else { false } } == true)

            let token = try await server.client.signIn("resumer")
            _ = try await server.client.send("PUT", "/v1/posts/post_2/like", token: token)
            let current = try Watcher(baseURL: server.server.baseURL, after: "\(server.server.instanceID)-0")
            defer { current.stop() }
            try await current.waitForEvents(1)
            #expect(likes(try #require(current.events.first))?.postId == "post_2")
        }
    }

    @Test("order events reach only their owner's signed-in stream")
    func orderEventsArePrivate() async throws {
        try await withTestServer(configure: quickEvents) { server in
            let buyer = try await server.client.signIn("buyer")
            let other = try await server.client.signIn("other")
            try await server.server.setStock(productID: "sku_2", stock: 10)
            let product = try await server.client.get("/v1/products/sku_2")
            let price = try #require((product.object["price"] as? [String: Any])?["amount_minor"] as? NSNumber)
            let owner = try Watcher(baseURL: server.server.baseURL, token: buyer)
            let stranger = try Watcher(baseURL: server.server.baseURL, token: other)
            let anonymous = try Watcher(baseURL: server.server.baseURL)
            defer {
                owner.stop()
                stranger.stop()
                anonymous.stop()
            }
            for watcher in [owner, stranger, anonymous] { try await watcher.waitForConnection() }
            let body = orderBody(clientID: "o-1", items: [("sku_2", 1)], expectedTotal: price.int64Value + 490)
            let placed = try await server.client.placeOrder(body, key: "o-1", token: buyer)
            #expect(placed.status == 201)
            let orderID = try #require(placed.object["id"] as? String)
            try await server.server.advanceOrders()
            // A public event after the order ones, so the other watchers have surely seen everything before it.
            _ = try await server.client.send("PUT", "/v1/posts/post_1/like", token: other)
            try await owner.waitForEvents(3)
            try await stranger.waitForEvents(1)
            try await anonymous.waitForEvents(1)
            let statuses = owner.events.compactMap { event -> String? in
                guard case .order(let change) = event.value, change.orderId == orderID else { return nil }
                return change.status
            }
            #expect(statuses == ["confirmed", "shipped"])
            #expect(stranger.events.count == 1 && likes(stranger.events[0]) != nil)
            #expect(anonymous.events.count == 1 && likes(anonymous.events[0]) != nil)
        }
    }

    @Test("a new post is announced as post.created")
    func newPostAnnounced() async throws {
        try await withTestServer(configure: quickEvents) { server in
            let watcher = try Watcher(baseURL: server.server.baseURL)
            defer { watcher.stop() }
            try await watcher.waitForConnection()
            let id = try await server.server.addPostToFeed()
            try await watcher.waitForEvents(1)
            #expect(watcher.events.first?.value == .created(Live.Created(id: id, likedByMe: false)))
        }
    }

    @Test("picture links in event data are made absolute on the origin each client connected to")
    func pictureLinksPerOrigin() {
        let stored =
            #"{"caption":"\"image_url\":\"/v1/images/x","id":"post_1","image_url":"/v1/images/posts/post_1.jpg"}"#
        #expect(
            EventHub.absolutePictureLinks(in: stored, origin: "http://127.0.0.1:8080")
                == #"{"caption":"\"image_url\":\"/v1/images/x","id":"post_1","image_url":"http://127.0.0.1:8080/v1/images/posts/post_1.jpg"}"#
        )
        #expect(EventHub.absolutePictureLinks(in: stored, origin: nil) == stored)
        let elsewhere = #"{"image_url":"https://cdn.example/x.jpg"}"#
        #expect(EventHub.absolutePictureLinks(in: elsewhere, origin: "http://h:1") == elsewhere)
    }

    @Test("a client that goes away is noticed at the next heartbeat and its stream released; stop ends open streams")
    func closedClientsAreReleased() async throws {
        try await withTestServer(configure: quickEvents) { server in
            let watcher = try Watcher(baseURL: server.server.baseURL)
            try await watcher.waitForConnection()
            try await waitUntil("the server counts the stream") { server.server.eventStreamCount == 1 }
            watcher.stop()
            try await waitUntil("the server releases the stream") { server.server.eventStreamCount == 0 }
            let staying = try Watcher(baseURL: server.server.baseURL)
            defer { staying.stop() }
            try await staying.waitForConnection()
            try await waitUntil("the server counts the stream") { server.server.eventStreamCount == 1 }
        }
    }

    @Test("the stream starts with retry and the position, sends heartbeat comments, and is chunked text/event-stream")
    func wireFormat() async throws {
        try await withTestServer(configure: quickEvents) { server in
            let transport = try LiveTransports.stream()
            let url = server.server.baseURL.appendingPathComponent("v1/events")
            let response = try await transport.stream(URLRequest(url: url))
            #expect(response.head.statusCode == 200)
            #expect(response.head.value(forHTTPHeaderField: "Content-Type") == "text/event-stream; charset=utf-8")
            #expect(response.head.value(forHTTPHeaderField: "Cache-Control") == "no-store")
            var text = ""
            for try await chunk in response.body {
                text += String(decoding: chunk, as: UTF8.self)
                if text.contains(": heartbeat\n") { break }
            }
            #expect(text.hasPrefix("retry: 2000\nid: \(server.server.instanceID)-"))
        }
    }
}

@Suite("EventHub.resumePoint")
struct EventResumePointTests {
    let bounds = EventBounds(oldest: 11, newest: 40)

    @Test func readsLastEventIDAgainstTheKeptEvents() {
        let point = { (id: String?) in EventHub.resumePoint(id, instanceID: "srv_a", bounds: bounds) }
        #expect(point(nil) == .fresh)
        #expect(point("  ") == .fresh)
        #expect(point("srv_a-40") == .after(40))
        #expect(point("srv_a-10") == .after(10))
        #expect(point("srv_a-25") == .after(25))
        guard case .reset = point("srv_a-9") else {
            Issue.record("pruned events must reset")
            return
        }
        guard case .reset = point("srv_a-41") else {
            Issue.record("a future id must reset")
            return
        }
        guard case .reset = point("srv_b-12") else {
            Issue.record("another instance must reset")
            return
        }
        guard case .reset = point("srv_a-x") else {
            Issue.record("junk must reset")
            return
        }
        guard case .reset = point("12") else {
            Issue.record("an id without instance must reset")
            return
        }
    }

    @Test func emptyTableAfterPruningStillKnowsTheNewest() {
        let pruned = EventBounds(oldest: nil, newest: 40)
        #expect(EventHub.resumePoint("srv_a-40", instanceID: "srv_a", bounds: pruned) == .after(40))
        guard case .reset = EventHub.resumePoint("srv_a-39", instanceID: "srv_a", bounds: pruned) else {
            Issue.record("events after 39 are gone")
            return
        }
    }
}
