import Foundation

/// Runs child processes with Foundation's `Process`.
///
/// Captured output goes through temporary files rather than pipes, so a child that writes a lot to both streams
/// never blocks on a full pipe. Standard input is the null device: no child ever waits for the terminal.
public struct SubprocessRunner: ProcessRunning {
    private let temporaryDirectory: URL

    /// Creates a runner.
    /// - Parameter temporaryDirectory: where captured output is buffered while a child runs.
    public init(temporaryDirectory: URL) {
        self.temporaryDirectory = temporaryDirectory
    }

    /// Runs `invocation` to completion; see ``ProcessRunning/run(_:)``.
    public func run(_ invocation: ProcessInvocation) async throws -> ProcessResult {
        if let logFile = invocation.logFile {
            let handle = try FileAppending.handle(for: logFile)
            defer { try? handle.close() }
            let (status, signalled) = try await launch(invocation, output: handle, error: handle)
            return ProcessResult(status: status, terminatedBySignal: signalled)
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
        let (status, signalled) = try await launch(invocation, output: outHandle, error: errHandle)
        try? outHandle.close()
        try? errHandle.close()
        return ProcessResult(
            status: status,
            terminatedBySignal: signalled,
            standardOutput: (try? Data(contentsOf: outURL)) ?? Data(),
            standardError: (try? Data(contentsOf: errURL)) ?? Data()
        )
    }

    private func launch(_ invocation: ProcessInvocation, output: FileHandle, error: FileHandle) async throws -> (
        Int32, Bool
    ) {
        let process = Process()
        if invocation.executable.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: invocation.executable)
            process.arguments = invocation.arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [invocation.executable] + invocation.arguments
        }
        if let directory = invocation.workingDirectory {
            process.currentDirectoryURL = directory
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in
                continuation.resume(
                    returning: (finished.terminationStatus, finished.terminationReason == .uncaughtSignal)
                )
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(
                    throwing: ProcessLaunchError(commandLine: invocation.commandLine, reason: "\(error)")
                )
            }
        }
    }
}
