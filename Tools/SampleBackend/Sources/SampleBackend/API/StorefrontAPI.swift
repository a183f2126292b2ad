import Foundation
import Logging
import Models
import Persistence
import Primitives

/// The contract's routes over the store, with the fault rules in front of them and an access log behind.
struct StorefrontAPI: Sendable {
    let store: ServerStore
    let faults: FaultInjector
    let settings: StoreSettings
    let growFeedEvery: Int?
    let sessionLifetime: Duration
    let cardTokenLifetime: Duration
    /// The data set's id, sent with every sign-in (`ServerStore.Preparation.instanceID`).
    let instanceID: String
    let feedRequestCount = Locked(0)
    let requestIDs = RequestIDSource()
    /// Keyed requests being answered now (`409 idempotency_request_in_progress` for a second one).
    let claims = IdempotencyClaims()
    /// Catalog answers (search, products, config) kept while the catalog is unchanged.
    let catalogCache = AnswerCache(capacity: 1024)
    /// Feed pages per user and query, kept while no post or like changed (`ServerStore.ChangeScope.feed`).
    let feedCache = AnswerCache(capacity: 1024)
    /// The pictures of `GET /v1/images/{kind}/{id}.{ext}` (`ImageRoutes.swift`).
    let pictures: PictureStore
    let now: @Sendable () -> Date
    let logger: Logger
    /// Feeds the `GET /v1/events` streams.
    let eventHub: EventHub
    /// The database's commit stamps (`CommitWatch`); nil in memory, where nothing is kept by stamp.
    let commitWatch: CommitWatch?
    /// Replayed order answers kept while the database is unchanged (`replayOrder`).
    let replays = ReplayMemo(capacity: 1024)

    /// Every route of the contract (DESIGN.md, "API contract"); `openapi.yaml` describes the same list.
    func makeRouter() -> Router {
        var router = Router(logger: logger)
        router.add("GET", "/v1/feed", immediate: feedImmediately, otherwise: feed)
        router.add("GET", "/v1/posts/{id}", post)
        router.add("PUT", "/v1/posts/{id}/like", like)
        router.add("DELETE", "/v1/posts/{id}/like", unlike)
        router.addImmediate("GET", "/v1/search", search)
        router.addImmediate("GET", "/v1/products/{id}", product)
        router.add("POST", "/v1/session", createSession)
        router.add("GET", "/v1/session", currentSession)
        router.add("DELETE", "/v1/session", deleteSession)
        router.add("POST", "/v1/payment-methods/card", tokenizeCard)
        router.add("POST", "/v1/orders", immediate: replayOrder, otherwise: placeOrder)
        router.add("GET", "/v1/orders", listOrders)
        router.add("GET", "/v1/orders/{id}", order)
        router.addImmediate("GET", "/v1/config", config)
        router.add("GET", "/v1/events", eventStream)
        router.add("GET", "/v1/images/{kind}/{id}.{ext}", picture)
        return router
    }

    /// Answers one request: the fault rules first (latency, an injected answer), then the route, then a dropped
    /// connection when a rule says so. Every request is logged with the time it arrived (RFC 3339, UTC, on the
    /// injected clock), its request id, status and duration (never its body). The request id is the client's
    /// `X-Request-Id` when that is 1 to 128 visible ASCII characters, else one the server makes; the answer carries
    /// it back in `X-Request-Id`.
    ///
    /// A `POST` with an `Idempotency-Key` from a signed-in user claims that key first: while a request holding it
    /// is answered (fault latency included), another one with the same key is `409
    /// idempotency_request_in_progress` with `Retry-After: 1`, and neither meets the fault rules nor the route.
    func handle(_ request: HTTPRequest, router: Router) async -> HTTPResponse {
        let started = ContinuousClock.now
        let arrived = now()
        var decision = FaultDecision()
        var response: HTTPResponse
        let claim = await idempotencyClaim(of: request)
        if let claim, !claims.claim(userID: claim.userID, key: claim.key) {
            response = Self.requestInProgress.response
        } else {
            decision = faults.decide(for: request)
            response = await respond(to: request, decision: decision, router: router)
            if let claim {
                claims.release(userID: claim.userID, key: claim.key)
            }
        }
        return finish(response, for: request, arrived: arrived, started: started, decision: decision)
    }

    /// Answers `request` at once on the server's own thread when its route can (`Router.handleImmediately`),
    /// logged and with its request id as `handle` does; nil hands it to `handle`. While any fault rule is set, every
    /// request goes to `handle`, so rules and their seeded draws apply exactly as before.
    ///
    /// A replayed `POST /v1/orders` is answered here without claiming its key: it only reads the stored answer.
    func handleImmediately(_ request: HTTPRequest, router: Router) -> HTTPResponse? {
        guard !faults.hasRules else { return nil }
        let started = ContinuousClock.now
        let arrived = now()
        guard let response = router.handleImmediately(request) else { return nil }
        return finish(response, for: request, arrived: arrived, started: started, decision: FaultDecision())
    }

    /// `response` with the request id (`X-Request-Id`), and its access-log line at `info`: the arrival time
    /// (RFC 3339, UTC, on the injected clock), request id, method, path, bounded query, status, duration, faults.
    private func finish(
        _ response: HTTPResponse, for request: HTTPRequest, arrived: Date, started: ContinuousClock.Instant,
        decision: FaultDecision
    ) -> HTTPResponse {
        var response = response
        let requestID = RequestID.resolve(sent: request.headers[RequestID.headerName], source: requestIDs)
        response.headers[RequestID.headerName] = requestID
        // The access line is built only when it will be written: at --log-level warning and above it costs nothing.
        guard logger.logLevel <= .info else { return response }
        let elapsed = ContinuousClock.now - started
        var metadata: Logger.Metadata = [
            "time": .string(Timestamp.string(milliseconds: Self.milliseconds(sinceEpoch: arrived))),
            "request_id": .string(requestID),
            "method": .string(request.method), "path": .string(request.path),
            "status": .string(response.dropsConnection ? "dropped" : String(response.status)),
            "ms": .string(String(Self.milliseconds(elapsed))),
        ]
        if !request.query.isEmpty {
            let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            // Bounded: a line per request must not grow with what a client sends.
            metadata["query"] = .string(query.utf8.count <= 512 ? query : String(query.prefix(500)) + "…")
        }
        if !decision.isEmpty {
            metadata["fault"] = .string(decision.appliedRules.joined(separator: "; "))
        }
        logger.info("request", metadata: metadata)
        return response
    }

    /// 409 `idempotency_request_in_progress`: the first request with this key is still being answered.
    static let requestInProgress = APIError(
        status: 409, code: "idempotency_request_in_progress",
        message: "A request with this Idempotency-Key is still being processed; retry with the same key shortly.",
        retryAfterSeconds: 1)

    /// The (user, key) a keyed `POST` claims; nil for other requests and when the sender is not signed in (the
    /// route then answers 401).
    private func idempotencyClaim(of request: HTTPRequest) async -> (userID: String, key: String)? {
        guard request.method == "POST", request.headers["Authorization"] != nil,
            let key = request.headers["Idempotency-Key"].map(RequestSupport.trimmingWhitespace),
            !RequestSupport.isBlank(key),
            let user = try? await user(of: request, required: false)
        else { return nil }
        return (user.id, key)
    }

    private func respond(to request: HTTPRequest, decision: FaultDecision, router: Router) async -> HTTPResponse {
        if decision.latency > .zero {
            do {
                try await Task.sleep(for: decision.latency)
            } catch {
                return APIError.shuttingDown().response
            }
        }
        if let answer = decision.answer {
            return answer.response
        }
        let response = await FaultDecision.$streamCut.withValue(decision.cutStreamAfterEvents) {
            await router.handle(request)
        }
        let committed = (200..<300).contains(response.status) && response.headers["Idempotent-Replayed"] == nil
        return decision.dropsAfterCommit && committed ? .droppingConnection() : response
    }

    // MARK: - Shared by the routes

    /// The signed-in user of `request`: nil without an `Authorization` header when `required` is false.
    ///
    /// The scheme `Bearer` is matched without regard to case (RFC 9110 §11.1); the token is looked up by its
    /// SHA-256 hash, as sessions are stored.
    /// - Throws: `APIError` 401 `unauthorized` when a token is required and missing, or sent but unknown (revoked)
    ///   or expired (`SampleServerConfiguration.sessionLifetime`).
    func user(of request: HTTPRequest, required: Bool) async throws -> UserRow? {
        guard let tokenHash = try Self.tokenHash(of: request, required: required) else { return nil }
        guard let user = try await store.user(tokenHash: tokenHash, nowMilliseconds: nowMilliseconds()) else {
            throw Self.unknownToken
        }
        return user
    }

    /// `user(of:required:)` blocking the calling thread for the read, for the server's own thread.
    func userBlocking(of request: HTTPRequest, required: Bool) throws -> UserRow? {
        guard let tokenHash = try Self.tokenHash(of: request, required: required) else { return nil }
        guard let user = try store.userBlocking(tokenHash: tokenHash, nowMilliseconds: nowMilliseconds()) else {
            throw Self.unknownToken
        }
        return user
    }

    static let unknownToken = APIError.unauthorized(
        "The token is unknown, expired or was revoked; sign in again.")

    /// The SHA-256 (hex) of the request's bearer token, as sessions are stored; nil without an `Authorization`
    /// header when `required` is false.
    private static func tokenHash(of request: HTTPRequest, required: Bool) throws -> String? {
        guard let header = request.headers["Authorization"] else {
            if required { throw APIError.unauthorized("Sign in first: send Authorization: Bearer <token>.") }
            return nil
        }
        guard let token = bearerToken(header) else {
            throw APIError.unauthorized("The Authorization header must be \"Bearer <token>\".")
        }
        return SHA256.hexDigest(Array(token.utf8))
    }

    /// The signed-in user; see `user(of:required:)`.
    func requiredUser(of request: HTTPRequest) async throws -> UserRow {
        guard let user = try await user(of: request, required: true) else {
            throw APIError.unauthorized("Sign in first: send Authorization: Bearer <token>.")
        }
        return user
    }

    static func bearerToken(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = RequestSupport.trimmingWhitespace(parts[1])
        return token.isEmpty ? nil : token
    }

    /// The current time as the API writes it.
    func timestamp() -> String {
        Timestamp.string(milliseconds: nowMilliseconds())
    }

    /// The current time in milliseconds since 1970.
    func nowMilliseconds() -> Int64 {
        Self.milliseconds(sinceEpoch: now())
    }

    /// `date` in whole milliseconds since 1970.
    static func milliseconds(sinceEpoch date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// `duration` in whole milliseconds.
    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
