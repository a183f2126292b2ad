/// How `GET /v1/events` streams behave: heartbeats, limits, and the demo sources of events.
public struct EventStreamSettings: Sendable {
    /// The period of heartbeat comments on every stream (the contract's 15 s). It must stay below the HTTP
    /// server's inactivity timeout and the clients' heartbeat timeout.
    public var heartbeatInterval: Duration
    /// How often each server reads new rows of the events table (the table is shared by every server process on
    /// the same data directory, so a change made through another process is seen within this period).
    public var pollInterval: Duration
    /// The reconnection time sent to clients as `retry:`.
    public var reconnectionTime: Duration
    /// The most streams open at once; past it a stream request is 503 `overloaded` with `Retry-After: 1`.
    public var maximumStreams: Int
    /// The most unsent bytes kept for one client; a client further behind is dropped (it resumes with
    /// `Last-Event-ID`).
    public var maximumBufferedBytes: Int
    /// Demo source: add a new post every this long (nil: off).
    public var demoPostsEvery: Duration?
    /// Demo source: move orders from `confirmed` to `shipped` this long after they were placed (nil: off).
    public var demoOrdersAdvanceAfter: Duration?

    /// The contract's defaults: a heartbeat every 15 s, new rows read every 25 ms, `retry: 3000`, 1024 streams,
    /// 256 KiB per client, no demo sources.
    public init(
        heartbeatInterval: Duration = .seconds(15), pollInterval: Duration = .milliseconds(25),
        reconnectionTime: Duration = .seconds(3), maximumStreams: Int = 1024, maximumBufferedBytes: Int = 256 * 1024,
        demoPostsEvery: Duration? = nil, demoOrdersAdvanceAfter: Duration? = nil
    ) {
        self.heartbeatInterval = heartbeatInterval
        self.pollInterval = pollInterval
        self.reconnectionTime = reconnectionTime
        self.maximumStreams = maximumStreams
        self.maximumBufferedBytes = maximumBufferedBytes
        self.demoPostsEvery = demoPostsEvery
        self.demoOrdersAdvanceAfter = demoOrdersAdvanceAfter
    }

    /// The first setting out of range, as a sentence; nil when all are valid.
    func problem(idleTimeoutSeconds: Int) -> String? {
        if heartbeatInterval < .milliseconds(10) { return "the event heartbeat must be at least 10 ms" }
        if idleTimeoutSeconds > 0, heartbeatInterval >= .seconds(idleTimeoutSeconds) {
            return "the event heartbeat (\(heartbeatInterval)) must be shorter than the idle timeout "
                + "(\(idleTimeoutSeconds) s), or streams are cut between heartbeats"
        }
        if pollInterval < .milliseconds(1) || pollInterval > .seconds(10) {
            return "the event poll interval must be 1 ms to 10 s"
        }
        if maximumStreams < 1 { return "at least one event stream must be allowed" }
        if maximumBufferedBytes < 4096 { return "the per-client event buffer must be at least 4096 bytes" }
        for (name, value) in [("demo posts period", demoPostsEvery), ("demo order delay", demoOrdersAdvanceAfter)] {
            if let value, value < .seconds(1) { return "the \(name) must be at least 1 s" }
        }
        return nil
    }
}
