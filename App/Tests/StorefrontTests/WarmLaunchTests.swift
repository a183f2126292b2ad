import FeatureKit
import Foundation
import TestSupport
import Testing

extension IntegrationTests {
    /// The launch that froze 1 time in 4: a data directory with the feed and its pictures cached, a busy machine.
    @Suite("warm launches of the full-screen app under CPU load", .timeLimit(.minutes(6)))
    struct WarmLaunchTests {
        /// The bound on each answer: a launch that has not drawn, or a `?` not answered, by then is frozen.
        static let answer = Duration.seconds(10)

        @Test("20 launches on a warm data directory, beside two CPU-bound loops: `?` is answered every time")
        func warmLaunchesAnswerHelp() async throws {
            try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
            let directory = try TemporaryDirectory()
            // Warm-up, as the first run of a new user: the feed is cached and its first pictures are on disk.
            try await InteractiveTests.withApp([], in: directory) { app in
                try await app.waitForScreen("the refreshed feed") { $0.contains("[Feed]") && $0.contains("Updated") }
                try await waitUntil("pictures are cached on disk") {
                    Self.cachedPictures(under: directory.url) > 0
                }
                try await app.press("q")
                try await app.waitForExit()
            }
            let load = try CPULoad(count: 2, bound: .seconds(360))
            defer { load.stop() }
            for launch in 1...20 {
                try await InteractiveTests.withApp([], in: directory) { app in
                    // At once: the cached feed is on screen while the refresh and the pictures are on their way.
                    try await app.waitForScreen(timeout: Self.answer, "launch \(launch)'s first frame") {
                        $0.contains("[Feed]")
                    }
                    try await Self.askForHelp(app, "launch \(launch), at once")
                    // Again once the refresh has replaced the rows (prefetches of rows that went away are let go).
                    try await app.waitForScreen(timeout: Self.answer, "launch \(launch)'s refreshed feed") {
                        $0.contains("Updated")
                    }
                    try await Self.askForHelp(app, "launch \(launch), refreshed")
                }
            }
        }

        /// Presses `?`, waits (bounded) for the help, and closes it again.
        private static func askForHelp(_ app: TmuxSession, _ when: String) async throws {
            try await app.press("?")
            try await app.waitForScreen(timeout: answer, "the help (\(when))") {
                $0.contains("any other key closes it.")
            }
            try await app.press("x")
            try await app.waitForScreen(timeout: answer, "the help closed (\(when))") {
                !$0.contains("any other key closes it.")
            }
        }

        /// Picture files in the image cache under `directory`.
        private static func cachedPictures(under directory: URL) -> Int {
            StorefrontProcess.files(under: directory).filter { $0.contains("images/") }.count
        }
    }
}
