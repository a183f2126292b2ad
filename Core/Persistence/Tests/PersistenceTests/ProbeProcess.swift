import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `persistence-probe` executable running as a child process, with its standard output as a sequence of lines.
final class ProbeProcess: @unchecked Sendable {
    // Sound because `process` is configured before `run()` and afterwards only read (`processIdentifier`), which
    // Foundation's Process allows from any thread; the rest is immutable or Sendable.
    private let process = Process()
    /// The lines the probe writes, in order; finishes when it closes its output (exits or is killed).
    let lines: AsyncStream<String>
    private let exitStatus: AsyncStream<Int32>

    /// Starts the probe with `arguments`.
    init(_ arguments: [String]) throws {
        guard let resources = Bundle.module.resourceURL else { throw FixtureMissing(name: "build products") }
        let executable = resources.deletingLastPathComponent().appending(path: "persistence-probe")
        guard FileManager().isExecutableFile(atPath: executable.path(percentEncoded: false)) else {
            // `swift test` and `swift build --build-tests` build every target of the package, the probe included.
            throw FixtureMissing(name: "persistence-probe at \(executable.path(percentEncoded: false))")
        }
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let (exitStatus, exitContinuation) = AsyncStream.makeStream(of: Int32.self)
        lines = outputLines(of: output.fileHandleForReading)
        self.exitStatus = exitStatus
        process.terminationHandler = { process in
            exitContinuation.yield(process.terminationStatus)
            exitContinuation.finish()
        }
        try process.run()
    }

    /// Kills the probe at once (`SIGKILL`: no cleanup, no flush, as a crash or the OOM killer would).
    func kill() {
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the probe to end; returns its exit status (the signal number when killed).
    func exit() async -> Int32 {
        for await status in exitStatus {
            return status
        }
        return process.terminationStatus
    }

    /// The probe's first line, waited for at most `timeout`; nil when it ended without writing one.
    ///
    /// - Throws: `TaskTimeout` when no line came within `timeout`.
    func firstLine(within timeout: Duration = .seconds(30)) async throws -> String? {
        let lines = self.lines
        return try await boundedValue(
            of: Task { await lines.first { _ in true } }, "the probe's first line", within: timeout)
    }

    /// Runs the probe to its end and returns every line it wrote.
    static func run(_ arguments: [String]) async throws -> [String] {
        let probe = try ProbeProcess(arguments)
        var lines: [String] = []
        for await line in probe.lines {
            lines.append(line)
        }
        _ = await probe.exit()
        return lines
    }
}
