import Foundation
import Logging
import Models
import Primitives

/// The contract's routes over the store, with the fault rules in front of them and an access log behind.
struct StorefrontAPI: Sendable {
    let store: ServerStore
    let faults: FaultInjector
    let settings: StoreSettings
    let growFeedEvery: Int?
    let feedRequestCount = Locked(0)
    let now: @Sendable () -> Date
    let logger: Logger

    /// Every route of the contract (DESIGN.md, "API contract"); `openapi.yaml` describes the same list.
    func makeRouter() -> Router {
        var router = Router(logger: logger)
        router.add("GET", "/v1/feed", feed)
        router.add("GET", "/v1/posts/{id}", post)
        router.add("PUT", "/v1/posts/{id}/like", like)
        router.add("DELETE", "/v1/posts/{id}/like", unlike)
        router.add("GET", "/v1/search", search)
        router.add("GET", "/v1/products/{id}", product)
        router.add("POST", "/v1/session", createSession)
        router.add("DELETE", "/v1/session", deleteSession)
        router.add("POST", "/v1/payment-methods/card", tokenizeCard)
        router.add("POST", "/v1/orders", placeOrder)
        router.add("GET", "/v1/orders", listOrders)
        router.add("GET", "/v1/orders/{id}", order)
        router.add("GET", "/v1/config", config)
        return router
    }

    /// Answers one request: the fault rules first (latency, an injected answer), then the route, then a dropped
    /// connection when a rule says so; every request is logged with its status and duration (never its body).
    func handle(_ request: HTTPRequest, router: Router) async -> HTTPResponse {
        let clock = ContinuousClock()
        let started = clock.now
        let decision = faults.decide(for: request)
        let response = await respond(to: request, decision: decision, router: router)
        let elapsed = clock.now - started
        var metadata: Logger.Metadata = [
            "method": .string(request.method), "path": .string(request.path),
            "status": .string(response.dropsConnection ? "dropped" : String(response.status)),
            "ms": .string(
                String(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)),
        ]
        if !request.query.isEmpty {
            metadata["query"] = .string(request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&"))
        }
        if !decision.isEmpty {
            metadata["fault"] = .string(decision.appliedRules.joined(separator: "; "))
        }
        logger.info("request", metadata: metadata)
        return response
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
        let response = await router.handle(request)
        let committed = (200..<300).contains(response.status) && response.headers["Idempotent-Replayed"] == nil
        return decision.dropsAfterCommit && committed ? .droppingConnection() : response
    }

    // MARK: - Shared by the routes

    /// The signed-in user of `request`: nil without an `Authorization` header when `required` is false.
    ///
    /// The scheme `Bearer` is matched without regard to case (RFC 9110 §11.1); the token is looked up by its
    /// SHA-256 hash, as sessions are stored.
    /// - Throws: `APIError` 401 `unauthorized` when a token is required and missing, or sent but unknown (revoked).
    func user(of request: HTTPRequest, required: Bool) async throws -> UserRow? {
        guard let header = request.headers["Authorization"] else {
            if required { throw APIError.unauthorized("Sign in first: send Authorization: Bearer <token>.") }
            return nil
        }
        guard let token = Self.bearerToken(header) else {
            throw APIError.unauthorized("The Authorization header must be \"Bearer <token>\".")
        }
        guard let user = try await store.user(tokenHash: SHA256.hexDigest(Array(token.utf8))) else {
            throw APIError.unauthorized("The token is unknown or was revoked; sign in again.")
        }
        return user
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
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// The current time as the API writes it.
    func timestamp() -> String {
        Timestamp.string(milliseconds: Int64((now().timeIntervalSince1970 * 1000).rounded(.down)))
    }
}
