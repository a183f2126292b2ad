import Foundation

/// The runs of one action key recorded in the shared cache, for finding flaky tests. The protocol has no listing or
/// append, so every run of a test target is an immutable record in a numbered slot its readers can derive: slot `n`
/// of key `K` is the AC entry under the SHA-256 of `modules run 1\n<K>\n<n>\n`, an `ActionResult` naming the run's
/// outcome record (the same CAS blob as its pass or failure entry). A reader asks for slots 0, 1, … until one is
/// missing; a writer takes the first missing one, writes it, reads it back, and takes the next when another run's
/// record is there (two machines writing one slot at once: the last write wins, the other writer sees it and moves
/// on; only when both read their own write before the other's lands is one record lost, which leaves the history a
/// run shorter and never makes a test look flaky that is not).
enum RunHistory {
    /// The most runs kept per action key; later runs of the same inputs are not recorded (a key that ran this often
    /// has told what it can).
    static let maximumRuns = 64

    /// The AC key of slot `slot` of action key `key`.
    static func slotKey(_ key: String, _ slot: Int) -> String {
        BlobDigest.sha256("modules run 1\n\(key)\n\(slot)\n")
    }
}

/// What the shared cache holds about one action key's earlier runs.
struct TargetHistory: Sendable, Equatable {
    /// The outcome records, oldest first (unusable slots left out).
    var records: [CachedOutcome] = []
    /// The first empty slot; `nil` when every slot is taken.
    var nextSlot: Int?
}

extension SharedTestCache {
    /// The recorded runs of the targets `ids` under their action keys (at most ``concurrency`` keys read at once).
    /// A target whose history cannot be read (the server fails) is left out.
    func histories(_ ids: [String]) async -> [String: TargetHistory] {
        let found = await concurrentMap(ids, limit: Self.concurrency) { id in (id, await history(id)) }
        return Dictionary(found.compactMap { id, history in history.map { (id, $0) } }) { first, _ in first }
    }

    /// Slots 0, 1, … of the target's key until one is missing; an entry or blob that cannot be used is skipped
    /// (counted in ``warning()``'s line) and its slot stays taken.
    private func history(_ id: String) async -> TargetHistory? {
        guard let key = keys[id], key.isResolved else { return nil }
        var history = TargetHistory()
        for slot in 0..<RunHistory.maximumRuns {
            guard await health.isAvailable else { return nil }
            do {
                guard let message = try await client.actionResult(RunHistory.slotKey(key.key, slot)) else {
                    history.nextSlot = slot
                    return history
                }
                guard let file = message.file(FileName.outcome) else {
                    throw RemoteCacheError.unusableEntry("run \(slot) of \(id) names no outcome record")
                }
                let data = try await client.blob(file.digest)
                guard let outcome = try? JSONDecoder().decode(CachedOutcome.self, from: data), outcome.key == key.key
                else {
                    throw RemoteCacheError.unusableEntry("run \(slot) of \(id) is not an outcome record of its key")
                }
                history.records.append(outcome)
            } catch let error as RemoteCacheError {
                await health.record(error)
                if case .unavailable = error { return nil }
            } catch {
                await health.record(.unusableEntry("\(error)"))
            }
        }
        return history
    }

    /// Writes `message` (naming the outcome blob `outcome`) into the first free slot of `key` from `slot` on,
    /// reading each write back and taking the next slot when another run's record is there (at most three tries).
    func appendRun(_ message: ActionResultMessage, outcome: BlobDigest, key: String, from slot: Int?)
        async throws(RemoteCacheError)
    {
        guard var slot else { return }
        for _ in 0..<3 where slot < RunHistory.maximumRuns {
            let slotKey = RunHistory.slotKey(key, slot)
            try await client.putActionResult(message, key: slotKey)
            let stored = try? await client.actionResult(slotKey)
            if stored?.file(FileName.outcome)?.digest == outcome { return }
            slot += 1
        }
    }
}
