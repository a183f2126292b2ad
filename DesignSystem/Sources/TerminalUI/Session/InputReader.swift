import Foundation
import Glibc

/// Reads the terminal on a thread of its own, so blocking reads never hold up the main actor.
///
/// The thread waits in `poll(2)` on the terminal and on the session's notification pipe (signal handlers and
/// `stop(writingTo:)` write to it). Bytes go through a `KeyDecoder` into key and mouse events; when a read leaves an incomplete sequence (a
/// lone ESC), the wait is bounded by the escape delay and the decoder is flushed when nothing follows.
final class InputReader: Sendable {
    private let input: Int32
    private let notifications: Int32
    private let escapeDelayMilliseconds: Int32
    private let onInput: @Sendable ([TerminalEvent]) -> Void
    private let onNotification: @Sendable (SignalNotification) -> Void
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - input: The terminal's input descriptor.
    ///   - notifications: The read end of the notification pipe.
    ///   - escapeDelay: How long a lone ESC waits for the rest of a sequence.
    ///   - onInput: Called on the reading thread with the key and mouse events of each read.
    init(
        input: Int32,
        notifications: Int32,
        escapeDelay: Duration,
        onInput: @escaping @Sendable ([TerminalEvent]) -> Void,
        onNotification: @escaping @Sendable (SignalNotification) -> Void
    ) {
        self.input = input
        self.notifications = notifications
        let milliseconds =
            escapeDelay.components.seconds * 1000 + escapeDelay.components.attoseconds / 1_000_000_000_000_000
        self.escapeDelayMilliseconds = Int32(clamping: max(milliseconds, 1))
        self.onInput = onInput
        self.onNotification = onNotification
    }

    /// Starts the reading thread.
    func start() {
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "TerminalUI input"
        thread.start()
    }

    /// Asks the thread to stop and waits until it has; it stops within one `poll` wake-up.
    func stop(writingTo pipe: Int32) {
        var byte = SignalNotification.stop.rawValue
        while write(pipe, &byte, 1) < 0 && errno == EINTR {}
        finished.wait()
    }

    // MARK: - Private

    private func run() {
        var decoder = KeyDecoder()
        var readsInput = true
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var descriptors = [
                pollfd(fd: notifications, events: Int16(POLLIN), revents: 0),
                pollfd(fd: readsInput ? input : -1, events: Int16(POLLIN), revents: 0),
            ]
            let timeout = decoder.hasPendingInput ? escapeDelayMilliseconds : -1
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if ready == 0 {
                deliver(decoder.flushEvents())
                continue
            }
            if descriptors[0].revents != 0 {
                let count = read(notifications, &buffer, buffer.count)
                for byte in buffer.prefix(max(count, 0)) {
                    guard let notification = SignalNotification(rawValue: byte) else { continue }
                    if notification == .stop { return }
                    onNotification(notification)
                }
            }
            if readsInput && descriptors[1].revents != 0 {
                let count = read(input, &buffer, buffer.count)
                if count > 0 {
                    deliver(decoder.decodeEvents(buffer[0..<count]))
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    // End of input or a hung-up terminal: nothing more will come, and polling it would spin.
                    deliver(decoder.flushEvents())
                    readsInput = false
                }
            }
        }
    }

    private func deliver(_ events: [TerminalEvent]) {
        if !events.isEmpty { onInput(events) }
    }
}
