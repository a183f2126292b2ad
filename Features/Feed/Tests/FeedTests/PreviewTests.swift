import FeaturePreviewTestSupport
import Feed
import FeedPreviewCatalog
import Foundation
import Testing

/// `FeedPreview`: its catalog shows every screen of the entry, every state builds offline, and the built executable
/// runs in tmux from the menu to a screen and back, and quits restoring the terminal.
@MainActor
@Suite("Feed preview", .timeLimit(.minutes(2)))
struct PreviewTests {
    let catalog = FeedPreviews.catalog

    @Test("the catalog shows every route of the entry")
    func coversEveryRoute() {
        #expect(catalog.uncoveredRoutes(of: FeedDestination.patterns).isEmpty)
    }

    @Test("every state builds over preview data and draws a screen")
    func everyStateBuilds() async {
        #expect(await PreviewCatalogCheck.problems(in: catalog) == [])
    }

    @Test("the built FeedPreview runs offline in tmux: menu, a screen, back, q; the terminal is restored")
    func runsInTmux() async throws {
        try #require(PreviewInTmux.isAvailable, "tmux is needed (make test installs it)")
        try await PreviewTmuxCheck.run(
            executable: "FeedPreview", catalog: catalog, opening: "Post/loaded", showing: "author1")
    }

    @Test("a standard output that cannot be written (a full disk) is exit 74 with one line, never a crash")
    func fullStandardOutput() async throws {
        let process = Process()
        process.executableURL = try PreviewInTmux.builtExecutable(named: "FeedPreview")
        process.arguments = ["--list"]
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"), "/dev/full exists on Linux")
        let errors = Pipe()
        process.standardOutput = full
        process.standardError = errors
        try process.run()
        let deadline = ContinuousClock.now + .seconds(20)
        while process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning { process.terminate() }
        #expect(!process.isRunning, "FeedPreview --list ended within 20 s")
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 74, "\(message)")
        #expect(message.contains("cannot write to standard output"), "\(message)")
        #expect(!message.contains("Fatal error"), "\(message)")
    }
}
