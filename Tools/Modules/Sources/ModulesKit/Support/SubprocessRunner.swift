import Foundation

/// Runs child processes with Foundation's `Process`. A program name is looked up on `PATH` here, so a missing
/// program is a ``ProcessLaunchError`` rather than a child that exits 127.
///
/// Captured output goes through temporary files rather than pipes, so a child that writes a lot to both streams
/// never blocks on a full pipe. Standard input is the null device: no child ever waits for the terminal.
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
