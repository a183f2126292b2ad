import Primitives

/// A record of the statements a database ran, for tests that count the statements an operation needs (an N+1
/// shows up as N+1 entries).
///
/// Attach one through `DatabaseConfiguration.trace`. Entries hold the SQL text with its placeholders, never bound
/// values. Safe to use from any thread; entries are kept in the order the statements started.
public final class StatementTrace: Sendable {
    /// One statement execution.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// The statement's SQL text, with placeholders.
        public let sql: String
        /// Whether the statement is transaction control the library ran around the caller's work (`BEGIN`,
        /// `COMMIT`, `ROLLBACK`, `SAVEPOINT`, `RELEASE`), rather than a statement the caller asked for.
        public let isTransactionControl: Bool

        /// The SQL text.
        public var description: String { sql }
    }

    private let entries = Locked<[Entry]>([])

    /// Creates an empty trace.
    public init() {}

    /// Every statement recorded so far, oldest first, transaction control included.
    public var allEntries: [Entry] {
        entries.withLock { $0 }
    }

    /// The SQL of the statements the callers asked for, oldest first, without transaction control.
    public var statements: [String] {
        allEntries.filter { !$0.isTransactionControl }.map(\.sql)
    }

    /// Forgets every entry, so the next operation is counted alone.
    public func reset() {
        entries.withLock { $0.removeAll() }
    }

    /// Records one execution.
    func record(_ sql: String, isTransactionControl: Bool) {
        entries.withLock { $0.append(Entry(sql: sql, isTransactionControl: isTransactionControl)) }
    }
}
