import Foundation
import Logging
import Persistence
import Primitives

/// Feeds the `GET /v1/events` streams of one server from the events table.
///
/// Every change writes its event row in its own transaction (`ServerStore.appendEvent`), and every server process
/// over the same database file tails the table: each `pollInterval`, while it has a stream open, it reads the rows
/// after the last one it saw and writes them to its open streams, so a change made through any process reaches the
/// watchers of all of them. (The table is read by sequence number rather than by `PRAGMA data_version`, which is per
/// connection and so says nothing across the store's pool of reader connections.)
///
/// Idle costs nothing beyond the timer: a `CommitPoller` thread compares the file's commit stamp (`CommitWatch`,
/// the wal-index header in shared memory, read without a system call) each `pollInterval` with the stamp it saw
/// last, and the table is read only when some process has committed since. With no stream open the poller waits
/// with no timer at all, and the first stream to open wakes it. (In memory there is no stamp, and each tick reads.)
///
/// Event ids are `<instance id>-<sequence number>`: increasing within a data set, kept across restarts (the rows
/// are in the database file), and recognisably foreign to another data set. A stream that sends `Last-Event-ID`
/// gets the events after it replayed from the table (which keeps the newest `ServerStore.eventRetention`), then
/// the live ones, with no gap and no repeat; an id of another data set, a malformed one, or one older than the
/// table keeps gets a `reset` event instead (refetch, then follow from here). A new stream starts with an `id:`
/// line without data, so even a client that received no event yet resumes from where it connected.
///
/// Streams cost no thread: each is a `StreamedBody` on a suspended libmicrohttpd connection. Each gets a heartbeat
/// comment every `heartbeatInterval`, which also makes libmicrohttpd notice clients that went away. A client more
/// than `maximumBufferedBytes` behind is dropped (it resumes with `Last-Event-ID`).
final class EventHub: Sendable {
    private struct Client {
        let userID: String?
        /// `http://host:port` the client connected to (`ImageLinks.origin`): picture links in events are stored as
        /// the server's own paths, since every server process on the data file has its own port, and are made
        /// absolute for each client as they are sent.
        let origin: String?
        let body: StreamedBody
        /// The newest sequence number written to (or skipped for) this client.
        var through: Int64
        /// Rows the tailer saw while the client was being opened (its replay read is under way); nil once open.
        var pending: [EventRow]?
        /// Events still to send before the stream is cut (the fault rule `cut-after=N`); nil for no limit.
        var remaining: Int?
        /// When the stream was opened, to forget one whose answer was never queued (its client left first).
        let opened: ContinuousClock.Instant
    }

    private struct State {
        var clients: [UInt64: Client] = [:]
        var nextID: UInt64 = 1
        var tailed: Int64 = 0
        var isStopping = false
        var tasks: [Task<Void, Never>] = []
        var dropped = 0
        /// Reads of the table the tailer made, for tests of the idle cost.
        var tailReads = 0
    }

    let settings: EventStreamSettings
    let instanceID: String
    let store: ServerStore
    let now: @Sendable () -> Date
    let logger: Logger
    private let state: Locked<State>
    private let poller: CommitPoller
    private let commits: AsyncStream<Void>

    /// A hub over `store`'s events table; `commitWatch` (the file's commit stamps, nil in memory) lets the tailer
    /// skip the read when nothing was committed.
    init(
        store: ServerStore, instanceID: String, settings: EventStreamSettings, commitWatch: CommitWatch?,
        now: @escaping @Sendable () -> Date, logger: Logger
    ) {
        self.store = store
        let (commits, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.commits = commits
        let state = Locked(State())
        self.state = state
        poller = CommitPoller(
            watch: commitWatch, period: settings.pollInterval,
            isWanted: { state.withLock { !$0.clients.isEmpty && !$0.isStopping } },
            changed: { continuation.yield() })
        self.instanceID = instanceID
        self.settings = settings
        self.now = now
        self.logger = logger
    }

    /// Streams open now.
    var streamCount: Int { state.withLock { $0.clients.count } }

    /// Clients dropped so far for falling too far behind.
    var droppedCount: Int { state.withLock { $0.dropped } }

    /// How often the tailer's timer fired, and how often it read the table, so far.
    var tailActivity: (ticks: Int, reads: Int) { (poller.activity.ticks, state.withLock { $0.tailReads }) }

    /// Starts tailing the table (from its newest row), the heartbeats and the configured demo sources.
    ///
    /// - Throws: the database's error when the table cannot be read.
    func start() async throws {
        let newest = try await store.eventBounds().newest
        var tasks: [Task<Void, Never>] = [
            Task { [self] in await tail() },
            Task { [self] in await beat() },
        ]
        if let every = settings.demoPostsEvery {
            tasks.append(Task { [self] in await demoPosts(every: every) })
        }
        if let after = settings.demoOrdersAdvanceAfter {
            tasks.append(Task { [self] in await demoOrders(after: after) })
        }
        state.withLock { state in
            state.tailed = newest
            state.tasks = tasks
        }
        poller.start()
    }

    /// Ends every stream cleanly (after what was written to it) and stops the background work; new streams are
    /// refused from now on. Call before stopping the HTTP server, which waits for the streams' requests to end.
    func stop() {
        let (tasks, bodies) = state.withLock { state in
            state.isStopping = true
            defer { state.tasks = [] }
            return (state.tasks, state.clients.values.map(\.body))
        }
        poller.stop()
        for task in tasks {
            task.cancel()
        }
        for body in bodies {
            body.finish()
        }
    }

    // MARK: - Opening a stream

    /// The response of a stream request: `text/event-stream` with the replay (or a `reset`) first, then live
    /// events; `cutAfter` closes it after that many events (a fault rule).
    ///
    /// - Throws: `APIError` 503 `overloaded` past `maximumStreams`, 503 `shutting_down` during a stop; the
    ///   database's error when the replay cannot be read.
    func open(userID: String?, origin: String?, lastEventID: String?, cutAfter: Int?) async throws -> HTTPResponse {
        let (id, body) = try register(userID: userID, origin: origin, cutAfter: cutAfter)
        var preamble = "retry: \(Self.milliseconds(settings.reconnectionTime))\n"
        var replay: [EventRow] = []
        var through: Int64
        do {
            let bounds = try await store.eventBounds()
            through = bounds.newest
            switch Self.resumePoint(lastEventID, instanceID: instanceID, bounds: bounds) {
            case .fresh:
                preamble += "id: \(instanceID)-\(through)\n\n"
            case .after(let seq):
                let rows = try await store.events(
                    after: seq, userID: userID, limit: Int(ServerStore.eventRetention) + 1)
                if rows.count > ServerStore.eventRetention {
                    preamble += resetEvent(through: through, reason: "more events were missed than are kept")
                } else {
                    replay = rows
                    through = seq
                }
            case .reset(let reason):
                preamble += resetEvent(through: through, reason: reason)
            }
        } catch {
            body.abort()
            forget(id)
            throw error
        }
        state.withLock { state in
            guard var client = state.clients[id] else { return }
            body.write(Array(preamble.utf8))
            // `send` skips what the client has: rows at or before `through`, and live rows the replay also held.
            let live = client.pending ?? []
            client.pending = nil
            client.through = through
            for row in replay + live {
                Self.send(row, to: &client, instanceID: instanceID)
            }
            state.clients[id] = client
        }
        return .streaming(
            headers: [
                "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",
            ], body: body)
    }

    private func register(
        userID: String?, origin: String?, cutAfter: Int?
    ) throws(APIError) -> (UInt64, StreamedBody) {
        let limit = settings.maximumStreams
        let outcome: Result<(UInt64, StreamedBody), APIError> = state.withLock { state in
            if state.isStopping { return .failure(.shuttingDown()) }
            guard state.clients.count < limit else { return .failure(.overloaded()) }
            let id = state.nextID
            state.nextID += 1
            let body = StreamedBody(maximumBufferedBytes: settings.maximumBufferedBytes) { [self] in forget(id) }
            state.clients[id] = Client(
                userID: userID, origin: origin, body: body, through: 0, pending: [], remaining: cutAfter, opened: .now)
            return .success((id, body))
        }
        // The poller waits with no timer while no stream is open.
        poller.wake()
        return try outcome.get()
    }

    private func forget(_ id: UInt64) {
        _ = state.withLock { $0.clients.removeValue(forKey: id) }
    }

    /// Where a stream with `Last-Event-ID` starts.
    enum ResumePoint: Equatable {
        /// No id: from now on.
        case fresh
        /// After this sequence number, replaying what followed it.
        case after(Int64)
        /// The id cannot be resumed from: send `reset`.
        case reset(String)
    }

    /// Reads `Last-Event-ID` against this data set and the rows the table keeps.
    static func resumePoint(_ lastEventID: String?, instanceID: String, bounds: EventBounds) -> ResumePoint {
        guard let lastEventID = lastEventID?.trimmingCharacters(in: .whitespaces), !lastEventID.isEmpty else {
            return .fresh
        }
        guard let dash = lastEventID.lastIndex(of: "-"),
            let seq = Int64(lastEventID[lastEventID.index(after: dash)...]), seq >= 0
        else { return .reset("the Last-Event-ID is not an event id of this server") }
        guard lastEventID[..<dash] == instanceID else {
            return .reset("the Last-Event-ID belongs to another data set")
        }
        guard seq <= bounds.newest else { return .reset("the Last-Event-ID is newer than any event here") }
        // Events after `seq` are all kept when the oldest kept row is at most seq + 1 (or nothing was pruned).
        if seq < bounds.newest, (bounds.oldest ?? (bounds.newest + 1)) > seq + 1 {
            return .reset("the events after the Last-Event-ID are no longer kept")
        }
        return .after(seq)
    }

    private func resetEvent(through: Int64, reason: String) -> String {
        var writer = JSONWriter(capacity: 128)
        writer.object { writer in
            writer.key("reason")
            writer.string(reason)
        }
        return "id: \(instanceID)-\(through)\nevent: reset\ndata: \(String(decoding: writer.bytes, as: UTF8.self))\n\n"
    }

    // MARK: - Feeding the streams

    /// Writes `row` to `client` when it is for them and newer than what they have; cuts the stream when its
    /// `cut-after` budget is spent. Returns true when the client was dropped for falling behind.
    @discardableResult
    private static func send(_ row: EventRow, to client: inout Client, instanceID: String) -> Bool {
        guard row.seq > client.through else { return false }
        client.through = row.seq
        guard row.userID == nil || row.userID == client.userID else { return false }
        if let remaining = client.remaining, remaining <= 0 { return false }
        let data = Self.absolutePictureLinks(in: row.data, origin: client.origin)
        let text = "id: \(instanceID)-\(row.seq)\nevent: \(row.name)\ndata: \(data)\n\n"
        switch client.body.write(Array(text.utf8)) {
        case .queued:
            if let remaining = client.remaining {
                client.remaining = remaining - 1
                if remaining - 1 <= 0 { client.body.finish() }
            }
            return false
        case .overflowed:
            return true
        case .closed:
            return false
        }
    }

    /// `data` with each `"image_url":"/v1/images/…` prefixed by `origin` (`ImageLinks.wireValue`). The data is
    /// JSON this server wrote, so that byte sequence can only be the key and the start of its value: inside a string
    /// value the quotes would be escaped.
    static func absolutePictureLinks(in data: String, origin: String?) -> String {
        guard let origin else { return data }
        let stored = #""image_url":"/v1/images/"#
        guard data.contains(stored) else { return data }
        return data.replacingOccurrences(of: stored, with: #""image_url":""# + origin + "/v1/images/")
    }

    /// Hands `rows` (in sequence order) to every stream.
    func deliver(_ rows: [EventRow]) {
        guard let last = rows.last else { return }
        let dropped = state.withLock { state in
            var dropped = 0
            for id in state.clients.keys {
                guard var client = state.clients[id] else { continue }
                if client.pending != nil {
                    client.pending?.append(contentsOf: rows)
                } else {
                    for row in rows where Self.send(row, to: &client, instanceID: instanceID) {
                        dropped += 1
                        break
                    }
                }
                state.clients[id] = client
            }
            state.tailed = max(state.tailed, last.seq)
            state.dropped += dropped
            return dropped
        }
        if dropped > 0 {
            logger.notice("dropped event streams that fell behind", metadata: ["count": .string("\(dropped)")])
        }
    }

    /// Reads the rows after the last one read each time the poller saw a commit, while a stream is open.
    private func tail() async {
        let limit = 500
        for await _ in commits {
            // A full page may have more behind it: read on until a short one.
            while let after = state.withLock({ $0.clients.isEmpty ? nil : $0.tailed }) {
                do {
                    state.withLock { $0.tailReads += 1 }
                    let rows = try await store.allEvents(after: after, limit: limit)
                    deliver(rows)
                    if rows.count < limit { break }
                } catch {
                    logger.warning("cannot read new events", metadata: ["error": .string(String(describing: error))])
                    break
                }
            }
        }
    }

    private func beat() async {
        let comment = Array(": heartbeat\n".utf8)
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: settings.heartbeatInterval)
            } catch {
                return
            }
            let overflowed = state.withLock { state in
                var overflowed = 0
                for (id, client) in state.clients where client.pending == nil {
                    switch client.body.write(comment) {
                    case .queued:
                        // An answer never queued within a minute will never be: its client left first.
                        if !client.body.wasQueued, ContinuousClock.now - client.opened > .seconds(60) {
                            client.body.abort()
                            state.clients[id] = nil
                        }
                    case .overflowed:
                        overflowed += 1
                        state.clients[id] = nil
                    case .closed:
                        // Ended (cut, aborted) and draining or released: nothing more is written to it.
                        state.clients[id] = nil
                    }
                }
                return overflowed
            }
            if overflowed > 0 {
                state.withLock { $0.dropped += overflowed }
                logger.notice("dropped event streams that fell behind", metadata: ["count": .string("\(overflowed)")])
            }
        }
    }

    /// `duration` in whole milliseconds, rounded down.
    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
