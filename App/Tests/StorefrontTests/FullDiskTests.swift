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
            // The product lookup behind `cart add` and the search fall back to the saved products, whose store is on
            // the same full disk: still a full disk, never the saved products' own code.
            for arguments in [["cart", "add", "sku_12"], ["search", "bag"]] {
                let text = try await process.run(arguments)
                #expect(text.status == 1 && text.standardError.contains("the disk is full: cannot write"), "\(text)")
                let json = try await process.run(["--json"] + arguments)
                let error = try #require(try json.json() as? [String: [String: Any]], "\(json)")["error"]
                #expect(error?["code"] as? String == "disk_full", "\(json)")
            }

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

        @Test(
            "the account's database on a full disk, the server elsewhere: disk_full with the file, also on the screen",
            .enabled(if: SmallDisk.isAvailable, "needs root to mount a 256 KiB tmpfs"))
        func fullAccountDatabase() async throws {
            let disk = try #require(SmallDisk(kibibytes: 256))
            try Self.fill(disk.directory.url)
            let process = StorefrontProcess(dataDirectory: disk.directory)
            let database = "/data/accounts/guest/storefront.sqlite"
            try await withSampleServer(
                { _ in },
                { server in
                    let api = ["--api-url", server.baseURL.absoluteString]
                    let feed = try await process.run(api + ["feed", "--limit", "2"])
                    #expect(feed.status == 0 && feed.standardOutput.contains("post_"), "\(feed)")
                    #expect(feed.standardError.contains("the disk is full: cannot write"), "\(feed)")
                    #expect(feed.standardError.contains(database), "\(feed)")
                    let feedJSON = try await process.run(api + ["--json", "feed", "--limit", "2"])
                    let page = try #require(try feedJSON.json() as? [String: Any], "\(feedJSON)")
                    #expect(page["store_error_code"] as? String == "disk_full", "\(feedJSON)")
                    let search = try await process.run(api + ["search", "bag"])
                    #expect(
                        search.status == 0 && search.standardError.contains("the disk is full: cannot write"),
                        "\(search)")
                    let cart = try await process.run(api + ["--json", "cart", "add", "sku_12"])
                    let error = try #require(try cart.json() as? [String: [String: Any]], "\(cart)")["error"]
                    #expect(error?["code"] as? String == "disk_full", "\(cart)")
                    #expect((error?["message"] as? String)?.contains(database) == true, "\(cart)")

                    try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
                    let binary = try StorefrontProcess.executableURL().path
                    let data = disk.directory.url.path
                    let url = server.baseURL.absoluteString
                    let command = { (crash: String) in
                        "env -i PATH=/usr/bin:/bin HOME=/nonexistent TERM=xterm-256color LANG=C.UTF-8 \(crash) "
                            + "'\(binary)' --data-dir '\(data)' --api-url '\(url)' 2>/dev/null"
                    }
                    try await TmuxSession.with(columns: 160, command: command) { app in
                        let screen = try await app.waitForScreen("the full disk in the feed's body") {
                            $0.contains("The disk is full: cannot write")
                        }
                        #expect(!screen.contains("Saved posts are unavailable"), "\(screen)")
                        try await app.press("q")
                        try await app.waitForExit()
                    }
                })
        }

        /// Fills the disk mounted at `directory` with one file until a write fails for want of space.
        private static func fill(_ directory: URL) throws {
            let filler = directory.appending(path: "filler")
            _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
            let handle = try FileHandle(forWritingTo: filler)
            let block = Data(count: 4096)
            while (try? handle.write(contentsOf: block)) != nil {}
            try handle.close()
        }
    }
}
