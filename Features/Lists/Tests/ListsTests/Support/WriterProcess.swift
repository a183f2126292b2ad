import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The `lists-test-writer` executable running as a child process (file locks exclude other processes, so the
/// writers must really be separate processes), with its output as a sequence of lines.
final class WriterProcess: @unchecked Sendable {
    // Sound because `process` is configured before `run()` and afterwards only read (`processIdentifier`) or
    // signalled, which Foundation's Process allows from any thread; the streams are Sendable.
    private let process = Process()
    /// The lines the writer prints (`saved <item id>`, or an error), in order; finishes when it exits.
    let lines: AsyncStream<String>
    private let exitStatus: AsyncStream<Int32>
    private let input = Pipe()

    /// Starts the writer with `arguments` (`LIST_DIR COUNT DEVICE_ID` or `session LIST_DIR DEVICE_ID`).
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
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        let (exitStatus, exitContinuation) = AsyncStream.makeStream(of: Int32.self)
        lines = outputLines(of: output.fileHandleForReading)
        self.exitStatus = exitStatus
        process.terminationHandler = { process in
            exitContinuation.yield(process.terminationStatus)
            exitContinuation.finish()
        }
        try process.run()
    }

    /// Reads lines until `count` have arrived (all of them when nil) or the writer closes its output, waiting at
    /// most `seconds`; records an issue on a time-out and returns what arrived.
    func readLines(_ count: Int? = nil, within seconds: Int) async -> [String] {
        await bounded(seconds: seconds, what: "lists-test-writer: \(count.map(String.init) ?? "all") lines") {
            [lines] in
            var received: [String] = []
            for await line in lines {
                received.append(line)
                if let count, received.count >= count { break }
            }
            return received
        } ?? []
    }

    /// Writes `line` and a newline to the writer's standard input.
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Closes the writer's standard input (a session writer then exits).
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Kills the writer at once (`SIGKILL`: no cleanup, as a crash or the OOM killer would).
    func kill() {
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits at most `seconds` for the writer to exit and returns its status (the signal number when killed);
    /// kills it and records an issue when it takes longer.
    func exit(within seconds: Int) async -> Int32? {
        let status: Int32?? = await bounded(seconds: seconds, what: "lists-test-writer: exit") {
            [exitStatus] () -> Int32? in
            for await status in exitStatus { return status }
            return nil
        }
        guard let status else {
            kill()
            return nil
        }
        return status
    }
}
