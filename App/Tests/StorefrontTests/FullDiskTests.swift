import Foundation
import TestSupport
import Testing

extension IntegrationTests {
    /// A data directory on a full disk (a 256 KiB tmpfs, mounted when the tests run as root): the built-in server
    /// cannot keep its data, and every front end says the disk is full, naming the file, never "offline".
    @Suite("a full disk", .timeLimit(.minutes(3)))
    struct FullDiskTests {
        @Test(
            "commands and --json say the disk is full with the file (disk_full); the screen says it above the body",
            .enabled(if: SmallDisk.isAvailable, "needs root to mount a 256 KiB tmpfs"))
        func fullDisk() async throws {
            let disk = try #require(SmallDisk(kibibytes: 256))
            let process = StorefrontProcess(dataDirectory: disk.directory)
            let feed = try await process.run(["feed", "--limit", "2"])
            #expect(feed.status == 1, "\(feed)")
            #expect(feed.standardError.contains("the disk is full: cannot write"), "\(feed)")
            #expect(feed.standardError.contains("/data/server/storefront-server.sqlite"), "\(feed)")
            #expect(!feed.standardError.localizedCaseInsensitiveContains("offline"), "\(feed)")
            let json = try await process.run(["--json", "feed"])
            let document = try #require(try json.json() as? [String: [String: Any]], "\(json)")
            #expect(document["error"]?["code"] as? String == "disk_full", "\(json)")
            let watch = try await process.run(["--json", "watch", "--count", "1"])
            #expect(watch.status == 1 && watch.standardOutput.contains("\"code\":\"disk_full\""), "\(watch)")

            try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
            let binary = try StorefrontProcess.executableURL().path
            let data = disk.directory.url.path
            let command = { (crash: String) in
                "env -i PATH=/usr/bin:/bin HOME=/nonexistent TERM=xterm-256color LANG=C.UTF-8 \(crash) '\(binary)' "
                    + "--data-dir '\(data)'"
            }
            try await TmuxSession.with(columns: 120, command: command) { app in
                let screen = try await app.waitForScreen("the full disk above the body") {
                    $0.contains("The built-in server cannot start: the disk is full")
                }
                #expect(!screen.contains("You're offline"), "\(screen)")
                try await app.press("q")
                try await app.waitForExit()
            }
        }
    }
}
