import CMicroHTTPD
import Foundation
import Logging
import Primitives

/// A libmicrohttpd object pointer that crosses threads.
///
/// Sound as `@unchecked Sendable`: the pointer is only handed to the libmicrohttpd functions documented as callable
/// from any thread (`MHD_resume_connection`, and `MHD_quiesce_daemon`/`MHD_stop_daemon` from the one task that
/// stops the server); nothing reads or writes through it in Swift.
struct MHDPointer: @unchecked Sendable {
    let raw: OpaquePointer
}

/// The state libmicrohttpd's callbacks and the `HTTPServer` share: the handler, the requests in progress and the
/// handler tasks, and the waiters of a stop.
///
/// A request counts as live from the first callback that sees it until libmicrohttpd reports it completed (after
/// its response was sent, or the connection ended). A stop waits until no request is live and no handler task
/// remains, because stopping the daemon while a connection is suspended is undefined behaviour, and stopping it
/// before a resumed connection sent its response loses that response.
final class ServerCore: Sendable {
    private struct State {
        var isStopping = false
        var liveRequests = 0
        var tasks: [UInt64: Task<Void, Never>] = [:]
        var nextTaskID: UInt64 = 0
        var drainWaiters: [CheckedContinuation<Void, Never>] = []

        var isDrained: Bool { isStopping && liveRequests == 0 && tasks.isEmpty }

        mutating func takeWaitersIfDrained() -> [CheckedContinuation<Void, Never>] {
            guard isDrained else { return [] }
            defer { drainWaiters = [] }
            return drainWaiters
        }
    }

    let configuration: HTTPServerConfiguration
    let logger: Logger
    let immediate: ImmediateHTTPHandler?
    let handler: HTTPHandler
    /// The head and body deadlines of every open connection.
    let watch: ConnectionWatch
    /// The request ids the server makes for answers it writes itself (`RequestID`).
    let requestIDs = RequestIDSource()
    /// Answers kept for requests that will get the same bytes (the fast lane); nil without one.
    let reuse: AnswerReuse?
    private let state = Locked(State())

    init(
        configuration: HTTPServerConfiguration, logger: Logger, immediate: ImmediateHTTPHandler?,
        reuse: AnswerReuse?, handler: @escaping HTTPHandler
    ) {
        self.configuration = configuration
        self.reuse = reuse
        self.logger = logger
        self.immediate = immediate
        self.handler = handler
        self.watch = ConnectionWatch(
            headTimeout: .seconds(configuration.headTimeoutSeconds),
            bodyTimeout: .seconds(configuration.bodyTimeoutSeconds),
            idleTimeout: .seconds(configuration.idleTimeoutSeconds))
    }

    /// Whether a stop has begun.
    var isStopping: Bool {
        state.withLock { $0.isStopping }
    }

    /// Requests started and not yet reported completed.
    var liveRequestCount: Int {
        state.withLock { $0.liveRequests }
    }

    /// Handler tasks still running.
    var runningHandlerCount: Int {
        state.withLock { $0.tasks.count }
    }

    /// Counts a request that libmicrohttpd started to deliver.
    func requestStarted() {
        state.withLock { $0.liveRequests += 1 }
    }

    /// Counts a request that libmicrohttpd reported completed.
    func requestCompleted() {
        let waiters = state.withLock { state in
            state.liveRequests -= 1
            return state.takeWaitersIfDrained()
        }
        for item in waiters {
            item.resume()
        }
    }

    /// Whether `launch` ran the work, and if not, why.
    enum Launch {
        case launched
        case stopping
        /// `maximumRequestsInProgress` handlers are running already.
        case overloaded
    }

    /// Runs `work` in a tracked task, unless a stop has begun or the handlers' queue is full.
    func launch(_ work: @escaping @Sendable () async -> Void) -> Launch {
        let limit = configuration.maximumRequestsInProgress
        return state.withLock { state in
            guard !state.isStopping else { return .stopping }
            guard state.tasks.count < limit else { return .overloaded }
            let id = state.nextTaskID
            state.nextTaskID += 1
            state.tasks[id] = Task { [self] in
                await work()
                taskFinished(id)
            }
            return .launched
        }
    }

    /// Marks the beginning of a stop: no handler task starts from now on.
    func beginStopping() {
        state.withLock { $0.isStopping = true }
    }

    /// Cancels every handler task still running.
    func cancelHandlers() {
        let tasks = state.withLock { Array($0.tasks.values) }
        for item in tasks {
            item.cancel()
        }
    }

    /// Returns once a stop has begun, no request is live and no handler task remains.
    func drained() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isDrained = state.withLock { state in
                if state.isDrained { return true }
                state.drainWaiters.append(continuation)
                return false
            }
            if isDrained {
                continuation.resume()
            }
        }
    }

    private func taskFinished(_ id: UInt64) {
        let waiters = state.withLock { state in
            state.tasks[id] = nil
            return state.takeWaitersIfDrained()
        }
        for item in waiters {
            item.resume()
        }
    }
}
