import Foundation

/// A `storefront` process that keeps running while the test goes on (such as `watch`): its output is collected as it
/// arrives, and the test waits, with a bound, for a line on standard error or for the process to end.
final class RunningStorefront: Sendable {
    /// The process did not do what was awaited within the bound; it has been terminated.
    struct TimedOut: Error, CustomStringConvertible {
        let waitingFor: String
        let standardError: String
        var description: String { "timed out waiting for \(waitingFor); stderr so far: \(standardError)" }
    }

    private let process: Process
    private let output = Collected()
    private let errors = Collected()
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `storefront ARGUMENTS` with the minimal environment of `StorefrontProcess`.
    init(_ arguments: [String]) throws {
        let (process, outPipe, errPipe) = try StorefrontProcess.prepare(arguments)
        self.process = process
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        for (pipe, sink) in [(outPipe, output), (errPipe, errors)] {
            let handle = pipe.fileHandleForReading
            DispatchQueue.global().async {
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    sink.append(chunk)
                }
                sink.close()
            }
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Waits until standard error contains `text`.
    ///
    /// - Throws: `TimedOut` (after terminating the process) when it does not within `bound`.
    func waitForStandardError(containing text: String, within bound: Duration) async throws {
        let errors = self.errors
        let found = try await offPool { errors.wait(until: bound) { $0.contains(text) } }
        guard found else {
            process.terminate()
            throw TimedOut(waitingFor: "'\(text)' on standard error", standardError: errors.text)
        }
    }

    /// Waits for the process to end and returns what it printed.
    ///
    /// - Throws: `TimedOut` (after terminating the process) when it does not end within `bound`.
    func waitForExit(within bound: Duration) async throws -> StorefrontProcess.Result {
        let (exited, output, errors) = (self.exited, self.output, self.errors)
        let seconds = Double(bound.components.seconds)
        let ended = try await offPool {
            guard exited.wait(timeout: .now() + seconds) == .success else { return false }
            // Both pipes reach their end once the process is gone.
            _ = output.wait(until: bound) { _ in false }
            _ = errors.wait(until: bound) { _ in false }
            return true
        }
        guard ended else {
            process.terminate()
            throw TimedOut(waitingFor: "the process to exit", standardError: errors.text)
        }
        return StorefrontProcess.Result(
            status: process.terminationStatus, standardOutput: output.text, standardError: errors.text)
    }

    /// Bytes of one pipe, appended by its reader thread and awaited by the test.
    private final class Collected: @unchecked Sendable {
        // Sound because `data` and `closed` are only read and written while `condition` is locked.
        private let condition = NSCondition()
        private var data = Data()
        private var closed = false

        func append(_ chunk: Data) {
            condition.withLock {
                data.append(chunk)
                condition.broadcast()
            }
        }

        func close() {
            condition.withLock {
                closed = true
                condition.broadcast()
            }
        }

        var text: String { condition.withLock { String(decoding: data, as: UTF8.self) } }

        /// Blocks until `satisfied` holds for the text so far (true), or the pipe closed or `bound` passed (false).
        func wait(until bound: Duration, _ satisfied: (String) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(Double(bound.components.seconds))
            return condition.withLock {
                while true {
                    if satisfied(String(decoding: data, as: UTF8.self)) { return true }
                    if closed { return false }
                    if !condition.wait(until: deadline) { return false }
                }
            }
        }
    }
}
