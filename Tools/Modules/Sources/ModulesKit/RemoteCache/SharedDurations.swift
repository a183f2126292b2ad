import Foundation

/// Durations on the shared cache, under keys every reader derives from what it knows:
///
/// - each job of a plan stores what it measured (a ``DurationStore`` of the packages it ran) under
///   ``shardKey(plan:index:)``, immutable: the plan's identity and the job's index are in its ``PlanShard``;
/// - `modules durations merge` folds the summary and every shard's record of one plan together and stores the
///   result under the one well-known ``summaryKey``, which `modules plan` reads.
///
/// Each is an AC entry (an `ActionResult` naming one output file, `durations.json`) over a CAS blob, like a test
/// result, so servers that validate action results accept it; every blob read is checked against its digest.
/// The summary is the one read-modify-write: two merges at once both read the same summary and the later write wins,
/// dropping the other's new measurements. That is harmless: each record stays in the cache under its own key, the
/// packages it measured keep their previous durations (an estimate a run older), and their next run measures them
/// again.
struct SharedDurations: Sendable {
    let client: RemoteCacheClient

    /// The name of the output file of a durations entry.
    static let fileName = "durations.json"

    /// The key of the merged summary: the SHA-256 of a fixed text (one summary per cache URL, so one URL per
    /// repository).
    static let summaryKey = BlobDigest.sha256("modules durations summary 1\n")

    /// The key of the record of shard `index` of `plan`.
    static func shardKey(plan: String, index: Int) -> String {
        BlobDigest.sha256("modules durations shard 1\n\(plan)\n\(index)\n")
    }

    /// The client for a run's cache options.
    init(options: SharedTestCache.Options) {
        client = RemoteCacheClient(options: options)
    }

    init(client: RemoteCacheClient) {
        self.client = client
    }

    /// The durations stored under `key`, or `nil` when there are none.
    /// - Throws: ``RemoteCacheError``: the server failed, or the entry or its blob cannot be used (a blob whose bytes
    ///   do not match its digest, JSON that is not a durations store).
    func read(_ key: String) async throws(RemoteCacheError) -> DurationStore? {
        guard let message = try await client.actionResult(key) else { return nil }
        guard let file = message.file(Self.fileName) else {
            throw .unusableEntry("the durations entry \(key.prefix(12)) names no \(Self.fileName)")
        }
        let data = try await client.blob(file.digest)
        do {
            return try DurationStore.decode(data)
        } catch {
            throw .unusableEntry("the durations blob \(file.digest.hash.prefix(12)) is not a durations store")
        }
    }

    /// Stores `store` under `key`: its blob first, then the AC entry naming it.
    /// - Throws: ``RemoteCacheError``.
    func write(_ store: DurationStore, key: String) async throws(RemoteCacheError) {
        let data: Data
        do {
            data = try store.encoded()
        } catch {
            throw .unusableEntry("cannot encode the durations: \(error)")
        }
        let digest = try await client.putBlob(data)
        try await client.putActionResult(
            ActionResultMessage(outputFiles: [.init(path: Self.fileName, digest: digest)], exitCode: 0), key: key)
    }

    /// Stores what a plan shard's run measured under its shard key, unless the cache is read-only; one line says
    /// where it went or why not.
    static func store(
        _ measured: DurationStore, of shard: PlanShard, options: SharedTestCache.Options,
        to environment: CommandEnvironment
    ) async {
        let label = "durations of plan \(shard.plan) shard \(shard.index)/\(shard.count)"
        guard !options.readOnly else {
            environment.errorOutput.writeLine("\(label): not stored (read-only cache)")
            return
        }
        do {
            try await SharedDurations(options: options).write(
                measured, key: shardKey(plan: shard.plan, index: shard.index))
            environment.errorOutput.writeLine("\(label): stored in the shared cache")
        } catch {
            environment.errorOutput.writeLine(
                "modules: warning: shared cache \(options.url): \(label) not stored: \(error)")
        }
    }
}
