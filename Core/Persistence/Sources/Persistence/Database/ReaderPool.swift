import Primitives

/// Up to `maximum` read-only connections to a database file in WAL mode, opened when first needed, so reads run
/// beside each other and beside the writer.
final class ReaderPool: Sendable {
    private struct State {
        var idle: [ConnectionOwner] = []
        var openCount = 0
        var waiters: [CheckedContinuation<ConnectionOwner?, any Error>] = []
        var isClosed = false
    }

    private let state = Locked(State())
    private let maximum: Int
    private let path: String
    private let makeReader: @Sendable () throws -> ConnectionOwner

    /// - Parameter makeReader: Opens one more reader connection.
    init(maximum: Int, path: String, makeReader: @escaping @Sendable () throws -> ConnectionOwner) {
        self.maximum = max(maximum, 1)
        self.path = path
        self.makeReader = makeReader
    }

    /// Runs `body` on an idle reader, opening one when none is idle and fewer than `maximum` are open, or waiting
    /// for one to be released otherwise.
    func run<Value: Sendable>(_ body: @escaping @Sendable (Connection) throws -> Value) async throws -> Value {
        let reader = try await acquire()
        do {
            let value = try await reader.run(body)
            await release(reader)
            return value
        } catch {
            await release(reader)
            throw error
        }
    }

    /// Closes the idle readers now and the others when they are released; waiting and later reads throw.
    func close() async {
        let (idle, waiters) = state.withLock { state in
            state.isClosed = true
            defer {
                state.idle.removeAll()
                state.waiters.removeAll()
            }
            return (state.idle, state.waiters)
        }
        for waiter in waiters {
            waiter.resume(throwing: DatabaseError.closed(path: path))
        }
        for reader in idle {
            await reader.close()
        }
    }

    // MARK: - Private

    private enum Acquisition {
        case reader(ConnectionOwner)
        case open
        case wait
    }

    private func acquire() async throws -> ConnectionOwner {
        while true {
            let acquisition: Acquisition = try state.withLock { state in
                guard !state.isClosed else { throw DatabaseError.closed(path: path) }
                if let reader = state.idle.popLast() { return .reader(reader) }
                if state.openCount < maximum {
                    state.openCount += 1
                    return .open
                }
                return .wait
            }
            switch acquisition {
            case .reader(let reader):
                return reader
            case .open:
                do {
                    return try makeReader()
                } catch {
                    let waiter = state.withLock { state in
                        state.openCount -= 1
                        return state.waiters.isEmpty ? nil : state.waiters.removeFirst()
                    }
                    waiter?.resume(returning: nil)
                    throw error
                }
            case .wait:
                let handedOver = try await withCheckedThrowingContinuation { continuation in
                    let resumeNow: Bool = state.withLock { state in
                        guard !state.isClosed, state.idle.isEmpty, state.openCount >= maximum else { return true }
                        state.waiters.append(continuation)
                        return false
                    }
                    if resumeNow { continuation.resume(returning: nil) }
                }
                if let handedOver { return handedOver }
            }
        }
    }

    private func release(_ reader: ConnectionOwner) async {
        enum Release {
            case handOver(CheckedContinuation<ConnectionOwner?, any Error>)
            case close
            case keep
        }
        let release: Release = state.withLock { state in
            if state.isClosed {
                state.openCount -= 1
                return .close
            }
            if !state.waiters.isEmpty { return .handOver(state.waiters.removeFirst()) }
            state.idle.append(reader)
            return .keep
        }
        switch release {
        case .handOver(let waiter): waiter.resume(returning: reader)
        case .close: await reader.close()
        case .keep: break
        }
    }
}
