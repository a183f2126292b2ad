import Glibc

/// What a terminal sent back to `Terminal.query(_:timeout:until:)`.
public struct TerminalReply: Sendable, Equatable {
    /// Every byte read from the terminal's input while the query waited, in order (the answer, and anything the user
    /// typed in the meantime).
    public let bytes: [UInt8]
    /// Whether the caller's test said the answer was complete; false when the wait ended first (the timeout, the
    /// input closed, or `Terminal.maximumReplyBytes` read without a complete answer).
    public let isComplete: Bool

    /// Creates a reply.
    public init(bytes: [UInt8], isComplete: Bool) {
        self.bytes = bytes
        self.isComplete = isComplete
    }
}

extension Terminal {
    /// The most bytes a query reads before it gives up on an answer that never completes (a flood of input).
    public static let maximumReplyBytes = 4096

    /// Writes `request` (control sequences a terminal answers on its input, such as primary device attributes,
    /// `CSI c`, ECMA-48 8.3.24) to the output and reads the input until `isComplete` accepts what arrived or
    /// `timeout` has passed since the write.
    ///
    /// While it waits, the input is in raw mode (no echo, no line editing, bytes as they come; `ISIG` kept so Ctrl-C
    /// still interrupts), so the answer is neither shown nor held back until a newline. The settings are saved first
    /// and put back exactly on every way out: an answer, the timeout, a failed read or write, and a signal, through
    /// the same handlers as a full-screen session (`TerminalSession`): SIGINT, SIGTERM, SIGHUP, SIGQUIT and the crash
    /// signals restore the settings and then end the process as they would have; Ctrl-Z restores them before the
    /// process stops and SIGCONT puts raw mode back while the wait goes on. Nothing is written besides `request`.
    ///
    /// Blocks the calling thread for at most `timeout` (plus the time `isComplete` takes). A terminal that answers
    /// after the timeout has its late answer echoed like typed text: choose a timeout past a slow link's round trip.
    ///
    /// - Parameters:
    ///   - request: The bytes to send.
    ///   - timeout: The longest wait for a complete answer.
    ///   - isComplete: Called with all the bytes read so far after each read; true ends the wait.
    /// - Returns: What was read, and whether `isComplete` accepted it.
    /// - Throws: `TerminalError.notATerminal` unless input and output are both terminals;
    ///   `TerminalError.notInForeground` for a background job (it would be stopped by SIGTTOU, and the answer would
    ///   go to the foreground job);
    ///   `TerminalError.sessionAlreadyActive` while a full-screen session (or another query) holds the terminal;
    ///   `TerminalError.systemCallFailed` when the settings cannot be read or set, the notification pipe cannot be
    ///   made, or the request cannot be written.
    public func query(
        _ request: [UInt8], timeout: Duration, until isComplete: ([UInt8]) -> Bool
    ) throws(TerminalError) -> TerminalReply {
        guard isInteractive else { throw TerminalError.notATerminal }
        // Job control concerns only the process's controlling terminal; for another terminal tcgetpgrp fails.
        let foreground = tcgetpgrp(inputDescriptor)
        guard foreground < 0 || foreground == getpgrp() else { throw TerminalError.notInForeground }
        var saved = termios()
        guard tcgetattr(inputDescriptor, &saved) == 0 else {
            throw TerminalError.systemCallFailed(name: "tcgetattr", errno: errno)
        }
        var pipeDescriptors: [Int32] = [-1, -1]
        guard pipe(&pipeDescriptors) == 0 else { throw TerminalError.systemCallFailed(name: "pipe", errno: errno) }
        for descriptor in pipeDescriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        let context = SignalContext.make(
            input: inputDescriptor, output: outputDescriptor, notify: pipeDescriptors[1], saved: saved,
            raw: TerminalSession.rawSettings(from: saved), enter: "", leave: "")
        var rawFailure: Int32 = 0
        let published = withTerminalLock {
            guard publish(context) else { return false }
            installSignalHandlers(context)
            if tcsetattr(inputDescriptor, TCSANOW, &context.pointee.rawSettings) != 0 { rawFailure = errno }
            return true
        }
        guard published else {
            close(pipeDescriptors[0])
            close(pipeDescriptors[1])
            throw TerminalError.sessionAlreadyActive
        }
        defer {
            withTerminalLock {
                restoreTerminal(context)
                unpublishContext()
            }
            uninstallSignalHandlers(context)
            close(pipeDescriptors[0])
            close(pipeDescriptors[1])
        }
        if rawFailure != 0 { throw TerminalError.systemCallFailed(name: "tcsetattr", errno: rawFailure) }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        if let failure = Self.writeRequest(request, to: outputDescriptor) {
            throw TerminalError.systemCallFailed(name: "write", errno: failure)
        }
        return Self.readReply(
            input: inputDescriptor, notifications: pipeDescriptors[0], until: deadline, clock: clock,
            isComplete: isComplete)
    }

    // MARK: - Private

    /// Writes every byte; the `errno` of a failure other than an interruption, or nil.
    private static func writeRequest(_ request: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < request.count {
            let result = request[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result > 0 {
                written += result
            } else if result < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                return result < 0 ? errno : EIO
            }
        }
        return nil
    }

    /// Reads `input` until `isComplete` accepts the bytes, the deadline passes, the input ends or
    /// `maximumReplyBytes` arrived; bytes on the notification pipe (a resize, a resume) only wake the wait.
    private static func readReply(
        input: Int32, notifications: Int32, until deadline: ContinuousClock.Instant, clock: ContinuousClock,
        isComplete: ([UInt8]) -> Bool
    ) -> TerminalReply {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while bytes.count < maximumReplyBytes {
            let remaining = deadline - clock.now
            guard remaining > .zero else { break }
            // Rounded up, so a wait never ends a fraction of a millisecond early and spins.
            let milliseconds = Int32(
                clamping: remaining.components.seconds * 1000
                    + (remaining.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            var descriptors = [
                pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: notifications, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0 { continue }
            if descriptors[1].revents != 0 {
                while read(notifications, &buffer, buffer.count) > 0 {}
            }
            guard descriptors[0].revents != 0 else { continue }
            let count = read(input, &buffer, min(buffer.count, maximumReplyBytes - bytes.count))
            if count > 0 {
                bytes += buffer[0..<count]
                if isComplete(bytes) { return TerminalReply(bytes: bytes, isComplete: true) }
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                // The input ended or the terminal hung up: no answer will come.
                break
            }
        }
        return TerminalReply(bytes: bytes, isComplete: false)
    }
}
