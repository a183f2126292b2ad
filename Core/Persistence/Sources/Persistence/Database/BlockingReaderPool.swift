import Primitives

/// Read-only connections to a database file for callers that block their own thread (`Database.readBlocking`):
/// one connection per caller running at the same time, opened when first needed and kept for the next caller, so
/// each keeps its prepared statements. There is no waiting for a connection: a server's worker threads, the
/// intended callers, are few and fixed, and so is the number of connections they open.
final class BlockingReaderPool: Sendable {
    private struct State {
        var idle: [ConnectionOwner] = []
        var isClosed = false
    }

    private let state = Locked(State())
    private let path: String
    private let makeReader: @Sendable () throws -> ConnectionOwner

    /// - Parameter makeReader: Opens one more reader connection.
    init(path: String, makeReader: @escaping @Sendable () throws -> ConnectionOwner) {
        self.path = path
        self.makeReader = makeReader
    }

    /// Runs `body` on an idle reader (opening one when none is idle) on the calling thread.
    ///
    /// - Throws: `body`'s error; `DatabaseError` when the pool is closed or a reader cannot be opened.
    func run<Value>(_ body: (Connection) throws -> Value) throws -> Value {
        let idle: ConnectionOwner? = try state.withLock { state in
            guard !state.isClosed else { throw DatabaseError.closed(path: path) }
            return state.idle.popLast()
        }
        let reader = try idle ?? makeReader()
        defer { release(reader) }
        return try reader.runBlocking(body)
    }

    /// Closes the idle readers now and the others when they are released; later reads throw.
    func close() {
        let idle = state.withLock { state in
            state.isClosed = true
            defer { state.idle.removeAll() }
            return state.idle
        }
        for reader in idle {
            reader.closeBlocking()
        }
    }

    private func release(_ reader: ConnectionOwner) {
        let keep = state.withLock { state in
            guard !state.isClosed else { return false }
            state.idle.append(reader)
            return true
        }
        if !keep {
            reader.closeBlocking()
        }
    }
}
