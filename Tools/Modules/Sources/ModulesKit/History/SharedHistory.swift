import Foundation

/// The history on the shared cache, under keys a reader derives from the commits `git log` lists (the protocol
/// cannot list keys): slot `n` of commit `C` is the AC entry under the SHA-256 of `modules history 1\n<C>\n<n>\n`,
/// an `ActionResult` naming one output file, `history.json` (a JSON array of ``HistoryRecord``, every record of
/// one run at that commit), stored in the CAS. A reader asks for slots 0, 1, … of each commit until one is
/// missing; a writer takes the first missing slot, writes it, reads it back and takes the next one when another
/// run's entry is there (the scheme of ``RunHistory``).
struct SharedHistory: Sendable {
    let client: RemoteCacheClient

    /// The name of the output file of a history entry.
    static let fileName = "history.json"
    /// The most runs kept per commit.
    static let maximumSlots = 32
    /// How many requests run at once when reading.
    static let concurrency = 8

    /// The AC key of slot `slot` of `commit`.
    static func slotKey(commit: String, slot: Int) -> String {
        BlobDigest.sha256("modules history 1\n\(commit)\n\(slot)\n")
    }

    /// The client for a run's cache options.
    init(options: SharedTestCache.Options) {
        client = RemoteCacheClient(options: options)
    }

    init(client: RemoteCacheClient) {
        self.client = client
    }

    /// Stores one run's `records` (all of one commit) in the first free slot of their commit.
    /// - Returns: the slot used, or `nil` when every slot is taken.
    /// - Throws: ``RemoteCacheError``.
    @discardableResult
    func write(_ records: [HistoryRecord], commit: String) async throws(RemoteCacheError) -> Int? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(records)
        } catch {
            throw .unusableEntry("cannot encode the history: \(error)")
        }
        let digest = try await client.putBlob(data)
        let message = ActionResultMessage(outputFiles: [.init(path: Self.fileName, digest: digest)], exitCode: 0)
        var slot = 0
        while slot < Self.maximumSlots {
            let key = Self.slotKey(commit: commit, slot: slot)
            if try await client.actionResult(key) != nil {
                slot += 1
                continue
            }
            try await client.putActionResult(message, key: key)
            if try await client.actionResult(key)?.file(Self.fileName)?.digest == digest { return slot }
            slot += 1
        }
        return nil
    }

    /// Every record stored for `commits` (at most ``concurrency`` commits read at once).
    /// - Returns: the records, and the first problem met (an unusable entry is skipped; an unavailable server ends
    ///   the reading).
    func read(commits: [String]) async -> (records: [HistoryRecord], problem: String?) {
        let found = await concurrentMap(commits, limit: Self.concurrency) { commit in await read(commit: commit) }
        return (found.flatMap(\.records), found.lazy.compactMap(\.problem).first)
    }

    private func read(commit: String) async -> (records: [HistoryRecord], problem: String?) {
        var records: [HistoryRecord] = []
        var problem: String?
        for slot in 0..<Self.maximumSlots {
            do throws(RemoteCacheError) {
                guard let message = try await client.actionResult(Self.slotKey(commit: commit, slot: slot)) else {
                    break
                }
                guard let file = message.file(Self.fileName) else {
                    throw RemoteCacheError.unusableEntry("history slot \(slot) of \(commit.prefix(12)) names no file")
                }
                let data = try await client.blob(file.digest)
                guard let decoded = try? JSONDecoder().decode([HistoryRecord].self, from: data) else {
                    throw RemoteCacheError.unusableEntry(
                        "history slot \(slot) of \(commit.prefix(12)) is not a list of records")
                }
                records += decoded
            } catch {
                problem = problem ?? error.description
                if case .unavailable = error { break }
            }
        }
        return (records, problem)
    }
}

extension RemoteCacheClient {
    /// The client of a run's cache options: its URL, request timeout and credentials, over libcurl.
    init(options: SharedTestCache.Options) {
        self.init(
            baseURL: options.url,
            transport: CurlTransport(
                timeoutMilliseconds: Int(options.timeoutSeconds * 1000), authorization: options.authorization))
    }
}
