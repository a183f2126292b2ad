import Foundation

/// A started sample server: where it listens, runtime controls for tests and demos, and `stop()`.
public final class RunningServer: Sendable {
    /// The bound port (the ephemeral one when started with port 0).
    public let port: UInt16
    /// `http://HOST:PORT` (IPv6 hosts in brackets); the API is under `/v1`.
    public let baseURL: URL
    /// Whether this start seeded the database (false when it held data from an earlier start).
    public let seeded: Bool
    /// How long seeding took; zero when nothing was seeded.
    public let seedingDuration: Duration
    /// The data set's id, as `POST /v1/session` sends it in `instance_id`: the same for every server on one
    /// data directory, new for a fresh one (or an in-memory store).
    public let instanceID: String
    /// Every route as `METHOD /pattern` (`GET /v1/posts/{id}`), in the order they are matched.
    public let routes: [String]

    private let server: HTTPServer
    private let api: StorefrontAPI

    init(
        host: String, port: UInt16, server: HTTPServer, api: StorefrontAPI, routes: [String],
        preparation: ServerStore.Preparation
    ) {
        self.port = port
        let shownHost =
            host == "localhost" ? "127.0.0.1" : host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        self.baseURL = URL(string: "http://\(shownHost):\(port)") ?? URL(fileURLWithPath: "/")
        self.seeded = preparation.seeded
        self.seedingDuration = preparation.seedingDuration
        self.instanceID = preparation.instanceID
        self.routes = routes
        self.server = server
        self.api = api
    }

    /// Requests received and not yet completed.
    public var requestsInFlight: Int {
        server.requestsInFlight
    }

    /// Requests answered from kept answers (`AnswerReuse`) and answers kept, since start; nil when the server keeps
    /// none (in memory).
    public var reusedAnswerCounts: (hits: Int, kept: Int)? {
        server.reusedAnswerCounts
    }

    /// Replayed orders answered from memory (`ReplayMemo`) since start.
    var replaysFromMemory: Int {
        api.replays.hits
    }

    /// Idempotency keys whose first request is being answered now (`IdempotencyClaims`).
    var idempotencyKeysInProgress: Int {
        api.claims.count
    }

    /// The fault rules in effect.
    public var faults: [FaultRule] {
        api.faults.rules
    }

    /// Replaces the fault rules (their `times` and rate counters start over); requests already past the rules
    /// are not affected.
    public func setFaults(_ rules: [FaultRule]) {
        api.faults.setRules(rules)
    }

    /// Parses and installs fault rules (see `FaultRule.syntax`).
    ///
    /// - Throws: `FaultRuleError` for the first rule that cannot be read; the rules in effect stay unchanged.
    public func setFaults(parsing rules: [String]) throws(FaultRuleError) {
        setFaults(try FaultRule.parseAll(rules))
    }

    /// Changes a product's price (minor units of the store currency), so a client's `expected_total` goes stale.
    ///
    /// - Returns: false when there is no such product.
    /// - Throws: the database's error.
    @discardableResult
    public func setPrice(productID: String, amountMinor: Int64) async throws -> Bool {
        try await api.store.setPrice(productID: productID, amountMinor: amountMinor)
    }

    /// Changes a product's stock (and with it the availability it shows).
    ///
    /// - Returns: false when there is no such product.
    /// - Throws: the database's error.
    @discardableResult
    public func setStock(productID: String, stock: Int) async throws -> Bool {
        try await api.store.setStock(productID: productID, stock: stock)
    }

    /// Adds a new post at the top of the feed, as `growFeedEvery` does.
    ///
    /// - Returns: the new post's id.
    /// - Throws: the database's error.
    @discardableResult
    public func addPostToFeed() async throws -> String {
        try await api.store.growFeed(now: api.now())
    }

    /// Adds `count` posts at the top of the feed that all share one `created_at` (a second after the newest post),
    /// inserted in an order unrelated to their ids, for tests of the feed's tie-breaking order.
    ///
    /// - Returns: the new posts' ids in insertion order.
    /// - Throws: the database's error.
    func addPostsSharingOneTime(count: Int) async throws -> [String] {
        try await api.store.addPostsSharingOneTime(count: count)
    }

    /// Event streams open now (`GET /v1/events`).
    public var eventStreamCount: Int {
        api.eventHub.streamCount
    }

    /// How often the event tailer's timer fired and how often it read the events table, so far (for tests of the
    /// idle cost: no tick without a stream, no read without a commit).
    var eventTailActivity: (ticks: Int, reads: Int) {
        api.eventHub.tailActivity
    }

    /// Moves the orders still `confirmed` that were placed at least `delay` ago to `shipped`, each with its
    /// `order.status` event, as the demo source `--demo-orders-advance` does.
    ///
    /// - Returns: the ids of the orders moved.
    /// - Throws: the database's error.
    @discardableResult
    public func advanceOrders(placedAtLeast delay: Duration = .zero) async throws -> [String] {
        let now = Int64((api.now().timeIntervalSince1970 * 1000).rounded(.down))
        return try await api.store.shipOrders(placedBefore: now - EventHub.milliseconds(delay), now: now)
    }

    /// Stops gracefully (see `HTTPServer.stop()`: requests in flight get their responses; event streams end after
    /// what was written to them), then closes the database. Calling it again does nothing more.
    public func stop() async {
        api.eventHub.stop()
        await server.stop()
        await api.store.close()
    }
}
