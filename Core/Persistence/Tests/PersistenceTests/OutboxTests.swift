import Foundation
import Primitives
import TestSupport
import Testing

@testable import Persistence

/// An outbox over an in-memory database, driven by a manual clock, whose handler reports every attempt.
private struct OutboxHarness {
    let database: Database
    let clock = ManualClock()
    let outbox: Outbox
    let attempts: AsyncStream<String>
    private let attemptsContinuation: AsyncStream<String>.Continuation

    init() throws {
        database = try makeMemoryDatabase()
        outbox = Outbox(
            database: database, clock: clock, now: ManualWallTime(clock: clock).now, logger: makeLogger().0)
        (attempts, attemptsContinuation) = AsyncStream.makeStream(of: String.self)
    }

    /// Sets the handler of `kind`: it reports `"<id>"` for each attempt and answers with `answer(entry)`.
    func handle(_ kind: String, _ answer: @escaping @Sendable (OutboxEntry) -> PushOutcome) {
        outbox.setHandler(for: kind) { [attemptsContinuation] entry in
            attemptsContinuation.yield(entry.id)
            return answer(entry)
        }
    }

    func enqueue(_ ids: [String], kind: String = "feed.like") async throws {
        try await database.transaction { [outbox] transaction in
            for id in ids {
                try outbox.enqueue(OutboxMutation(id: id, kind: kind, payload: Data(id.utf8)), in: transaction)
            }
        }
    }

    /// The next `count` attempts, in order.
    func nextAttempts(_ count: Int) async -> [String] {
        var seen: [String] = []
        for await id in attempts {
            seen.append(id)
            if seen.count == count { break }
        }
        return seen
    }
}

/// Counts calls per id, shared between a handler and the test.
private final class AttemptCounter: Sendable {
    private let counts = Locked<[String: Int]>([:])

    /// Counts an attempt and returns its number (1 for the first).
    func count(_ id: String) -> Int {
        counts.withLock { counts in
            counts[id, default: 0] += 1
            return counts[id, default: 0]
        }
    }

    subscript(id: String) -> Int { counts.withLock { $0[id, default: 0] } }
}

@Suite("Outbox")
struct OutboxTests {
    @Test("a mutation written while its push fails is pushed exactly once after the failure clears")
    func exactlyOnceAfterFailure() async throws {
        let harness = try OutboxHarness()
        let counter = AttemptCounter()
        let successes = AttemptCounter()
        harness.handle("feed.like") { entry in
            guard counter.count(entry.id) > 2 else { return .retry(after: .seconds(30), reason: "offline") }
            _ = successes.count(entry.id)
            return .done
        }
        harness.outbox.start()
        try await harness.enqueue(["like-1"])
        #expect(await harness.nextAttempts(1) == ["like-1"])
        for _ in 0..<2 {
            try await harness.clock.waitForSleepers(count: 1)
            harness.clock.advance(by: .seconds(30))
            #expect(await harness.nextAttempts(1) == ["like-1"])
        }
        await harness.outbox.stop()
        #expect(successes["like-1"] == 1)
        #expect(try await harness.outbox.pendingCount() == 0)
    }

    @Test("order is kept per kind: a retrying mutation holds back later ones of its kind, not other kinds")
    func ordering() async throws {
        let harness = try OutboxHarness()
        let counter = AttemptCounter()
        harness.handle("feed.like") { entry in
            entry.id == "like-1" && counter.count(entry.id) == 1 ? .retry(after: .seconds(10), reason: "503") : .done
        }
        harness.handle("checkout.order") { _ in .done }
        try await harness.enqueue(["like-1", "like-2", "like-3"])
        try await harness.enqueue(["order-1"], kind: "checkout.order")
        harness.outbox.start()
        #expect(await harness.nextAttempts(2) == ["like-1", "order-1"])
        try await harness.clock.waitForSleepers(count: 1)
        harness.clock.advance(by: .seconds(10))
        #expect(await harness.nextAttempts(3) == ["like-1", "like-2", "like-3"])
        await harness.outbox.stop()
        let entries = try await harness.outbox.pendingEntries()
        #expect(entries.isEmpty)
    }

    @Test("a permanent failure becomes a listed dead letter and the next mutation goes ahead; it can be requeued")
    func deadLetters() async throws {
        let harness = try OutboxHarness()
        let counter = AttemptCounter()
        harness.handle("feed.like") { entry in
            entry.id == "like-1" && counter.count(entry.id) == 1 ? .permanentFailure(reason: "post deleted") : .done
        }
        try await harness.enqueue(["like-1", "like-2"])
        harness.outbox.start()
        #expect(await harness.nextAttempts(2) == ["like-1", "like-2"])
        let letters = try await harness.outbox.deadLetters()
        #expect(letters.map(\.id) == ["like-1"])
        #expect(letters.first?.reason == "post deleted")
        #expect(letters.first?.attemptCount == 1)
        #expect(try await harness.outbox.requeueDeadLetter(id: "like-1"))
        #expect(await harness.nextAttempts(1) == ["like-1"])
        await harness.outbox.stop()
        #expect(try await harness.outbox.deadLetters().isEmpty)
        #expect(try await harness.outbox.pendingCount() == 0)
    }

    @Test("blocked until sign-in stops pushing until resumed; pushPending reports what would be lost")
    func blockedAndOnDemand() async throws {
        let harness = try OutboxHarness()
        let signedIn = Locked(false)
        harness.handle("feed.like") { _ in signedIn.withLock { $0 } ? .done : .blockedUntilSignIn }
        try await harness.enqueue(["like-1", "like-2"])
        harness.outbox.start()
        #expect(await harness.nextAttempts(1) == ["like-1"])
        let report = try await harness.outbox.pushPending()
        #expect(await harness.nextAttempts(1) == ["like-1"])
        #expect(report == OutboxPushReport(pushed: 0, deadLettered: 0, remaining: 2))
        signedIn.withLock { $0 = true }
        harness.outbox.resumeAfterSignIn()
        #expect(await harness.nextAttempts(2) == ["like-1", "like-2"])
        await harness.outbox.stop()
        #expect(try await harness.outbox.pendingCount() == 0)
    }

    @Test("pushPending pushes entries whose retry is not due yet, and counts the ones that still fail")
    func pushPendingIgnoresBackoff() async throws {
        let harness = try OutboxHarness()
        let counter = AttemptCounter()
        harness.handle("feed.like") { entry in
            counter.count(entry.id) == 1 ? .retry(after: .seconds(3_600), reason: "offline") : .done
        }
        harness.handle("checkout.order") { _ in .retry(after: .seconds(60), reason: "still failing") }
        try await harness.enqueue(["like-1"])
        try await harness.enqueue(["order-1"], kind: "checkout.order")
        let first = try await harness.outbox.pushPending()
        #expect(first == OutboxPushReport(pushed: 0, deadLettered: 0, remaining: 2))
        let second = try await harness.outbox.pushPending()
        #expect(second == OutboxPushReport(pushed: 1, deadLettered: 0, remaining: 1))
        let entry = try #require(try await harness.outbox.pendingEntries().first)
        #expect(entry.attemptCount == 2)
        #expect(entry.lastError == "still failing")
    }

    @Test("done(then:) stores the answer in the transaction that removes the entry; a failing store keeps it")
    func doneThen() async throws {
        let harness = try OutboxHarness()
        let counter = AttemptCounter()
        harness.handle("feed.like") { entry in
            if counter.count(entry.id) == 1 {
                return .done { _ in throw DatabaseError(extendedResultCode: 13, message: "disk full") }
            }
            return .done { transaction in
                try transaction.execute("INSERT INTO sample_answers (id, body) VALUES (?, 'liked')", entry.id)
            }
        }
        try await harness.enqueue(["like-1"])
        let first = try await harness.outbox.pushPending()
        #expect(first.remaining == 1)
        let second = try await harness.outbox.pushPending()
        #expect(second.pushed == 1)
        let answers = try await harness.database.read { reader in
            try reader.fetchAll(String.self, "SELECT id FROM sample_answers")
        }
        #expect(answers == ["like-1"])
    }

    @Test("an enqueue in a transaction that rolls back leaves no entry; a duplicate id is refused")
    func enqueueCommitsWithTheWrite() async throws {
        let harness = try OutboxHarness()
        struct Boom: Error {}
        await #expect(throws: Boom.self) {
            try await harness.database.transaction { [outbox = harness.outbox] transaction in
                try transaction.execute("INSERT INTO sample_items (name) VALUES ('liked post')")
                try outbox.enqueue(OutboxMutation(id: "like-1", kind: "feed.like", payload: Data()), in: transaction)
                throw Boom()
            }
        }
        #expect(try await harness.outbox.pendingCount() == 0)
        try await harness.enqueue(["like-1"])
        await #expect(throws: DatabaseError.self) { try await harness.enqueue(["like-1"]) }
        let mutation = try OutboxMutation(id: "m", kind: "k", encoding: ["b": 1, "a": 2])
        #expect(String(decoding: mutation.payload, as: UTF8.self) == "{\"a\":2,\"b\":1}")
    }
}
