import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `storefront-server` running as a child process; its standard output arrives line by line.
private final class ServerProcess: @unchecked Sendable {
    // Sound: `process` is configured before `run()` and afterwards only read (`processIdentifier`) or waited on,
    // which Foundation's Process allows from any thread; the streams are Sendable.
    private let process = Process()
    private let errorPipe = Pipe()
    let lines: AsyncStream<String>

    init(_ arguments: [String]) throws {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
        ].map { $0.appendingPathComponent("storefront-server") }
        let executable = try #require(
            candidates.first { FileManager().isExecutableFile(atPath: $0.path) },
            "storefront-server is built beside the tests (the test target depends on it)")
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errorPipe
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        self.lines = lines
        try process.run()
        let handle = output.fileHandleForReading
        Thread {
            var pending = Data()
            while true {
                let chunk = handle.availableData
                guard !chunk.isEmpty else { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    continuation.yield(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            continuation.finish()
        }.start()
    }

    func signal(_ number: Int32) {
        _ = kill(process.processIdentifier, number)
    }

    /// Waits for the exit; returns the status and everything written to standard error.
    func finish() async -> (Int32, String) {
        let errors = errorPipe.fileHandleForReading.readDataToEndOfFile()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                self.process.waitUntilExit()
                continuation.resume()
            }.start()
        }
        return (process.terminationStatus, String(decoding: errors, as: UTF8.self))
    }

    /// Every remaining line of standard output.
    func remainingLines() async -> [String] {
        var all: [String] = []
        for await line in lines { all.append(line) }
        return all
    }
}

@Suite("storefront-server command line")
struct CommandLineTests {
    @Test("--help prints the usage with the fault-rule syntax and exits 0")
    func help() async throws {
        let process = try ServerProcess(["--help"])
        let output = await process.remainingLines()
        let (status, _) = await process.finish()
        #expect(status == 0)
        #expect(output.first?.hasPrefix("usage: storefront-server") == true)
        #expect(output.contains { $0.contains("drop-after-commit") })
    }

    @Test(
        "a bad flag is one line of error, then the usage, and exit 64",
        arguments: [
            (["--port", "http"], "--port must be a whole number"),
            (["--frobnicate"], "unknown option \"--frobnicate\""),
            (["--fault", "GET /v1/feed sometimes"], "invalid fault rule"),
            (["--messy-share", "2"], "--messy-share must be a number from 0 to 1"),
            (["--seed"], "--seed needs a value"),
            (["--fault-seed", "-1"], "--fault-seed must be a whole number"),
            (["--session-lifetime", "0"], "--session-lifetime must be a whole number from 1"),
            (["--stock", "many"], "--stock must be a whole number"),
        ])
    func usageErrors(arguments: [String], message: String) async throws {
        let process = try ServerProcess(arguments)
        let (status, errors) = await process.finish()
        #expect(status == 64)
        let lines = errors.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("storefront-server: ") == true)
        #expect(lines.first?.contains(message) == true, "\(errors)")
        #expect(lines.dropFirst(2).first?.hasPrefix("usage: storefront-server") == true)
    }

    @Test("it prints its URL, serves the API, and stops gracefully on SIGTERM")
    func serveAndStop() async throws {
        let process = try ServerProcess([
            "--port", "0", "--products", "40", "--posts", "20", "--seed", "5", "--log-level", "warning",
            "--fault", "GET /v1/config status=503 times=1", "--fault-seed", "9", "--session-lifetime", "120",
            "--stock", "7",
        ])
        var iterator = process.lines.makeAsyncIterator()
        var listening: String?
        while let line = await iterator.next() {
            if line.hasPrefix("storefront-server listening on ") {
                listening = String(line.dropFirst("storefront-server listening on ".count))
                break
            }
        }
        let url = try #require(listening.flatMap(URL.init(string:)))
        let client = try TestClient(baseURL: url)
        #expect(try await client.get("/v1/config").status == 503)
        #expect(try await client.get("/v1/config").status == 200)
        #expect(try await client.get("/v1/products/sku_40").status == 200)
        let session = try await client.send("POST", "/v1/session", json: ["user_name": "cli"])
        #expect(session.object["expires_in"] as? Int == 120, "--session-lifetime")
        for number in 1...10 {
            let availability = try await client.get("/v1/products/sku_\(number)").object["availability"] as? String
            #expect(availability != "out_of_stock" && availability != "low_stock", "--stock 7 fills every shelf")
        }
        process.signal(SIGTERM)
        var rest: [String] = []
        while let line = await iterator.next() { rest.append(line) }
        let (status, _) = await process.finish()
        #expect(status == 0)
        #expect(rest.contains("storefront-server stopped"))
    }
}
