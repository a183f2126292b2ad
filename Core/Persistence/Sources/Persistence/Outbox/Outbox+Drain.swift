import Foundation
import Logging

extension Outbox {
    /// What one drain pass achieved, and what the loop waits for next.
    struct PassResult {
        enum Next {
            /// Nothing is due: wait for a signal (an enqueue, a new handler, a sign-in).
            case idle
            /// The earliest retry falls due after this long.
            case due(after: Duration)
            /// A handler needs a signed-in user: wait for `resumeAfterSignIn()`.
            case blocked
        }

        var pushed = 0
        var deadLettered = 0
        var next = Next.idle
    }

    private enum Applied {
        case removed
        case deadLettered
        case retrying
        case blocked
    }

    /// Drains, then waits on the clock or for a signal, until the task is cancelled.
    func runLoop() async {
        while !Task.isCancelled {
            let next: PassResult.Next
            do {
                next = try await gate.run { try await drainPass(force: false) }.next
            } catch {
                guard !Task.isCancelled else { return }
                logger.error("outbox drain failed", metadata: ["error": .string("\(error)")])
                next = .idle
            }
            switch next {
            case .idle, .blocked:
                await wake.wait()
            case .due(let delay):
                await waitForWake(orAfter: delay)
            }
        }
    }

    /// Pushes entries until none is due (`force`: until every kind has had its go), one at a time, oldest first.
    ///
    /// Call only through `gate`, so two passes never push the same entry at once.
    func drainPass(force: Bool) async throws -> PassResult {
        var result = PassResult()
        var finishedKinds: Set<String> = []
        while !Task.isCancelled {
            if !force && state.withLock({ $0.isBlocked }) {
                result.next = .blocked
                return result
            }
            let heads = try await database.read { reader in try reader.fetchAll(OutboxEntry.self, Outbox.headsQuery) }
            let handlers = state.withLock { $0.handlers }
            let time = now()
            var earliest: Date?
            var chosen: (entry: OutboxEntry, handler: PushHandler)?
            for head in heads {
                guard let handler = handlers[head.kind] else {
                    reportMissingHandler(for: head.kind)
                    continue
                }
                if !finishedKinds.contains(head.kind) && (force || head.nextAttemptAt <= time) {
                    chosen = (head, handler)
                    break
                }
                if !force {
                    earliest = min(earliest ?? head.nextAttemptAt, head.nextAttemptAt)
                }
            }
            guard let chosen else {
                if let earliest {
                    let milliseconds = max(0, (earliest.timeIntervalSince(time) * 1000).rounded(.up))
                    result.next = .due(after: .milliseconds(Int64(milliseconds)))
                }
                return result
            }
            let outcome = await chosen.handler(chosen.entry)
            switch try await apply(outcome, to: chosen.entry) {
            case .removed:
                result.pushed += 1
            case .deadLettered:
                result.deadLettered += 1
            case .retrying:
                finishedKinds.insert(chosen.entry.kind)
            case .blocked:
                result.next = .blocked
                return result
            }
        }
        return result
    }

    // MARK: - Private

    private func waitForWake(orAfter delay: Duration) async {
        let timer = Task { [clock, wake] in
            do {
                try await clock.sleep(for: delay)
                wake.signal()
            } catch {
                // Cancelled: a signal ended the wait first, or the loop stopped.
            }
        }
        await wake.wait()
        timer.cancel()
    }

    private func apply(_ outcome: PushOutcome, to entry: OutboxEntry) async throws -> Applied {
        let metadata: Logger.Metadata = ["kind": .string(entry.kind), "id": .string(entry.id)]
        switch outcome.kind {
        case .done(let store):
            do {
                try await database.transaction { transaction in
                    try store?(transaction)
                    try transaction.execute("DELETE FROM outbox_mutations WHERE id = ?", entry.id)
                }
                logger.debug("outbox entry pushed", metadata: metadata)
                return .removed
            } catch {
                logger.error(
                    "outbox entry pushed but its answer could not be stored; pushing again later",
                    metadata: metadata.merging(["error": .string("\(error)")]) { $1 })
                let delay = Duration.seconds(min(1 << min(entry.attemptCount, 8), 300))
                try await recordRetry(of: entry, after: delay, reason: "storing the answer failed: \(error)")
                return .retrying
            }
        case .retry(let delay, let reason):
            logger.info(
                "outbox entry will be retried",
                metadata: metadata.merging(["reason": .string(reason), "delay": .string("\(delay)")]) { $1 })
            try await recordRetry(of: entry, after: delay, reason: reason)
            return .retrying
        case .blockedUntilSignIn:
            state.withLock { $0.isBlocked = true }
            logger.info("outbox waits for sign-in", metadata: metadata)
            return .blocked
        case .permanentFailure(let reason):
            let time = now()
            try await database.transaction { transaction in
                try transaction.execute(
                    """
                    INSERT INTO outbox_dead_letters
                        (sequence, id, kind, payload, attempt_count, created_at, failed_at, reason)
                    SELECT sequence, id, kind, payload, attempt_count + 1, created_at, ?, ?
                    FROM outbox_mutations WHERE id = ?
                    """,
                    time, reason, entry.id)
                try transaction.execute("DELETE FROM outbox_mutations WHERE id = ?", entry.id)
            }
            logger.warning(
                "outbox entry failed permanently and became a dead letter",
                metadata: metadata.merging(["reason": .string(reason)]) { $1 })
            return .deadLettered
        }
    }

    private func recordRetry(of entry: OutboxEntry, after delay: Duration, reason: String) async throws {
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        let due = now().addingTimeInterval(max(0, seconds))
        try await database.transaction { transaction in
            try transaction.execute(
                """
                UPDATE outbox_mutations SET attempt_count = attempt_count + 1, next_attempt_at = ?, last_error = ?
                WHERE id = ?
                """,
                due, reason, entry.id)
        }
    }

    private func reportMissingHandler(for kind: String) {
        let isNew = state.withLock { $0.kindsWithoutHandlerReported.insert(kind).inserted }
        if isNew {
            logger.warning("outbox entries wait: no push handler for their kind", metadata: ["kind": .string(kind)])
        }
    }
}
