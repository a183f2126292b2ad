import FeatureKit
import Foundation
import TestSupport

/// Runs the built `storefront` binary as a user or a script would: its own temporary `--data-dir`, no terminal, a
/// minimal environment.
struct StorefrontProcess: Sendable {
    /// What one run printed and how it ended.
    struct Result: Sendable, CustomStringConvertible {
        let status: Int32
        let standardOutput: String
        let standardError: String

        /// Standard output parsed as one JSON value.
        func json() throws -> Any {
            try JSONSerialization.jsonObject(with: Data(standardOutput.utf8))
        }

        var description: String { "exit \(status)\nstdout: \(standardOutput)\nstderr: \(standardError)" }
    }

    /// The data directory every run of this value uses.
    let dataDirectory: TemporaryDirectory

    /// A process runner with a new, empty data directory.
    init() throws {
        dataDirectory = try TemporaryDirectory()
    }

    /// A process runner over `dataDirectory` (a directory the test prepared, such as a small disk).
    init(dataDirectory: TemporaryDirectory) {
        self.dataDirectory = dataDirectory
    }

    /// The `storefront` binary next to this test bundle in the build products directory.
    static func executableURL() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("storefront")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw ExecutableNotFound(searchedFrom: CommandLine.arguments[0])
    }

    /// Runs `storefront --data-dir DIR ARGUMENTS` and waits for it to end.
    func run(_ arguments: [String]) async throws -> Result {
        try await Self.run(["--data-dir", dataDirectory.url.path] + arguments)
    }

    /// Runs `storefront ARGUMENTS` (no data directory added) and waits for it to end.
    static func run(_ arguments: [String]) async throws -> Result {
        try await offPool { try runBlocking(arguments) }
    }

    /// A process of the binary with `arguments`, the minimal environment, no standard input and a pipe for each
    /// output, not started yet.
    static func prepare(_ arguments: [String]) throws -> (process: Process, output: Pipe, errors: Pipe) {
        let process = Process()
        process.executableURL = try executableURL()
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "NO_COLOR": "1", "HOME": "/nonexistent"]
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        return (process, outPipe, errPipe)
    }

    private static func runBlocking(_ arguments: [String]) throws -> Result {
        let (process, outPipe, errPipe) = try prepare(arguments)
        try process.run()
        // NB: read both pipes while the process runs, so a full pipe cannot block it.
        let errorData = Box()
        let errorRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorData.set(errPipe.fileHandleForReading.readDataToEndOfFile())
            errorRead.signal()
        }
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorRead.wait()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: errorData.value, as: UTF8.self)
        )
    }

    /// Every regular file under `directory`, as paths relative to it, sorted.
    static func files(under directory: URL) -> [String] {
        let base = directory.resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files.append(path)
            }
        }
        return files.sorted()
    }

    private struct ExecutableNotFound: Error, CustomStringConvertible {
        let searchedFrom: String
        var description: String { "no storefront executable near \(searchedFrom); build the product first" }
    }

    /// Bytes another thread reads.
    private final class Box: @unchecked Sendable {
        // Sound because `stored` is only read and written while `lock` is held.
        private let lock = NSLock()
        private var stored = Data()

        func set(_ value: Data) { lock.withLock { stored = value } }
        var value: Data { lock.withLock { stored } }
    }
}
