import FeatureKit
import Foundation
import TestSupport
import Testing

extension IntegrationTests.InteractiveTests {
    @Test("the feed shows 'new posts' when the server adds one, without a key press; n inserts them")
    func newPostsNotice() async throws {
        try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
        let directory = try TemporaryDirectory()
        try await Self.withApp(["--demo-posts-every", "5"], in: directory) { app in
            try await app.waitForScreen("the feed") { $0.contains("[Feed]") && $0.contains("Updated") }
            let notice = try await app.waitForScreen("the new-posts notice") {
                $0.contains("new post") && $0.contains("Press n to show")
            }
            #expect(notice.contains("[Feed]"))
            try await app.press("n")
            // The next demo post is 5 s away: the notice goes at once and the posts are in the list.
            try await app.waitForScreen(timeout: .seconds(4), "the notice gone") { !$0.contains("Press n to show") }
            try await app.press("q")
            try await app.waitForExit()
        }
    }

    @Test("an order's status changes on its screen without a key press (--demo-orders-advance)")
    func orderStatusLive() async throws {
        try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
        let directory = try TemporaryDirectory()
        let data = ["--data-dir", directory.url.appending(path: "app").path]
        for command in [
            ["login", "ada"], ["cart", "add", "sku_12"],
            [
                "checkout", "--name", "Ada Lovelace", "--street", "1 Analytical Way", "--city", "London",
                "--postal-code", "N1 9GU", "--country", "GB", "--shipping", "standard", "--payment", "invoice", "--yes",
            ],
        ] {
            let result = try await StorefrontProcess.run(data + command)
            try #require(result.status == 0, "\(result)")
        }
        // The app's own server ships the order 6 s after it was placed: after the screen showed it confirmed.
        try await Self.withApp(["--demo-orders-advance", "6", "open", "storefront://orders"], in: directory) { app in
            try await app.waitForScreen("the order, confirmed") { $0.contains("ord_1") && $0.contains("Confirmed") }
            try await app.waitForScreen("the order, shipped") { $0.contains("ord_1") && $0.contains("Shipped") }
            try await app.press("q")
            try await app.waitForExit()
        }
    }
}
