import Foundation

/// Runs child processes with Foundation's `Process`. A program name is looked up on `PATH` here, so a missing
/// program is a ``ProcessLaunchError`` rather than a child that exits 127.
///
/// Captured output goes through temporary files rather than pipes, so a child that writes a lot to both streams
/// never blocks on a full pipe. Standard input is the null device: no child ever waits for the terminal. A child
/// with a ``ProcessInvocation/timeout`` that is still running then is killed with everything it started (see
/// `ProcessTree`).
public struct SubprocessRunner: ProcessRunning {
    private let temporaryDirectory: URL
    private let searchPath: String

    /// Creates a runner.
    /// - Parameters:
    ///   - temporaryDirectory: where captured output is buffered while a child runs.
    ///   - searchPath: the `PATH` value that program names are looked up on (default: this process's `PATH`).
    public init(temporaryDirectory: URL, searchPath: String? = nil) {
        self.temporaryDirectory = temporaryDirectory
        self.searchPath = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? ""
    }

    /// The executable file that `name` runs: itself when it holds a `/`, else the first executable file of that
    /// name on the search path.
    func resolve(_ name: String) -> URL? {
        if name.contains("/") { return URL(fileURLWithPath: name) }
        let manager = FileManager()
        for directory in searchPath.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                manager.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        return nil
    }

    /// Runs `invocation` to completion; see ``ProcessRunning/run(_:)``.
    public func run(_ invocation: ProcessInvocation) async throws -> ProcessResult {
        if let logFile = invocation.logFile {
            let handle = try FileAppending.handle(for: logFile)
            defer { try? handle.close() }
            let end = try await launch(invocation, output: handle, error: handle)
            return ProcessResult(status: end.status, terminatedBySignal: end.signalled, timedOut: end.timedOut)
        }
        let token = UUID().uuidString
        let outURL = temporaryDirectory.appendingPathComponent("modules-\(token).out")
        let errURL = temporaryDirectory.appendingPathComponent("modules-\(token).err")
        defer {
            try? FileManager().removeItem(at: outURL)
            try? FileManager().removeItem(at: errURL)
        }
        let outHandle = try FileAppending.handle(for: outURL)
        let errHandle = try FileAppending.handle(for: errURL)
        let end = try await launch(invocation, output: outHandle, error: errHandle)
        try? outHandle.close()
        try? errHandle.close()
        return ProcessResult(
            status: end.status,
            terminatedBySignal: end.signalled,
            timedOut: end.timedOut,
            standardOutput: (try? Data(contentsOf: outURL)) ?? Data(),
            standardError: (try? Data(contentsOf: errURL)) ?? Data()
        )
    }

    /// How a launched child ended.
    private struct End: Sendable {
        var status: Int32
        var signalled: Bool
        var timedOut: Bool
    }

    private func launch(_ invocation: ProcessInvocation, output: FileHandle, error: FileHandle) async throws -> End {
        guard let executable = resolve(invocation.executable) else {
            throw ProcessLaunchError(
                commandLine: invocation.commandLine,
                reason: "\(invocation.executable) not found on PATH (\(searchPath))")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = invocation.arguments
        if let directory = invocation.workingDirectory {
            process.currentDirectoryURL = directory
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        let watchdog = Watchdog()
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in
                let timedOut = watchdog.finish()
                continuation.resume(
                    returning: End(
                        status: finished.terminationStatus,
                        signalled: finished.terminationReason == .uncaughtSignal,
                        timedOut: timedOut)
                )
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(
                    throwing: ProcessLaunchError(commandLine: invocation.commandLine, reason: "\(error)")
                )
                return
            }
            if let timeout = invocation.timeout {
                watchdog.arm(pid: process.processIdentifier, after: timeout)
            }
        }
    }
}

/// Kills a child (and its descendants) that runs past its time, unless it has finished first.
///
/// The timer is a thread of its own waiting on a condition until the deadline, neither a task nor a Dispatch work
/// item: a test run that keeps every thread of Swift's cooperative pool and of Dispatch's global queues busy must not
/// delay the kill. Its state is behind the condition's lock: the timer and Foundation's termination handler race,
/// and the kill happens only while the child is known not to have ended, so a process id reused after the end is
/// never signalled.
private final class Watchdog: @unchecked Sendable {
    // Sound: `finished` and `fired` are only read or written while `condition` is locked.
    private let condition = NSCondition()
    private var finished = false
    private var fired = false

    /// Starts the timer for the child `pid`.
    func arm(pid: pid_t, after timeout: Duration) {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let deadline = Date(timeIntervalSinceNow: seconds)
        let thread = Thread { [self] in
            condition.lock()
            defer { condition.unlock() }
            while !finished, condition.wait(until: deadline) {}
            guard !finished else { return }
            fired = true
            ProcessTree.killAll(root: pid)
        }
        thread.name = "modules watchdog \(pid)"
        thread.start()
    }

    /// Records the child's end and stops the timer. Returns whether the watchdog had killed it.
    func finish() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        finished = true
        condition.broadcast()
        return fired
    }
}
