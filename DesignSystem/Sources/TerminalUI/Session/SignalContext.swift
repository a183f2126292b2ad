import Glibc
import Synchronization

// MARK: - Process-wide state for signal handlers
//
// Signal handlers are process-wide and receive only a signal number, so the active session's terminal settings
// have to be reachable from a global. The state is kept to two atomics and one block of manually allocated memory,
// and its soundness rests on these rules:
//
// 1. `publishedContext` holds the address of the active session's `SignalContext` (0 when none). A context is
//    fully written before it is published (the store is `.releasing`, every load `.acquiring`) and is never
//    written again, so a handler that loads a non-zero address reads a complete, unchanging block.
// 2. A context is never freed: a handler on another thread may hold its address after the session has ended. Each
//    session leaks one context (a few hundred bytes); a process has few sessions.
// 3. Everything that changes the terminal (start, end, and the handlers for Ctrl-Z, resume and termination) runs
//    while holding `terminalLock`, a spin lock. Normal code takes it only with every handled signal blocked on its
//    own thread (`withTerminalLock`), and each handler runs with the others blocked (its `sa_mask`), so a thread
//    never spins on a lock it holds itself, and a holder never waits for anything but the terminal writes in the
//    critical section. Under the lock, "restore the settings, then unpublish" happens as one step, so a handler
//    either sees the session and restores (again, harmlessly), or sees none because the terminal is already back.
// 4. Handlers use only async-signal-safe calls (POSIX.1-2017, 2.4.3): `tcsetattr`, `write`, `sigaction`,
//    `raise`, and atomic loads and stores. They touch no Swift reference, so they neither allocate nor retain, and
//    they preserve `errno`.
// 5. Memory reached through `UnsafeMutablePointer` is not subject to Swift's dynamic exclusivity checks, which
//    could otherwise trap when a handler interrupts code that is writing the same global.

/// Address of the active session's context, or 0.
private let publishedContext = Atomic<Int>(0)

/// Spin lock over changes to the terminal settings (rule 3).
private let terminalLock = Atomic<Bool>(false)

/// Whether the `atexit` hook is registered (once per process).
private let exitHookRegistered = Atomic<Bool>(false)

/// The signals a session handles: the ones that end the process (the terminal is restored, then the default
/// action ends the process), crashes (the terminal is restored, then the previous handler, such as the Swift
/// runtime's crash reporter, runs), job control (Ctrl-Z and resume), and window size changes.
let sessionSignals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGTSTP, SIGCONT, SIGWINCH,
]

/// Bytes a handler writes to the session's notification pipe.
enum SignalNotification: UInt8 {
    /// SIGWINCH: the window size changed.
    case resized = 0x57  // "W"
    /// SIGCONT: the process was resumed and the terminal taken over again.
    case resumed = 0x43  // "C"
    /// Not a signal: the session is ending and its reader should stop.
    case stop = 0x53  // "S"
}

/// What a signal handler needs to restore and re-enter the terminal, in memory that never moves or changes.
struct SignalContext {
    var inputDescriptor: Int32
    var outputDescriptor: Int32
    var notifyDescriptor: Int32
    var savedSettings: termios
    var rawSettings: termios
    var enterBytes: UnsafeMutablePointer<UInt8>
    var enterCount: Int
    var leaveBytes: UnsafeMutablePointer<UInt8>
    var leaveCount: Int
    var signals: UnsafeMutablePointer<Int32>
    var previousActions: UnsafeMutablePointer<sigaction>
    var signalCount: Int

    /// Allocates a context that lives for the rest of the process (rule 2). `enter` is written after the raw
    /// settings are applied and `leave` after the saved ones are put back (a session's alternate screen; nothing
    /// for a terminal query).
    static func make(
        input: Int32,
        output: Int32,
        notify: Int32,
        saved: termios,
        raw: termios,
        enter: String,
        leave: String
    ) -> UnsafeMutablePointer<SignalContext> {
        func copy(_ text: String) -> (UnsafeMutablePointer<UInt8>, Int) {
            let bytes = Array(text.utf8)
            let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
            pointer.initialize(from: bytes, count: bytes.count)
            return (pointer, bytes.count)
        }
        let enterBytes = copy(enter)
        let leaveBytes = copy(leave)
        let signals = UnsafeMutablePointer<Int32>.allocate(capacity: sessionSignals.count)
        signals.initialize(from: sessionSignals, count: sessionSignals.count)
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: sessionSignals.count)
        actions.initialize(repeating: sigaction(), count: sessionSignals.count)
        let context = UnsafeMutablePointer<SignalContext>.allocate(capacity: 1)
        context.initialize(
            to: SignalContext(
                inputDescriptor: input,
                outputDescriptor: output,
                notifyDescriptor: notify,
                savedSettings: saved,
                rawSettings: raw,
                enterBytes: enterBytes.0,
                enterCount: enterBytes.1,
                leaveBytes: leaveBytes.0,
                leaveCount: leaveBytes.1,
                signals: signals,
                previousActions: actions,
                signalCount: sessionSignals.count
            )
        )
        return context
    }
}

// MARK: - Normal code (session start and end)

/// Runs `body` holding the terminal lock, with the session's signals blocked on this thread (rule 3).
func withTerminalLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    var blocked = sigset_t()
    var previousMask = sigset_t()
    sigemptyset(&blocked)
    for signal in sessionSignals { sigaddset(&blocked, signal) }
    pthread_sigmask(SIG_BLOCK, &blocked, &previousMask)
    acquireTerminalLock()
    defer {
        releaseTerminalLock()
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }
    return try body()
}

/// Publishes a context; `false` when another session's context is published. Call holding the terminal lock.
func publish(_ context: UnsafeMutablePointer<SignalContext>) -> Bool {
    publishedContext.compareExchange(expected: 0, desired: Int(bitPattern: context), ordering: .acquiringAndReleasing)
        .exchanged
}

/// Unpublishes the active context. Call holding the terminal lock.
func unpublishContext() {
    publishedContext.store(0, ordering: .releasing)
}

/// Installs the handlers, recording the previous dispositions in the context. A termination signal whose previous
/// disposition is "ignore" (as `nohup` leaves SIGHUP) stays ignored.
func installSignalHandlers(_ context: UnsafeMutablePointer<SignalContext>) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handleSessionSignal
    sigemptyset(&action.sa_mask)
    for signal in sessionSignals { sigaddset(&action.sa_mask, signal) }
    action.sa_flags = Int32(SA_RESTART)
    for index in 0..<context.pointee.signalCount {
        let signal = context.pointee.signals[index]
        let previous = context.pointee.previousActions.advanced(by: index)
        sigaction(signal, nil, previous)
        if isIgnored(previous.pointee), signal != SIGWINCH, signal != SIGCONT { continue }
        sigaction(signal, &action, nil)
    }
    if !exitHookRegistered.exchange(true, ordering: .acquiringAndReleasing) {
        atexit(restoreAtExit)
    }
}

/// Puts back the dispositions `installSignalHandlers(_:)` replaced.
func uninstallSignalHandlers(_ context: UnsafeMutablePointer<SignalContext>) {
    for index in 0..<context.pointee.signalCount {
        sigaction(context.pointee.signals[index], context.pointee.previousActions.advanced(by: index), nil)
    }
}

/// Writes the context's saved settings and leave sequence: the terminal as it was before the session.
func restoreTerminal(_ context: UnsafeMutablePointer<SignalContext>) {
    _ = tcsetattr(context.pointee.inputDescriptor, TCSANOW, &context.pointee.savedSettings)
    writeAll(context.pointee.outputDescriptor, context.pointee.leaveBytes, context.pointee.leaveCount)
}

/// Writes the context's raw settings and enter sequence: the session's full-screen mode.
func enterTerminal(_ context: UnsafeMutablePointer<SignalContext>) {
    _ = tcsetattr(context.pointee.inputDescriptor, TCSANOW, &context.pointee.rawSettings)
    writeAll(context.pointee.outputDescriptor, context.pointee.enterBytes, context.pointee.enterCount)
}

// MARK: - Handlers (async-signal-safe, rule 4)

private func acquireTerminalLock() {
    while !terminalLock.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
        sched_yield()
    }
}

private func releaseTerminalLock() {
    terminalLock.store(false, ordering: .releasing)
}

private func activeContext() -> UnsafeMutablePointer<SignalContext>? {
    UnsafeMutablePointer<SignalContext>(bitPattern: publishedContext.load(ordering: .acquiring))
}

/// Writes all `count` bytes, retrying after partial writes and interruptions; gives up on any other error (a
/// terminal that went away). Async-signal-safe.
func writeAll(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) {
    var written = 0
    while written < count {
        let result = write(descriptor, bytes + written, count - written)
        if result > 0 {
            written += result
        } else if result < 0 && errno == EINTR {
            continue
        } else {
            return
        }
    }
}

private func notify(_ context: UnsafeMutablePointer<SignalContext>, _ notification: SignalNotification) {
    var byte = notification.rawValue
    _ = write(context.pointee.notifyDescriptor, &byte, 1)
}

private func isIgnored(_ action: sigaction) -> Bool {
    guard let handler = action.__sigaction_handler.sa_handler else { return false }
    return unsafeBitCast(handler, to: Int.self) == 1  // SIG_IGN is the handler address 1 (<signal.h>).
}

private func handleSessionSignal(_ signal: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    acquireTerminalLock()
    guard let context = activeContext() else {
        releaseTerminalLock()
        if signal != SIGWINCH && signal != SIGCONT {
            Glibc.signal(signal, SIG_DFL)
            raise(signal)
        }
        return
    }
    switch signal {
    case SIGWINCH:
        // Notifying under the lock: the session closes the pipe only after unpublishing under it.
        notify(context, .resized)
        releaseTerminalLock()
    case SIGCONT:
        enterTerminal(context)
        notify(context, .resumed)
        releaseTerminalLock()
    case SIGTSTP:
        restoreTerminal(context)
        releaseTerminalLock()
        // SIGSTOP rather than SIGTSTP's default action: the kernel discards a terminal stop signal for an
        // orphaned process group, and SIGSTOP stops in every case. SIGCONT re-enters the terminal.
        raise(SIGSTOP)
    case SIGINT, SIGTERM, SIGHUP, SIGQUIT:
        // The default action, not the previous handler: a handler that returns (the Swift runtime's crash
        // reporter only prints on SIGQUIT) would leave the process running with the terminal given back.
        restoreTerminal(context)
        Glibc.signal(signal, SIG_DFL)
        releaseTerminalLock()
        raise(signal)
    default:
        // A crash: the previous handler (the Swift runtime's crash reporter) runs next, on the normal screen.
        restoreTerminal(context)
        for index in 0..<context.pointee.signalCount where context.pointee.signals[index] == signal {
            sigaction(signal, context.pointee.previousActions.advanced(by: index), nil)
        }
        releaseTerminalLock()
        raise(signal)
    }
}

private func restoreAtExit() {
    withTerminalLock {
        guard let context = activeContext() else { return }
        restoreTerminal(context)
        unpublishContext()
    }
}
