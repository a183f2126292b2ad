/// The deadlines of a request: each attempt's and the whole call's, retries and waits included.
///
/// The client enforces both with the injected clock, racing the transport against it, so they hold at sub-second
/// precision, whatever the transport does with its own timeouts.
public struct RequestTimeouts: Sendable, Hashable {
    /// The longest one attempt may take, from sending the request to receiving the whole body.
    public var attempt: Duration
    /// The longest the whole call may take, from `send` to its result.
    public var overall: Duration

    /// Creates deadlines; the defaults are 10 s per attempt and 30 s overall.
    public init(attempt: Duration = .seconds(10), overall: Duration = .seconds(30)) {
        self.attempt = attempt
        self.overall = overall
    }
}
