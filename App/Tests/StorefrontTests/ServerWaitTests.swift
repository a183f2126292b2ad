import Foundation
import TestSupport
import Testing

@testable import StorefrontApp

@Suite("waiting for the server", .timeLimit(.minutes(1)))
@MainActor
struct ServerWaitTests {
    @Test("a request waits 2 s before the status says so; its answer ends the wait; a quick one never shows")
    func thresholdAndEnd() async throws {
        let clock = ManualClock()
        let wait = ServerWait(clock: clock)
        let slow = wait.begin()
        try await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(1999))
        #expect(!wait.isWaiting)
        let quick = wait.begin()
        try await clock.waitForSleepers(count: 2)
        clock.advance(by: .milliseconds(1))
        try await waitUntil("the first request counts as waiting") { wait.isWaiting }
        wait.end(quick)
        #expect(wait.isWaiting, "the slow one still waits")
        wait.end(slow)
        #expect(!wait.isWaiting && wait.pendingCount == 0)
        clock.advance(by: .seconds(5))
        #expect(!wait.isWaiting, "the quick one ended before its 2 s")
    }
}

extension IntegrationTests {
    /// A server that takes the connection and never answers: a listening socket nobody accepts on.
    @Suite("a server that never answers", .timeLimit(.minutes(3)))
    struct SilentServerTests {
        @Test("login says the server timed out, not that it could not be reached; --json codes timeout and offline")
        func loginTimesOut() async throws {
            let server = try SilentServer()
            let process = try StorefrontProcess()
            let result = try await process.run(
                ["--api-url", server.url, "--request-timeout", "1", "login", "ada"])
            #expect(result.status == 1, "\(result)")
            #expect(result.standardError.contains("The server timed out"), "\(result)")
            #expect(!result.standardError.contains("Could not reach"), "\(result)")
            let json = try await process.run(
                ["--api-url", server.url, "--request-timeout", "1", "--json", "login", "ada"])
            #expect(json.status == 1, "\(json)")
            #expect(json.standardOutput.contains(#""code":"timeout""#), "\(json)")
            // A port nobody listens on (1, tcpmux, is never served here) is unreachable: `offline`, as `feed` says.
            let refused = try await process.run(["--api-url", "http://127.0.0.1:1", "--json", "login", "ada"])
            #expect(refused.standardOutput.contains(#""code":"offline""#), "\(refused)")
        }

        @Test("the full-screen app's status says 'waiting for the server…' while requests wait")
        func statusSaysWaiting() async throws {
            try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
            let server = try SilentServer()
            let directory = try TemporaryDirectory()
            try await InteractiveTests.withApp(["--api-url", server.url, "--request-timeout", "30"], in: directory) {
                app in
                try await app.waitForScreen(timeout: .seconds(15), "waiting for the server") {
                    $0.contains("waiting for the server…")
                }
                try await app.press("q")
                try await app.waitForExit()
            }
        }
    }
}

/// A TCP socket on 127.0.0.1 that listens and never accepts: the kernel completes each connection into the backlog,
/// the request is sent, and no answer ever comes. Closed when the value is released.
final class SilentServer: Sendable {
    /// `http://127.0.0.1:<port>`.
    let url: String
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        self.url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
    }

    deinit {
        close(descriptor)
    }
}

extension IntegrationTests {
    /// A command whose API request waits for a slow server (a fault rule of the built-in server holds the feed's
    /// answer 6 s): on a terminal, standard error carries a transient progress line; nothing anywhere else.
    @Suite("a command waiting for a slow server", .timeLimit(.minutes(3)))
    struct CommandServerWaitTests {
        static let slowFeed = ["--server-fault", "GET /v1/feed latency=6s", "feed", "--limit", "1"]

        @Test("on a terminal, standard error says 'waiting for the server…' after 2 s and erases it for the answer")
        func terminalLine() async throws {
            try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
            let directory = try TemporaryDirectory()
            let binary = try StorefrontProcess.executableURL().path
            let output = directory.url.appending(path: "stdout.txt")
            let arguments = (["--data-dir", directory.url.appending(path: "app").path] + Self.slowFeed)
                .map { "'\($0)'" }.joined(separator: " ")
            let command = { (crash: String) in
                "env -i PATH=/usr/bin:/bin HOME=/nonexistent TERM=xterm-256color LANG=C.UTF-8 \(crash) '\(binary)' "
                    + "\(arguments) > '\(output.path)'; echo \"exit status $?\"; sleep 120"
            }
            // The shell stays (sleeping) after the command so that its last lines stay on the screen; the session is
            // killed at the end.
            try await TmuxSession.with(command: command) { pane in
                try await pane.waitForScreen("the waiting line") { $0.contains("storefront: waiting for the server…") }
                let after = try await pane.waitForScreen(timeout: .seconds(60), "the command's end") {
                    $0.contains("exit status")
                }
                #expect(after.contains("exit status 0"), "\(after)")
                #expect(!after.contains("waiting for the server"), "the line was not erased:\n\(after)")
            }
            let printed = try String(contentsOf: output, encoding: .utf8)
            #expect(printed.contains("post_") && !printed.contains("waiting"), "\(printed)")
        }

        @Test("standard error that is not a terminal gets no such line, with or without --json")
        func noTerminalNoLine() async throws {
            let process = try StorefrontProcess()
            for arguments in [Self.slowFeed, ["--json"] + Self.slowFeed] {
                let result = try await process.run(arguments)
                #expect(result.status == 0, "\(result)")
                #expect(
                    !result.standardError.contains("waiting") && !result.standardOutput.contains("waiting"), "\(result)"
                )
                if arguments.first == "--json" {
                    #expect(try result.json() is [String: Any], "\(result)")
                }
            }
        }
    }
}
