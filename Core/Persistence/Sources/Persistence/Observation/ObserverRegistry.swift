import Primitives

/// The running observations of one open database, and the tables each one read last time (its region).
///
/// After a commit, the writer calls `notify(changedTables:connection:)` on its queue: every observation whose region
/// meets the changed tables fetches again on the writer connection, before the writer takes the next transaction,
/// so no commit is missed and values arrive in commit order.
final class ObserverRegistry: Sendable {
    struct Observer: Sendable {
        var region: Set<String>
        /// Fetches and delivers a new value; returns the new region, or nil when the observation has ended.
        let refetch: @Sendable (Connection) -> Set<String>?
        /// Ends the observation's sequence normally.
        let finish: @Sendable () -> Void
    }

    private struct State {
        var observers: [UInt64: Observer] = [:]
        var nextID: UInt64 = 0
        var isClosed = false
    }

    private let state = Locked(State())

    /// Registers `observer`; returns its id, or nil when the database is closed.
    func add(_ observer: Observer) -> UInt64? {
        state.withLock { state in
            guard !state.isClosed else { return nil }
            state.nextID += 1
            state.observers[state.nextID] = observer
            return state.nextID
        }
    }

    /// Stops delivering to the observer `id`.
    func remove(_ id: UInt64) {
        _ = state.withLock { $0.observers.removeValue(forKey: id) }
    }

    /// Re-fetches, on the writer's queue, every observation whose region meets `changedTables`.
    func notify(changedTables: Set<String>, connection: Connection) {
        guard !changedTables.isEmpty else { return }
        let affected = state.withLock { state in
            state.observers.filter { !$0.value.region.isDisjoint(with: changedTables) }.sorted { $0.key < $1.key }
        }
        for (id, observer) in affected {
            let region = observer.refetch(connection)
            state.withLock { state in
                if let region {
                    state.observers[id]?.region = region
                } else {
                    state.observers.removeValue(forKey: id)
                }
            }
        }
    }

    /// Ends every observation's sequence; later registrations are refused.
    func closeAll() {
        let observers = state.withLock { state in
            state.isClosed = true
            defer { state.observers.removeAll() }
            return Array(state.observers.values)
        }
        for observer in observers {
            observer.finish()
        }
    }
}

/// Connects one observation's sequence to its registration, so that ending the sequence (the consumer stopped
/// iterating or was cancelled) removes the registration, also when that happens before registration completed.
final class ObservationToken: Sendable {
    private enum Phase {
        case pending
        case registered(ObserverRegistry, UInt64)
        case cancelled
    }

    private let phase = Locked(Phase.pending)

    /// Runs `register` unless the observation was already cancelled; keeps the id it returns.
    func register(_ register: () -> (ObserverRegistry, UInt64)?) {
        phase.withLock { phase in
            guard case .pending = phase, let (registry, id) = register() else { return }
            phase = .registered(registry, id)
        }
    }

    /// Whether the sequence ended.
    var isCancelled: Bool {
        phase.withLock { phase in
            if case .cancelled = phase { return true }
            return false
        }
    }

    /// Marks the observation ended and removes its registration, if any.
    func cancel() {
        phase.withLock { phase in
            if case .registered(let registry, let id) = phase {
                registry.remove(id)
            }
            phase = .cancelled
        }
    }
}
