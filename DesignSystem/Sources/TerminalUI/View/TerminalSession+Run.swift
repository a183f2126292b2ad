import Observation
import Primitives

extension TerminalSession {
    /// What `run(_:onUnhandled:)` does after an event the view left alone.
    public enum RunAction: Hashable, Sendable {
        /// Keep showing the view.
        case keepRunning
        /// Return from `run`.
        case stop
    }

    /// Shows a view until `onUnhandled` says to stop: draws it, passes it the keys and mouse reports, and draws it
    /// again after them, after resizes and resumes, and whenever observable state it read while rendering changes.
    ///
    /// Input that queued up while the view was busy is handled as one batch before the next frame: a burst of
    /// 10,000 keys (a paste into a terminal without bracketed paste, `tmux send-keys -l`) is handled key by key,
    /// but drawn a few times, not 10,000 times. Each frame costs time in proportion to the screen, so drawing
    /// once per key would make a burst cost its length times the screen.
    ///
    /// Rendering runs inside `withObservationTracking`, so a view that renders `@Observable` view models is drawn
    /// again when a model changes for any reason (a request finishing, a timer), not only after keys. The change
    /// notification arrives before the change is stored (`willSet`), so the redraw is queued and happens on the
    /// main actor after it. Frames are diffed, so extra redraws cost little.
    ///
    /// This consumes `events`; call it once per session.
    ///
    /// - Parameters:
    ///   - view: The root view, rendered at the session's full size.
    ///   - onUnhandled: Called with every key and mouse report the view returned `.ignored` for, and with every
    ///     resize and resume, before the view is drawn again; returns whether to go on. Global keys such as `q`
    ///     belong here.
    @MainActor
    public func run(_ view: some TerminalView, onUnhandled: (TerminalEvent) -> RunAction) async {
        let queue = RunQueue()
        let forwarding = Task {
            for await batch in events { queue.push(batch) }
            queue.finish()
        }
        defer { forwarding.cancel() }
        drawTracking(view, queue: queue)
        for await _ in queue.wakeUps {
            let batch = queue.take()
            for event in batch.events {
                var action = RunAction.keepRunning
                switch event {
                case .key(let key):
                    if view.handle(key) == .ignored { action = onUnhandled(.key(key)) }
                case .mouse(let mouse):
                    if view.handleMouse(mouse) == .ignored { action = onUnhandled(.mouse(mouse)) }
                default:
                    action = onUnhandled(event)
                }
                if action == .stop { return }
            }
            guard !batch.events.isEmpty || batch.changed else { continue }
            drawTracking(view, queue: queue)
        }
    }

    // MARK: - Private

    @MainActor
    private func drawTracking(_ view: some TerminalView, queue: RunQueue) {
        let size = self.size
        let lines = withObservationTracking {
            view.render(size: size)
        } onChange: {
            queue.markChanged()
        }
        draw(lines)
    }
}

/// The input of `TerminalSession.run(_:onUnhandled:)`: events and observed changes gather here, and the run loop
/// is woken once for everything that gathered while it was busy.
final class RunQueue: Sendable {
    /// What gathered since the last `take()`.
    struct Batch {
        /// Events, in the order they arrived.
        var events: [TerminalEvent] = []
        /// Whether observed state changed.
        var changed = false
    }

    /// One element per wake-up; finishes after `finish()`.
    let wakeUps: AsyncStream<Void>

    private let continuation: AsyncStream<Void>.Continuation
    private let state = Locked(State())

    private struct State {
        var batch = Batch()
        var wakeUpPending = false
    }

    init() {
        (wakeUps, continuation) = AsyncStream<Void>.makeStream()
    }

    /// Adds events; wakes the loop unless a wake-up is pending already.
    func push(_ events: [TerminalEvent]) {
        let wake = state.withLock { state in
            state.batch.events += events
            return Self.claimWakeUp(&state)
        }
        if wake { continuation.yield() }
    }

    /// Notes that observed state changed.
    func markChanged() {
        let wake = state.withLock { state in
            state.batch.changed = true
            return Self.claimWakeUp(&state)
        }
        if wake { continuation.yield() }
    }

    /// Everything gathered so far; the next push wakes the loop again.
    func take() -> Batch {
        state.withLock { state in
            defer {
                state.batch = Batch()
                state.wakeUpPending = false
            }
            return state.batch
        }
    }

    /// No more events will come.
    func finish() {
        continuation.finish()
    }

    private static func claimWakeUp(_ state: inout State) -> Bool {
        guard !state.wakeUpPending else { return false }
        state.wakeUpPending = true
        return true
    }
}
