import Primitives

/// Keeps records in memory so tests can read what was logged; it writes nowhere else.
///
/// Copies share one record list, so a test keeps a copy, gives another to a `Logger`, and reads `records`
/// afterwards. Records arrive redacted, like every handler's. Safe to use from any thread; records are kept in the
/// order their `log` calls took the lock.
public struct CapturingLogHandler: RecordWritingLogHandler {
    /// The lowest level captured; `.trace` (everything) unless set.
    public var logLevel: Logger.Level
    /// Metadata merged into every captured record.
    public var metadata: Logger.Metadata = [:]
    private let store = Locked<[LogRecord]>([])

    /// Creates an empty handler that captures records at `logLevel` and above.
    public init(logLevel: Logger.Level = .trace) {
        self.logLevel = logLevel
    }

    /// Every record captured so far, oldest first.
    public var records: [LogRecord] {
        store.withLock { $0 }
    }

    /// The messages of the captured records, oldest first.
    public var messages: [String] {
        records.map(\.message.description)
    }

    /// The captured records as the lines a stream handler without colour would write, joined with newlines: the
    /// text a test searches to show that something was or was not logged.
    public var text: String {
        records.map(\.description).joined(separator: "\n")
    }

    /// Forgets every captured record.
    public func removeAll() {
        store.withLock { $0.removeAll() }
    }

    /// Appends `record`.
    public func write(_ record: LogRecord) {
        store.withLock { $0.append(record) }
    }
}
