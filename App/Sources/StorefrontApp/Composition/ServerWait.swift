import Foundation
import Networking
import Observation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Whether an API request has waited for the server's answer long enough to say so: the full-screen app's status
/// line shows "waiting for the server…" while one has waited `threshold` (2 s) or more, and so does a command's
/// progress line on a terminal (`ServerWaitLine`), so a server that accepts the connection and never answers is
/// visible at once, long before the request's deadline ends it as a timeout.
///
/// Every request through `ServerWait.Transport` is counted from when it is sent until its answer or failure; a timer
/// per request (on the injected clock) marks it slow at `threshold`. Observable: a view that reads `isWaiting` is
/// drawn again when it changes; `onChange` is told at once, before the answer reaches the request's caller.
@MainActor
@Observable
public final class ServerWait {
    /// How long a request may wait before the status says so: 2 s.
    public nonisolated static let threshold = Duration.seconds(2)

    /// Whether a request has waited `threshold` or more and is still waiting.
    public private(set) var isWaiting = false

    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private var timers: [Int: Task<Void, Never>] = [:]
    @ObservationIgnored private var slow: Set<Int> = []
    @ObservationIgnored private var nextID = 0
    /// Called with the new value whenever `isWaiting` changes (nil: nobody listens). It runs before the answer that
    /// ended the wait reaches its caller, so a progress line it draws is gone before the caller prints anything.
    @ObservationIgnored public var onChange: (@MainActor (Bool) -> Void)?

    /// Creates a tracker whose timers run on `clock` (`ContinuousClock()` in the app).
    public init(clock: any Clock<Duration>) {
        self.clock = clock
    }

    /// The number of requests waiting now.
    public var pendingCount: Int { timers.count }

    /// Counts a request from now; returns its id for `end(_:)`.
    func begin() -> Int {
        nextID += 1
        let id = nextID
        let clock = clock
        timers[id] = Task { [weak self] in
            do {
                try await clock.sleep(for: Self.threshold)
            } catch {
                return
            }
            self?.markSlow(id)
        }
        return id
    }

    /// The request `id` has its answer (or failed).
    func end(_ id: Int) {
        timers.removeValue(forKey: id)?.cancel()
        slow.remove(id)
        update()
    }

    private func markSlow(_ id: Int) {
        guard timers[id] != nil else { return }
        slow.insert(id)
        update()
    }

    private func update() {
        let waiting = !slow.isEmpty
        guard waiting != isWaiting else { return }
        isWaiting = waiting
        onChange?(waiting)
    }
}

extension ServerWait {
    /// An `HTTPTransport` that counts each request it sends in a `ServerWait` until the answer arrives.
    public struct Transport: HTTPTransport {
        private let base: any HTTPTransport
        private let wait: ServerWait

        /// Sends through `base`, counting every request in `wait`.
        public init(_ base: any HTTPTransport, counting wait: ServerWait) {
            self.base = base
            self.wait = wait
        }

        /// Waits for the wrapped transport's server to be ready, counted in `wait` like a request (a terminal shows
        /// "waiting for the server…" while the embedded server prepares its data).
        ///
        /// - Throws: what the wrapped transport throws.
        public func waitUntilReady() async throws {
            let wait = wait
            let id = await wait.begin()
            do {
                try await base.waitUntilReady()
                await wait.end(id)
            } catch {
                await wait.end(id)
                throw error
            }
        }

        /// Sends `request` through the wrapped transport.
        ///
        /// - Throws: what the wrapped transport throws.
        public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            let wait = wait
            let id = await wait.begin()
            do {
                let answer = try await base.send(request)
                await wait.end(id)
                return answer
            } catch {
                await wait.end(id)
                throw error
            }
        }
    }
}
