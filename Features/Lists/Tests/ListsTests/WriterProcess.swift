import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The `lists-test-writer` executable running as a child process (file locks exclude other processes, so the
/// writers must really be separate processes).
final class WriterProcess: @unchecked Sendable {
    // Sound because `process` is configured before `run()` and afterwards only read (`processIdentifier`,
    // `terminationStatus` after the exit was reported) or signalled, which Foundation's Process allows from any
    // thread; the streams are Sendable.
    private let process = Process()
    private let output = Pipe()
    private let exitStatus: AsyncStream<Int32>

    /// Starts the writer with `arguments` (LIST_DIR COUNT DEVICE_ID).
    init(_ arguments: [String]) throws {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
        ].map { $0.appendingPathComponent("lists-test-writer") }
        let executable = try #require(
            candidates.first { FileManager().isExecutableFile(atPath: $0.path) },
            "lists-test-writer is built beside the tests (the test target depends on it)")
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = output
        let (exitStatus, continuation) = AsyncStream.makeStream(of: Int32.self)
        self.exitStatus = exitStatus
        process.terminationHandler = { process in
            continuation.yield(process.terminationStatus)
            continuation.finish()
        }
        try process.run()
    }

    /// Waits at most `seconds` for the writer to exit and returns its status and everything it printed; kills it
    /// and records an issue when it takes longer.
    func finish(within seconds: Int) async -> (status: Int32, output: String) {
        let status = await withTaskGroup(of: Int32?.self) { group in
            group.addTask { [exitStatus] in
                for await status in exitStatus { return status }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let status else {
            _ = kill(process.processIdentifier, SIGKILL)
            Issue.record("lists-test-writer did not exit within \(seconds) s")
            return (-1, "")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        return (status, String(decoding: data, as: UTF8.self))
    }
}
