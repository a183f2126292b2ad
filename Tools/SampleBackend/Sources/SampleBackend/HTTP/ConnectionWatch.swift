import Foundation
import Primitives

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Deadlines for the stages of a connection that libmicrohttpd's inactivity timeout cannot bound.
///
/// libmicrohttpd's `MHD_OPTION_CONNECTION_TIMEOUT` resets on every byte, so a client that sends one header line
/// every few seconds keeps a connection forever ("slowloris"). This watch gives each connection a deadline for its
/// current stage: the request line and headers must be complete within `headTimeout` of the connection opening (or
/// of the previous answer, plus the idle allowance), and the body within `bodyTimeout` of the headers. A passed
/// deadline shuts the socket down (`shutdown(2)`, never `close(2)`): libmicrohttpd then sees the connection end and
/// closes and releases it on its own thread as for any client that went away.
///
/// Soundness of touching a socket libmicrohttpd owns: entries are added in the connection-started notification and
/// removed in the connection-closed one, which libmicrohttpd sends before it closes the descriptor; `shutdown` runs
/// under the same lock as that removal, so the descriptor shut down is always still the connection's own (never one
/// reused by a later connection).
final class ConnectionWatch: Sendable {
    /// Where a connection is in its request cycle.
    enum Stage: Sendable, Equatable {
        /// Reading the request line and headers.
        case head
        /// Reading the body.
        case body
        /// A handler is answering, or the answer is being sent: no deadline here.
        case answering
        /// Between keep-alive requests: the next head is due within the idle timeout plus the head timeout.
        case idle
    }

    private struct Entry {
        let descriptor: Int32
        var stage: Stage
        var deadline: ContinuousClock.Instant?
    }

    private struct State {
        var entries: [UInt: Entry] = [:]
        var nextID: UInt = 1
        var expiredCount = 0
        /// The deadline watcher, parked while no connection has a deadline (`waitForDeadline()`).
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let headTimeout: Duration
    private let bodyTimeout: Duration
    private let idleTimeout: Duration
    private let clock = ContinuousClock()
    private let state = Locked(State())

    /// - Parameters: the deadlines of each stage; zero disables that stage's deadline.
    init(headTimeout: Duration, bodyTimeout: Duration, idleTimeout: Duration) {
        self.headTimeout = headTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
    }

    /// Registers a new connection reading its first head; returns its id (never 0).
    func opened(descriptor: Int32) -> UInt {
        let deadline = self.deadline(for: .head)
        let (id, waiter) = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.entries[id] = Entry(descriptor: descriptor, stage: .head, deadline: deadline)
            return (id, deadline == nil ? nil : Self.takeWaiter(&state))
        }
        waiter?.resume()
        return id
    }

    /// Moves connection `id` to `stage`, starting that stage's deadline now.
    func enter(_ stage: Stage, id: UInt) {
        let deadline = self.deadline(for: stage)
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.entries[id] != nil else { return nil }
            state.entries[id]?.stage = stage
            state.entries[id]?.deadline = deadline
            return deadline == nil ? nil : Self.takeWaiter(&state)
        }
        waiter?.resume()
    }

    /// Returns once some connection has a deadline (at once when one has), or the calling task is cancelled: the
    /// deadline watcher waits here, with no timer, while every connection is answering (a long event stream) or
    /// none is open.
    func waitForDeadline() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if Task.isCancelled || state.entries.values.contains(where: { $0.deadline != nil }) { return true }
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            state.withLock { Self.takeWaiter(&$0) }?.resume()
        }
    }

    /// Forgets connection `id` (libmicrohttpd is about to close it).
    func closed(id: UInt) {
        _ = state.withLock { $0.entries.removeValue(forKey: id) }
    }

    /// Connections being watched.
    var count: Int { state.withLock { $0.entries.count } }

    /// Connections shut down so far for a passed deadline.
    var expiredCount: Int { state.withLock { $0.expiredCount } }

    /// Shuts down every connection whose stage deadline has passed; returns how many per stage.
    func shutDownExpired() -> [Stage: Int] {
        let now = clock.now
        return state.withLock { state in
            var counts: [Stage: Int] = [:]
            for (id, entry) in state.entries {
                guard let deadline = entry.deadline, deadline <= now else { continue }
                _ = shutdown(entry.descriptor, Int32(SHUT_RDWR))
                counts[entry.stage, default: 0] += 1
                // Stays registered until libmicrohttpd reports the close; no second shutdown.
                state.entries[id]?.deadline = nil
                state.expiredCount += 1
            }
            return counts
        }
    }

    private static func takeWaiter(_ state: inout State) -> CheckedContinuation<Void, Never>? {
        defer { state.waiter = nil }
        return state.waiter
    }

    private func deadline(for stage: Stage) -> ContinuousClock.Instant? {
        let timeout: Duration
        switch stage {
        case .head: timeout = headTimeout
        case .body: timeout = bodyTimeout
        case .answering: return nil
        case .idle: timeout = headTimeout == .zero ? .zero : idleTimeout + headTimeout
        }
        return timeout == .zero ? nil : clock.now + timeout
    }
}
