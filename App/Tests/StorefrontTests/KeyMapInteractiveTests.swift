import Foundation
import TestSupport
import Testing

extension IntegrationTests.InteractiveTests {
    /// Writes `text` as the file `name` of the app's configuration directory under `directory`.
    private static func writeConfig(_ name: String, _ text: String, in directory: TemporaryDirectory) throws {
        let config = directory.url.appending(path: "app/config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: config.appending(path: name))
    }

    /// An SGR (mode 1006) press and release of the left button at the screen's `column` and `row` (from 0).
    private static func click(column: Int, row: Int) -> String {
        "\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m"
    }

    /// The line of `screen` that contains `text`, and the column `text` starts at, counted in characters.
    private static func position(of text: String, in screen: String) -> (column: Int, row: Int)? {
        for (row, line) in screen.components(separatedBy: "\n").enumerated() {
            if let range = line.range(of: text) {
                return (line.distance(from: line.startIndex, to: range.lowerBound), row)
            }
        }
        return nil
    }

    @Test("keys.json rebinds add to cart: the product's footer and the help show the new key, and it adds")
    func reboundKey() async throws {
        try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
        let directory = try TemporaryDirectory()
        try Self.writeConfig(
            "keys.json", "{\n  \"bindings\": {\n    \"product.add-to-cart\": \"b\"\n  }\n}\n", in: directory)
        try await Self.withApp(["--no-images", "open", "storefront://product/sku_12"], in: directory) { app in
            let footer = try await app.waitForScreen("the product with the rebound key in its footer") {
                $0.contains("b add to cart") && $0.contains("l add to list") && $0.contains("In stock")
            }
            #expect(!footer.contains("a add to cart"), "\(footer)")
            try await app.press("?")
            let help = try await app.waitForScreen("the help with the rebound key") { $0.contains("On this screen") }
            #expect(help.contains("  b       add to cart"), "\(help)")
            #expect(help.contains("l       add to list"), "\(help)")
            try await app.press("z")
            try await app.press("b")
            try await app.waitForScreen("the product added with b") { $0.contains("to the cart") }
            try await app.press("q")
            try await app.waitForExit()
        }
    }

    @Test("a binding that conflicts with another is reported at start with file and line, and not applied")
    func conflictingBinding() async throws {
        try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
        let directory = try TemporaryDirectory()
        try Self.writeConfig(
            "keys.json", "{\n  \"bindings\": {\n    \"app.quit\": \"x\",\n    \"app.help\": \"x\"\n  }\n}\n",
            in: directory)
        try await Self.withApp(["--no-images"], in: directory, columns: 160) { app in
            let screen = try await app.waitForScreen("the conflict with file and line") {
                $0.contains("[Feed]") && $0.contains(#"keys.json:3: "app.quit" conflicts with "app.help""#)
            }
            #expect(screen.contains("keys.json:4: "), "the other side of the conflict, at its line: \(screen)")
            // Neither binding applies: `?` is still the help, `q` still quits.
            try await app.press("?")
            try await app.waitForScreen("the help on ?") { $0.contains("On this screen") || $0.contains("Everywhere") }
            try await app.press("z")
            try await app.press("q")
            try await app.waitForExit()
        }
    }

    @Test("clicks select a tab, open a row and press a footer button; the wheel scrolls a product's page")
    func mouse() async throws {
        try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
        let directory = try TemporaryDirectory()
        try await Self.withApp(["--no-images"], in: directory) { app in
            let feed = try await app.waitForScreen("the feed's posts") {
                $0.contains("[Feed]") && $0.contains("↑↓ move")
            }
            #expect(try await app.paneVariable("mouse_standard_flag") == "1", "the app asks for clicks")
            #expect(try await app.paneVariable("mouse_sgr_flag") == "1", "in the SGR form")
            // A tab.
            let search = try #require(Self.position(of: " Search ", in: feed))
            try await app.type(Self.click(column: search.column + 2, row: search.row))
            try await app.waitForScreen("the Search tab") { $0.contains("[Search]") }
            try await app.press("M-1")
            let back = try await app.waitForScreen("the feed again") { $0.contains("[Feed]") && $0.contains("↑↓ move") }
            // A row: the first click selects the third post's row, the second opens it.
            let lines = back.components(separatedBy: "\n")
            let headingRows = try #require(lines.firstIndex { $0.hasPrefix("─") || $0.hasPrefix("-") })
            let row = headingRows + 6
            try await app.type(Self.click(column: 10, row: row))
            try await app.type(Self.click(column: 10, row: row))
            try await app.waitForScreen("a post opened by clicks") { !$0.contains("↑↓ move") && $0.contains("[Feed]") }
            // A button: the App's footer `? help`.
            let opened = try await app.screen()
            let help = try #require(Self.position(of: "? help", in: opened))
            try await app.type(Self.click(column: help.column, row: help.row))
            try await app.waitForScreen("the help from its button") { $0.contains("any other key closes it") }
            try await app.press("z")
            try await app.press("q")
            try await app.waitForExit()
            #expect(try await app.paneVariable("mouse_standard_flag") == "0", "reporting is off after the app")
        }
        // The wheel scrolls a product's page that does not fit.
        let small = try TemporaryDirectory()
        try await Self.withApp(
            ["--no-images", "open", "storefront://product/sku_12"], in: small, columns: 40, rows: 12
        ) { app in
            let before = try await app.waitForScreen("the product at 40×12") { $0.contains("add to cart") }
            try await app.type("\u{1B}[<65;5;6M\u{1B}[<65;5;6M")
            let after = try await app.waitForScreen("the product scrolled") { $0 != before }
            #expect(after.contains("add to cart"), "the footer stays: \(after)")
            try await app.press("q")
            try await app.waitForExit()
        }
    }

    @Test("--no-mouse and \"mouse\": false leave the mouse alone; a bad settings file is reported with file and line")
    func mouseOff() async throws {
        try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
        for (arguments, settings) in [(["--no-mouse"], nil), ([], "{\n  \"mouse\": false\n}\n")]
            as [([String], String?)]
        {
            let directory = try TemporaryDirectory()
            if let settings { try Self.writeConfig("settings.json", settings, in: directory) }
            try await Self.withApp(["--no-images"] + arguments, in: directory) { app in
                let feed = try await app.waitForScreen("the feed") { $0.contains("[Feed]") }
                #expect(try await app.paneVariable("mouse_standard_flag") == "0", "\(arguments)")
                // A click on the Search tab, then `?`: input is handled in order, so once the help shows, the click
                // was handled before it, and the tab is still Feed.
                let search = try #require(Self.position(of: " Search ", in: feed))
                try await app.type(Self.click(column: search.column + 2, row: search.row))
                try await app.press("?")
                let shown = try await app.waitForScreen("the help") { $0.contains("any other key closes it") }
                #expect(shown.contains("[Feed]") && !shown.contains("[Search]"), "\(shown)")
                try await app.press("z")
                try await app.press("q")
                try await app.waitForExit()
            }
        }
        let directory = try TemporaryDirectory()
        try Self.writeConfig("settings.json", "{\n  \"mouse\": \"off\"\n}\n", in: directory)
        try await Self.withApp(["--no-images"], in: directory, columns: 160) { app in
            try await app.waitForScreen("the settings problem with file and line") {
                $0.contains(#"settings.json:2: "mouse" must be true or false, not "off""#)
            }
            try await app.press("q")
            try await app.waitForExit()
        }
    }
}
