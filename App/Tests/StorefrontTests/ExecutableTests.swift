import Foundation
import Testing

/// Runs the built `storefront` binary, as a user or a script would.
@Suite("storefront executable")
struct ExecutableTests {
    private struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The `storefront` binary next to this test bundle in the build products directory.
    private static func executableURL() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("storefront")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw ExecutableNotFound(searchedFrom: CommandLine.arguments[0])
    }

    private struct ExecutableNotFound: Error, CustomStringConvertible {
        let searchedFrom: String
        var description: String { "no storefront executable near \(searchedFrom); build the product first" }
    }

    private func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = try Self.executableURL()
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "NO_COLOR": "1"]
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        let err = errPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: err, as: UTF8.self)
        )
    }

    @Test("--version and --help exit 0 with output on standard output")
    func helpAndVersion() throws {
        let version = try run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput.hasPrefix("storefront "))
        let help = try run(["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("Usage: storefront"))
        #expect(help.standardError.isEmpty)
    }

    @Test("an unknown command exits 64 with a one-line error and the usage on standard error")
    func unknownCommand() throws {
        let result = try run(["frobnicate"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("storefront: unknown command 'frobnicate'\n"))
        #expect(result.standardError.contains("Usage: storefront"))
    }
}
