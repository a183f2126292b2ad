import Foundation
import Logging
import Primitives

/// The durable queue of mutations waiting to reach the server, in the `outbox_` tables of the account's database.
///
/// A feature enqueues inside its own write transaction (`enqueue(_:in:)`), so the local change and its mutation
/// commit together or not at all. It registers one push handler per mutation kind (`setHandler(for:_:)`); the
/// handler pushes an entry and answers with a `PushOutcome`. The drain loop, started and stopped by the
/// composition root (`start()`, `stop()`), hands entries to their handlers in order: mutations of one kind are
/// pushed one at a time, oldest first, and a mutation waiting to retry holds back the later ones of its kind. The
/// loop drains when it starts, after every commit that enqueued something, when a retry falls due (it waits on the
/// injected clock) and on demand (`pushPending()`).
///
/// Delivery is at least once: an answer lost with the connection means the entry is pushed again, with the same
/// id, which the server's idempotency handling turns into exactly once.
public final class Outbox: Sendable {
    /// Pushes one entry and reports what happened; it never throws (map errors to an outcome).
    public typealias PushHandler = @Sendable (OutboxEntry) async -> PushOutcome

    struct State {
        var handlers: [String: PushHandler] = [:]
        var isBlocked = false
        var loop: Task<Void, Never>?
        var kindsWithoutHandlerReported: Set<String> = []
    }

    let database: Database
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date
    let logger: Logger
    let state = Locked(State())
    let wake = WakeSignal()
    let gate = AsyncGate()

    /// Creates the outbox of `database`; the loop is not running until `start()`.
    ///
    /// - Parameters:
    ///   - database: The account's database (its migrator carries the outbox's tables).
    ///   - clock: What the loop waits on until a retry is due (a `ManualClock` in tests).
    ///   - now: The wall-clock time stored with entries (enqueue time, next attempt), consistent with `clock`.
    ///   - logger: Receives push outcomes by kind and id; never payloads.
    public init(
        database: Database, clock: any Clock<Duration>, now: @escaping @Sendable () -> Date, logger: Logger
    ) {
        self.database = database
        self.clock = clock
        self.now = now
        self.logger = logger
    }

    /// Sets the handler that pushes mutations of `kind`, replacing an earlier one, and drains.
    ///
    /// Entries of a kind without a handler wait (and count as pending) until one is set.
    public func setHandler(for kind: String, _ handler: @escaping PushHandler) {
        state.withLock { $0.handlers[kind] = handler }
        wake.signal()
    }

    /// Adds `mutation` to the outbox inside the caller's transaction; once that commits, the loop drains.
    ///
    /// - Throws: `DatabaseError` (a constraint violation when the id is already in the outbox).
    public func enqueue(_ mutation: OutboxMutation, in transaction: DatabaseTransaction) throws {
        let time = now()
        try transaction.execute(
            """
            INSERT INTO outbox_mutations (id, kind, payload, attempt_count, next_attempt_at, created_at)
            VALUES (?, ?, ?, 0, ?, ?)
            """,
            mutation.id, mutation.kind, mutation.payload, time, time)
        transaction.afterCommit { [wake] in wake.signal() }
    }

    /// Starts the drain loop (it drains at once); does nothing when it runs already.
    public func start() {
        state.withLock { state in
            guard state.loop == nil else { return }
            state.loop = Task { [self] in await runLoop() }
        }
        logger.debug("outbox started")
    }

    /// Stops the drain loop and returns when it has stopped; a push in flight is cancelled (its entry stays and is
    /// pushed again later).
    public func stop() async {
        let loop = state.withLock { state in
            defer { state.loop = nil }
            return state.loop
        }
        loop?.cancel()
        await loop?.value
        logger.debug("outbox stopped")
    }

    /// Lifts the stop a `PushOutcome.blockedUntilSignIn` put on pushing, and drains.
    public func resumeAfterSignIn() {
        state.withLock { $0.isBlocked = false }
        wake.signal()
    }

    /// The number of entries waiting to be pushed (dead letters not included).
    ///
    /// - Throws: `DatabaseError` and the opening errors of `Database.open()`.
    public func pendingCount() async throws -> Int {
        try await database.read { reader in
            try reader.fetchOne(Int.self, "SELECT count(*) FROM outbox_mutations") ?? 0
        }
    }

    /// The entries waiting to be pushed, oldest first.
    ///
    /// - Throws: `DatabaseError` and the opening errors of `Database.open()`.
    public func pendingEntries() async throws -> [OutboxEntry] {
        try await database.read { reader in
            try reader.fetchAll(
                OutboxEntry.self, "SELECT " + Outbox.entryColumns + " FROM outbox_mutations ORDER BY sequence")
        }
    }

    /// The mutations that failed permanently, oldest first.
    ///
    /// - Throws: `DatabaseError` and the opening errors of `Database.open()`.
    public func deadLetters() async throws -> [DeadLetter] {
        try await database.read { reader in
            try reader.fetchAll(
                DeadLetter.self,
                """
                SELECT id, kind, payload, attempt_count, created_at, failed_at, reason
                FROM outbox_dead_letters ORDER BY sequence
                """)
        }
    }

    /// Moves a dead letter back to the end of the outbox, due now, with its attempts reset; returns whether one
    /// with `id` existed.
    ///
    /// - Throws: `DatabaseError` and the opening errors of `Database.open()`.
    @discardableResult
    public func requeueDeadLetter(id: String) async throws -> Bool {
        let time = now()
        let moved = try await database.transaction { transaction in
            try transaction.execute(
                """
                INSERT INTO outbox_mutations (id, kind, payload, attempt_count, next_attempt_at, created_at)
                SELECT id, kind, payload, 0, ?, created_at FROM outbox_dead_letters WHERE id = ?
                """,
                time, id)
            guard transaction.changedRowCount > 0 else { return false }
            try transaction.execute("DELETE FROM outbox_dead_letters WHERE id = ?", id)
            return true
        }
        if moved { wake.signal() }
        return moved
    }

    /// Deletes a dead letter for good (the user dismissed it); returns whether one with `id` existed.
    ///
    /// - Throws: `DatabaseError` and the opening errors of `Database.open()`.
    @discardableResult
    public func discardDeadLetter(id: String) async throws -> Bool {
        try await database.transaction { transaction in
            try transaction.execute("DELETE FROM outbox_dead_letters WHERE id = ?", id)
            return transaction.changedRowCount > 0
        }
    }

    /// Pushes every pending entry now, whether or not its retry is due and even when pushing was blocked: each
    /// kind's entries in order until one does not go through. Waits for a drain already running to finish first.
    ///
    /// Sign-out calls it, then reports `remaining` as the changes that would be lost.
    /// - Throws: `DatabaseError` and the opening errors of `Database.open()`.
    public func pushPending() async throws -> OutboxPushReport {
        state.withLock { $0.isBlocked = false }
        let pass = try await gate.run { try await drainPass(force: true) }
        return OutboxPushReport(
            pushed: pass.pushed, deadLettered: pass.deadLettered, remaining: try await pendingCount())
    }
}
