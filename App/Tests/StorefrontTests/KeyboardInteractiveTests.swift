import Foundation
import TestSupport
import Testing

extension IntegrationTests.InteractiveTests {
    @Test("Search: Tab moves to the next tab, Escape leaves the field keeping the text, q outside the field quits")
    func searchFieldNeverTraps() async throws {
        try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
        let directory = try TemporaryDirectory()
        try await Self.withApp([], in: directory) { app in
            try await app.waitForScreen("the feed") { $0.contains("[Feed]") }
            try await app.press("2")
            try await app.waitForScreen("the Search tab") { $0.contains("[Search]") }
            try await app.type("quilt")
            try await app.waitForScreen("q typed into the field") { $0.contains("[quilt") }
            try await app.press("Tab")
            try await app.waitForScreen("the next tab") { $0.contains("[Cart") && !$0.contains("[Search]") }
            try await app.press("2")
            try await app.waitForScreen("the search again, text kept") {
                $0.contains("[Search]") && $0.contains("quilt")
            }
            try await app.press("Escape")
            try await app.waitForScreen("the field left, its text kept") { screen in
                screen.contains("quilt") && screen.contains("/ edit search")
            }
            try await app.press("q")
            try await app.waitForExit()
        }
    }

    @Test("Backspace in a checkout form field edits the text and stays on the step; Escape goes back")
    func backspaceInCheckoutForm() async throws {
        try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
        let directory = try TemporaryDirectory()
        try await Self.withApp([], in: directory) { app in
            try await app.waitForScreen("the feed") { $0.contains("[Feed]") }
            try await app.press("2")
            try await app.type("leather")
            try await app.waitForScreen("results for leather") { $0.contains("results") }
            try await app.press("Down")
            try await app.press("a")
            try await app.waitForScreen("the added product") { $0.contains("Cart (1)") }
            try await app.press("3")
            try await app.waitForScreen("the cart") { $0.contains("Subtotal") }
            try await app.press("Enter")
            try await app.waitForScreen("the sign-in screen") { $0.contains("Sign in to check out.") }
            try await app.type("ada")
            try await app.press("Enter")
            try await app.waitForScreen("the checkout") { $0.contains("Checkout · Step 1 of 6") }
            try await app.press("Enter")
            try await app.waitForScreen("the address step") { $0.contains("Step 2 of 6") && $0.contains("Country") }
            try await app.type("DEX")
            try await app.press("BSpace")
            try await app.waitForScreen("the edited field") { $0.contains("[DE ") && !$0.contains("DEX") }
            for _ in 0..<4 { try await app.press("BSpace") }
            try await app.waitForScreen("an empty field, still on the step") { screen in
                screen.contains("Step 2 of 6") && !screen.contains("[DE")
            }
            try await app.press("Escape")
            try await app.waitForScreen("back to the cart step") { $0.contains("Step 1 of 6") }
            try await app.press("q")
            try await app.waitForExit()
        }
    }

    @Test("TERM=dumb runs the command front end with a one-line note")
    func dumbTerminal() async throws {
        try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
        let directory = try TemporaryDirectory()
        try await Self.withApp([], term: "dumb", in: directory) { app in
            let screen = try await app.waitForScreen("the note and the commands") { screen in
                screen.contains("TERM is \"dumb\", so the full-screen app cannot run here; use the commands above.")
            }
            #expect(!screen.contains("[Feed]"))
            try await app.waitForExit()
        }
    }
}
