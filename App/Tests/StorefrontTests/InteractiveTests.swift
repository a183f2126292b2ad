import FeatureKit
import Foundation
import TestSupport
import Testing

extension IntegrationTests {
    /// The full-screen app driven through tmux, as a person would: keys in, screen text out, and the terminal's settings
    /// compared before and after.
    @Suite("full-screen app through tmux")
    struct InteractiveTests {
        /// Runs `body` with the app in a tmux pane whose shell saves the terminal's settings (`stty -g`) to a file
        /// before the app starts and to another after it ends; the app sees `TERM=term`.
        static func withApp(
            _ arguments: [String], term: String = "xterm-256color", in directory: TemporaryDirectory,
            columns: Int = 100, rows: Int = 30, _ body: (TmuxSession) async throws -> Void
        ) async throws {
            let binary = try StorefrontProcess.executableURL().path
            let settings = directory.url.appending(path: "stty-before").path
            let environment = "PATH=/usr/bin:/bin HOME=/nonexistent TERM=\(term) LANG=C.UTF-8"
            let arguments = (["--data-dir", directory.url.appending(path: "app").path] + arguments)
                .map { "'\($0)'" }.joined(separator: " ")
            let after = directory.url.appending(path: "stty-after").path
            let command = { (crash: String) in
                "stty -g > '\(settings)'; env -i \(environment) \(crash) '\(binary)' \(arguments); stty -g > '\(after)'"
            }
            try await TmuxSession.with(columns: columns, rows: rows, command: command) { app in try await body(app) }
        }

        /// The pane terminal's settings before the app started and after it ended, as the pane's shell saved them.
        private static func settings(in directory: TemporaryDirectory) throws -> (String, String) {
            let before = try String(contentsOf: directory.url.appending(path: "stty-before"), encoding: .utf8)
            let after = try String(contentsOf: directory.url.appending(path: "stty-after"), encoding: .utf8)
            return (
                before.trimmingCharacters(in: .whitespacesAndNewlines),
                after.trimmingCharacters(in: .whitespacesAndNewlines)
            )
        }

        @Test("switch tabs, search as you type, add to the cart, open the cart, resize, quit: the terminal is restored")
        func browseAndQuit() async throws {
            try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
            let directory = try TemporaryDirectory()
            try await Self.withApp([], in: directory) { app in
                try await app.waitForScreen("the feed") { $0.contains("[Feed]") && $0.contains("Updated") }
                try await app.press("2")
                try await app.waitForScreen("the Search tab") { $0.contains("[Search]") }
                try await app.type("leather")
                try await app.waitForScreen("results for leather") { screen in
                    screen.contains("results") && screen.components(separatedBy: "Leather").count > 3
                }
                try await app.press("Down")
                try await app.press("a")
                try await app.waitForScreen("the added product") { $0.contains("Added") && $0.contains("Cart (1)") }
                try await app.press("3")
                let cart = try await app.waitForScreen("the cart") {
                    $0.contains("[Cart (1)]") && $0.contains("Subtotal")
                }
                #expect(cart.contains("Leather"))
                try await app.press("?")
                try await app.waitForScreen("the help") { $0.contains("any other key closes it.") }
                try await app.press("x")
                try await app.waitForScreen("the cart again") { $0.contains("Subtotal") }

                try await app.resize(columns: 60, rows: 20)
                try await app.waitForScreen("the cart at 60 columns") { screen in
                    screen.split(separator: "\n").contains { $0 == Substring(String(repeating: "─", count: 60)) }
                }

                try await app.press("q")
                try await app.waitForExit()
                let (before, after) = try Self.settings(in: directory)
                #expect(!before.isEmpty)
                #expect(after == before, "the terminal's settings were not restored after q")
            }
        }

        @Test("a cold-start link that needs sign-in shows the sign-in screen, then the checkout; SIGTERM restores")
        func deepLinkThenTerminate() async throws {
            try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
            let directory = try TemporaryDirectory()
            try await Self.withApp(["open", "storefront://checkout"], in: directory) { app in
                try await app.waitForScreen("the sign-in screen") { $0.contains("Sign in to check out.") }
                try await app.type("ada")
                try await app.press("Enter")
                try await app.waitForScreen("the checkout") {
                    $0.contains("Checkout · Step 1 of 6") && $0.contains("Signed in as ada")
                }

                kill(try await app.appProcessID(), SIGTERM)
                try await app.waitForExit()
                let (before, after) = try Self.settings(in: directory)
                #expect(after == before, "the terminal's settings were not restored after SIGTERM")
            }
        }
    }
}
