import Foundation

/// A mutation to push to the server later, as a feature enqueues it.
public struct OutboxMutation: Sendable, Hashable {
    /// The client-generated id: unique in the outbox and sent as the idempotency key, so a push repeated after a
    /// lost answer is applied once by the server.
    public let id: String
    /// What the mutation does, such as `"feed.like"`; it selects the push handler. Mutations of one kind are
    /// pushed in the order they were enqueued.
    public let kind: String
    /// The mutation's data, as the handler will read it.
    public let payload: Data

    /// Creates a mutation from raw payload bytes.
    public init(id: String, kind: String, payload: Data) {
        self.id = id
        self.kind = kind
        self.payload = payload
    }

    /// Creates a mutation whose payload is `value` as JSON (keys sorted, so equal values give equal bytes).
    ///
    /// - Throws: `EncodingError` when `value` cannot be encoded.
    public init(id: String, kind: String, encoding value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        self.init(id: id, kind: kind, payload: try encoder.encode(value))
    }
}

/// A mutation waiting in the outbox, as a push handler receives it.
public struct OutboxEntry: Sendable, Hashable, Decodable {
    /// The position in the outbox: later entries have larger numbers.
    public let sequence: Int64
    /// The client-generated id, to send as the idempotency key.
    public let id: String
    /// The mutation's kind.
    public let kind: String
    /// The mutation's data.
    public let payload: Data
    /// How many pushes were attempted and did not finish it (0 for the first push).
    public let attemptCount: Int
    /// When the entry is next due; the enqueue time until a push asks to retry.
    public let nextAttemptAt: Date
    /// When the entry was enqueued.
    public let createdAt: Date
    /// The reason given by the last unsuccessful push, if any.
    public let lastError: String?

    private enum CodingKeys: String, CodingKey {
        case sequence, id, kind, payload
        case attemptCount = "attempt_count"
        case nextAttemptAt = "next_attempt_at"
        case createdAt = "created_at"
        case lastError = "last_error"
    }

    /// The payload decoded from JSON.
    ///
    /// - Throws: `DecodingError` when the payload is not `type` as JSON.
    public func decodePayload<Payload: Decodable>(as type: Payload.Type) throws -> Payload {
        try JSONDecoder().decode(type, from: payload)
    }
}

/// A mutation that failed permanently: kept, listed, and never retried unless requeued.
public struct DeadLetter: Sendable, Hashable, Decodable {
    /// The mutation's id.
    public let id: String
    /// The mutation's kind.
    public let kind: String
    /// The mutation's data.
    public let payload: Data
    /// The pushes attempted, the failing one included.
    public let attemptCount: Int
    /// When the mutation was enqueued.
    public let createdAt: Date
    /// When the push failed permanently.
    public let failedAt: Date
    /// The handler's explanation.
    public let reason: String

    private enum CodingKeys: String, CodingKey {
        case id, kind, payload, reason
        case attemptCount = "attempt_count"
        case createdAt = "created_at"
        case failedAt = "failed_at"
    }
}

/// What a push handler reports for one entry; the outbox acts on it.
///
/// A feature maps its API error to one of these: success to `done`, a timeout or a 503 to `retry(after:reason:)`,
/// a 401 to `blockedUntilSignIn`, a 422 to `permanentFailure(reason:)`.
public struct PushOutcome: Sendable {
    enum Kind: Sendable {
        case done((@Sendable (DatabaseTransaction) throws -> Void)?)
        case retry(after: Duration, reason: String)
        case blockedUntilSignIn
        case permanentFailure(reason: String)
    }

    let kind: Kind

    /// The server applied the mutation: the entry is removed.
    public static let done = PushOutcome(kind: .done(nil))

    /// The server applied the mutation: `store` runs in the transaction that removes the entry (to keep the
    /// server's answer), so both commit or neither does. When `store` throws, nothing commits and the entry is
    /// pushed again later (the idempotency key makes the repeat harmless).
    public static func done(then store: @escaping @Sendable (DatabaseTransaction) throws -> Void) -> PushOutcome {
        PushOutcome(kind: .done(store))
    }

    /// The push failed for now: try again after `delay`; later entries of the same kind wait behind it.
    public static func retry(after delay: Duration, reason: String) -> PushOutcome {
        PushOutcome(kind: .retry(after: delay, reason: reason))
    }

    /// The push needs a signed-in user: the outbox stops pushing until `Outbox.resumeAfterSignIn()`.
    public static let blockedUntilSignIn = PushOutcome(kind: .blockedUntilSignIn)

    /// The server will never accept the mutation: it moves to the dead letters (listed by `Outbox.deadLetters()`)
    /// and the next entry of its kind goes ahead.
    public static func permanentFailure(reason: String) -> PushOutcome {
        PushOutcome(kind: .permanentFailure(reason: reason))
    }
}

/// What `Outbox.pushPending()` achieved.
public struct OutboxPushReport: Sendable, Hashable {
    /// Entries the server applied during the call.
    public let pushed: Int
    /// Entries moved to the dead letters during the call.
    public let deadLettered: Int
    /// Entries still waiting after the call: the "N changes would be lost" of a sign-out.
    public let remaining: Int

    /// Creates a report (for test doubles of code that signs out).
    public init(pushed: Int, deadLettered: Int, remaining: Int) {
        self.pushed = pushed
        self.deadLettered = deadLettered
        self.remaining = remaining
    }
}
