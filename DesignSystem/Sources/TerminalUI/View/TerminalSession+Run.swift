import Observation

extension TerminalSession {
    /// What `run(_:onUnhandled:)` does after an event the view left alone.
    public enum RunAction: Hashable, Sendable {
        /// Keep showing the view.
        case keepRunning
        /// Return from `run`.
        case stop
    }

    /// Shows a view until `onUnhandled` says to stop: draws it, passes it the keys, and draws it again after every
    /// key, resize and resume, and whenever observable state it read while rendering changes.
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
    ///   - onUnhandled: Called with every key the view returned `.ignored` for, and with every resize and resume,
    ///     before the view is drawn again; returns whether to go on. Global keys such as `q` belong here.
    @MainActor
    public func run(_ view: some TerminalView, onUnhandled: (TerminalEvent) -> RunAction) async {
        let (inputs, continuation) = AsyncStream<RunInput>.makeStream()
        let forwarding = Task {
            for await event in events { continuation.yield(.event(event)) }
            continuation.finish()
        }
        defer { forwarding.cancel() }
        drawTracking(view, continuation: continuation)
        for await input in inputs {
            var action = RunAction.keepRunning
            switch input {
            case .event(.key(let key)):
                if view.handle(key) == .ignored { action = onUnhandled(.key(key)) }
            case .event(let event):
                action = onUnhandled(event)
            case .changed:
                break
            }
            if action == .stop { return }
            drawTracking(view, continuation: continuation)
        }
    }

    // MARK: - Private

    private enum RunInput: Sendable {
        case event(TerminalEvent)
        case changed
    }

    @MainActor
    private func drawTracking(_ view: some TerminalView, continuation: AsyncStream<RunInput>.Continuation) {
        let size = self.size
        let lines = withObservationTracking {
            view.render(size: size)
        } onChange: {
            continuation.yield(.changed)
        }
        draw(lines)
    }
}
