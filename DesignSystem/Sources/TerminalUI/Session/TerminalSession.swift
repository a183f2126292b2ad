import Glibc
import Primitives

/// A full-screen session: the terminal in raw mode on the alternate screen, keys and resizes as events, and frames
/// drawn by a diffing renderer.
///
/// Starting a session saves the terminal settings, switches to raw mode (`cfmakeraw(3)`, keeping `ISIG` so Ctrl-C,
/// Ctrl-\ and Ctrl-Z still raise their signals, and output post-processing so a stray `"\n"` starts a new line),
/// enters the alternate screen, hides the cursor, turns on bracketed paste and, when the configuration asks, mouse
/// reporting (`MouseReporting`). The terminal is put back exactly as it was on every way out (mouse reporting off
/// included):
/// - `end()`, which `Terminal.withSession(configuration:isolation:_:)` calls on return and on a thrown error;
/// - `exit(3)` (an `atexit` hook);
/// - SIGINT, SIGTERM, SIGHUP and SIGQUIT: the handler restores the terminal and raises the signal again with its
///   default action, so the process ends as it would have (a shell sees "killed by SIGINT");
/// - the crash signals (SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP): the handler restores the terminal and
///   hands the signal to the previous handler, so the Swift runtime's crash report prints on the normal screen;
/// - Ctrl-Z (SIGTSTP): the terminal is restored before the process stops; on SIGCONT the session takes the
///   terminal over again (mouse reporting on again too), repaints the last frame and sends `.resume`.
///
/// Keys and mouse reports are read on a thread of the session's own and arrive, with resizes (SIGWINCH), on
/// `events`; `draw(_:)` may be called from any thread or actor. One session at a time per process.
public final class TerminalSession: Sendable {
    /// What the session reports, in order: keys, mouse reports (only with `Configuration.mouse` on), resizes and
    /// resumes, in batches (the input of one read from the terminal arrives together, so a consumer can handle a
    /// burst before drawing once). One consumer; the stream finishes at `end()`.
    public let events: AsyncStream<[TerminalEvent]>
    /// The colour capability frames are drawn for.
    public let colorCapability: ColorCapability

    private let terminal: Terminal
    private let context: ContextAddress
    private let notifyRead: Int32
    private let notifyWrite: Int32
    private let continuation: AsyncStream<[TerminalEvent]>.Continuation
    private let reader: InputReader
    private let state: Locked<State>

    private struct State {
        var isActive = true
        var size: TerminalSize
        var renderer: FrameRenderer
        var lastFrame: [StyledLine] = []
    }

    /// Starts a session on `terminal` (see the type's documentation for what changes).
    ///
    /// - Throws: `TerminalError.notATerminal` when input or output is not a terminal;
    ///   `TerminalError.sessionAlreadyActive` when this process has a session already;
    ///   `TerminalError.systemCallFailed` when the settings cannot be read or the notification pipe made.
    public init(terminal: Terminal, configuration: Configuration = Configuration()) throws {
        guard terminal.isInteractive else { throw TerminalError.notATerminal }
        var saved = termios()
        guard tcgetattr(terminal.inputDescriptor, &saved) == 0 else {
            throw TerminalError.systemCallFailed(name: "tcgetattr", errno: errno)
        }
        var pipeDescriptors: [Int32] = [-1, -1]
        guard pipe(&pipeDescriptors) == 0 else {
            throw TerminalError.systemCallFailed(name: "pipe", errno: errno)
        }
        for descriptor in pipeDescriptors {
            // Non-blocking, so a signal handler never waits on a full pipe; close-on-exec, so children don't keep it.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        let context = SignalContext.make(
            input: terminal.inputDescriptor,
            output: terminal.outputDescriptor,
            notify: pipeDescriptors[1],
            saved: saved,
            raw: TerminalSession.rawSettings(from: saved),
            enter: ControlSequence.enterSession(mouse: configuration.mouse),
            leave: ControlSequence.leaveSession(mouse: configuration.mouse)
        )
        // Text the process buffered through stdio (`print`) goes out now, not in the middle of a frame.
        fflush(nil)
        let published = withTerminalLock {
            guard publish(context) else { return false }
            installSignalHandlers(context)
            enterTerminal(context)
            return true
        }
        guard published else {
            close(pipeDescriptors[0])
            close(pipeDescriptors[1])
            throw TerminalError.sessionAlreadyActive
        }
        let capability = configuration.colorCapability ?? terminal.colorCapability
        let (events, continuation) = AsyncStream<[TerminalEvent]>.makeStream()
        let state = Locked(
            State(
                size: terminal.size(), renderer: FrameRenderer(capability: capability, palette: configuration.palette)))
        self.terminal = terminal
        self.context = ContextAddress(pointer: context)
        self.notifyRead = pipeDescriptors[0]
        self.notifyWrite = pipeDescriptors[1]
        self.colorCapability = capability
        self.events = events
        self.continuation = continuation
        self.state = state
        let reportsMouse = configuration.mouse != .off
        self.reader = InputReader(
            input: terminal.inputDescriptor,
            notifications: pipeDescriptors[0],
            escapeDelay: configuration.escapeDelay,
            onInput: { input in
                // Reports the session did not ask for (a program before it left reporting on) are dropped.
                let events = reportsMouse ? input : input.filter { if case .mouse = $0 { false } else { true } }
                if !events.isEmpty { continuation.yield(events) }
            },
            onNotification: { notification in
                let size = terminal.size()
                let wasActive = state.withLock { state in
                    guard state.isActive else { return false }
                    state.size = size
                    state.renderer.invalidate()
                    TerminalSession.write(state.renderer.render(state.lastFrame, size: size), to: terminal)
                    return true
                }
                guard wasActive else { return }
                continuation.yield([notification == .resumed ? .resume(size) : .resize(size)])
            }
        )
        reader.start()
    }

    deinit {
        end()
    }

    /// The screen size the session draws for, as of the last resize.
    public var size: TerminalSize {
        state.withLock { $0.size }
    }

    /// Draws a frame: `lines` from the top row down, fitted to the current size, writing only the rows that
    /// changed (see `FrameRenderer`). Does nothing after `end()`.
    public func draw(_ lines: [StyledLine]) {
        state.withLock { state in
            guard state.isActive else { return }
            state.lastFrame = lines
            TerminalSession.write(state.renderer.render(lines, size: state.size), to: terminal)
        }
    }

    /// Ends the session: stops reading, restores the terminal settings, leaves the alternate screen, shows the
    /// cursor, puts back the signal dispositions and finishes `events`. Safe to call more than once.
    public func end() {
        let wasActive = state.withLock { state in
            defer { state.isActive = false }
            return state.isActive
        }
        guard wasActive else { return }
        reader.stop(writingTo: notifyWrite)
        withTerminalLock {
            restoreTerminal(context.pointer)
            unpublishContext()
        }
        uninstallSignalHandlers(context.pointer)
        close(notifyRead)
        close(notifyWrite)
        continuation.finish()
    }

    // MARK: - Private

    /// The session's terminal mode: raw input (no echo, no line editing, bytes as they come, `VMIN` 1, `VTIME` 0)
    /// with signals and output post-processing kept.
    static func rawSettings(from saved: termios) -> termios {
        var raw = saved
        cfmakeraw(&raw)
        raw.c_lflag |= tcflag_t(ISIG)
        raw.c_oflag |= tcflag_t(OPOST | ONLCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        return raw
    }

    private static func write(_ text: String, to terminal: Terminal) {
        guard !text.isEmpty else { return }
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            writeAll(terminal.outputDescriptor, base, buffer.count)
        }
    }
}

extension TerminalSession {
    /// How a session behaves.
    public struct Configuration: Sendable {
        /// How long a lone ESC byte waits for the rest of an escape sequence before it counts as the Escape key.
        /// Sequences from a local terminal arrive within a millisecond; over a slow link more may be needed.
        public var escapeDelay: Duration
        /// The capability to draw with, or `nil` to use the terminal's (`Terminal.colorCapability`).
        public var colorCapability: ColorCapability?
        /// The colours drawn for named colours: the theme's palette (`ColorTheme.palette` in DesignSystem).
        public var palette: ColorPalette
        /// The mouse reports to ask the terminal for; `.off` (the default) asks for none and drops any that come.
        public var mouse: MouseReporting

        /// Creates a configuration; by default a 50 ms escape delay, the terminal's own capability, no theme and no
        /// mouse reporting.
        public init(
            escapeDelay: Duration = .milliseconds(50), colorCapability: ColorCapability? = nil,
            palette: ColorPalette = .empty, mouse: MouseReporting = .off
        ) {
            self.escapeDelay = escapeDelay
            self.colorCapability = colorCapability
            self.palette = palette
            self.mouse = mouse
        }
    }
}

extension Terminal {
    /// Runs `body` in a full-screen session and ends the session when `body` returns or throws.
    ///
    /// - Throws: What `TerminalSession.init(terminal:configuration:)` throws, and what `body` throws.
    public func withSession<Result>(
        configuration: TerminalSession.Configuration = TerminalSession.Configuration(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (TerminalSession) async throws -> Result
    ) async throws -> Result {
        let session = try TerminalSession(terminal: self, configuration: configuration)
        defer { session.end() }
        return try await body(session)
    }
}

/// The address of a session's signal context.
///
/// `@unchecked Sendable`: the context is written once before it is published and never again (see
/// `SignalContext.swift`), so sharing its address between threads shares only immutable memory.
private struct ContextAddress: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<SignalContext>
}
