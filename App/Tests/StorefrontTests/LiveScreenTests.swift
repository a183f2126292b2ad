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
}
