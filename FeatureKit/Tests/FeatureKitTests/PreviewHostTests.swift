import DesignSystem
import FeatureKit
import FeaturePreview
import TerminalUI
import TestSupport
import Testing

/// The preview host: its command line, its menu and the keys that open a state, go back and quit.
@MainActor
@Suite("preview host", .timeLimit(.minutes(1)))
struct PreviewHostTests {
    /// A screen that counts the keys it is given and uses `x` only (and Escape when `takesEscape`).
    @MainActor
    final class CountingView: TerminalView {
        let label: String
        let takesEscape: Bool
        var keys: [KeyEvent] = []

        init(_ label: String, takesEscape: Bool = false) {
            self.label = label
            self.takesEscape = takesEscape
        }

        func render(size: TerminalSize) -> [StyledLine] {
            [StyledLine("\(label) · \(keys.count) keys")]
        }

        func handle(_ key: KeyEvent) -> KeyHandling {
            keys.append(key)
            return key == .character("x") || (takesEscape && key == KeyEvent(.escape)) ? .handled : .ignored
        }
    }

    struct Broken: Error, CustomStringConvertible {
        var description: String { "no preview data" }
    }

    static let cart = RoutePattern(feature: "shop", screen: "cart", summary: "the cart")
    static let orders = RoutePattern(feature: "shop", screen: "orders", summary: "the orders")

    let editor = CountingView("editor", takesEscape: true)
    let list = CountingView("list")
    var catalog: PreviewCatalog {
        let editor = editor
        let list = list
        return PreviewCatalog(
            feature: "Shop",
            screens: [
                PreviewScreen(
                    "Cart", routes: [Self.cart],
                    states: [
                        PreviewState("loaded") { _ in list },
                        PreviewState("editing") { _ in editor },
                    ]),
                PreviewScreen(
                    "Broken", routes: [],
                    states: [PreviewState("error") { _ in throw Broken() }]),
            ])
    }

    func text(_ host: PreviewHostView, columns: Int = 60, rows: Int = 12) -> String {
        host.render(size: TerminalSize(columns: columns, rows: rows)).map(\.plainText).joined(separator: "\n")
    }

    @Test("the command line: --list, --open with a known path, --help; anything else is a usage error")
    func commandLine() throws {
        #expect(try PreviewCommand(arguments: [], catalog: catalog) == .interactive(opening: nil))
        #expect(try PreviewCommand(arguments: ["--list"], catalog: catalog) == .list)
        #expect(
            try PreviewCommand(arguments: ["--open", "Cart/editing"], catalog: catalog)
                == .interactive(opening: "Cart/editing"))
        #expect(try PreviewCommand(arguments: ["-h"], catalog: catalog) == .help)
        for bad in [
            ["--frob"], ["--open"], ["--open", "Cart/nope"], ["--list", "--list"], ["--list", "--open", "Cart/loaded"],
        ] {
            #expect(throws: PreviewUsageError.self, "\(bad)") { try PreviewCommand(arguments: bad, catalog: catalog) }
        }
        #expect(PreviewCommand.usage(program: "ShopPreview") == "usage: ShopPreview [--list] [--open SCREEN/STATE]")
    }

    @Test("the catalog's paths and the routes it does not show")
    func catalogPaths() {
        #expect(catalog.entries.map(\.path) == ["Cart/loaded", "Cart/editing", "Broken/error"])
        #expect(catalog.entry(at: "Cart/editing")?.state.title == "editing")
        #expect(catalog.entry(at: "Cart") == nil)
        #expect(catalog.uncoveredRoutes(of: [Self.cart, Self.orders]) == [Self.orders])
    }

    @Test("the menu lists every path; enter opens the selected one full-screen, above the status line")
    func menuOpens() async throws {
        let host = PreviewHostView(catalog: catalog, theme: .unicode)
        let menu = text(host)
        #expect(menu.contains("Shop preview"))
        #expect(menu.contains("› Cart/loaded") && menu.contains("  Cart/editing") && menu.contains("  Broken/error"))
        #expect(host.handle(KeyEvent(.down)) == .handled)
        #expect(text(host).contains("› Cart/editing"))
        #expect(host.handle(.character("k")) == .handled)
        #expect(text(host).contains("› Cart/loaded"))
        #expect(host.handle(KeyEvent(.enter)) == .handled)
        try await waitUntil("the state opens", timeout: .seconds(10)) {
            if case .showing = host.mode { return true }
            return false
        }
        #expect(host.openPath == "Cart/loaded")
        let screen = text(host, rows: 4).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(screen.count == 4)
        #expect(screen.first == "list · 0 keys")
        #expect(screen.last?.hasPrefix("preview Cart/loaded") == true)
    }

    @Test("on a screen keys go to it first; Escape it leaves and F2 go back to the menu; q it leaves quits")
    func screenKeys() async throws {
        let host = PreviewHostView(catalog: catalog, theme: .unicode)
        guard let loaded = catalog.entry(at: "Cart/loaded"), let editing = catalog.entry(at: "Cart/editing") else {
            Issue.record("the catalog lost its paths")
            return
        }
        await host.open(loaded)
        #expect(host.handle(.character("x")) == .handled)
        #expect(host.handle(.character("q")) == .ignored, "q the screen leaves ends the run loop")
        #expect(list.keys == [.character("x"), .character("q")])
        #expect(host.handle(KeyEvent(.escape)) == .handled)
        #expect(host.openPath == nil)

        await host.open(editing)
        #expect(host.handle(KeyEvent(.escape)) == .handled)
        #expect(host.openPath == "Cart/editing", "the screen used Escape")
        #expect(host.handle(KeyEvent(.function(2))) == .handled)
        #expect(host.openPath == nil)
        #expect(editor.keys == [KeyEvent(.escape)], "F2 never reaches the screen")
        #expect(host.handle(.character("q")) == .ignored, "q on the menu quits")
    }

    @Test("a state that cannot be built shows what went wrong, and what the screen asked for shows on the status line")
    func failureAndReports() async throws {
        let host = PreviewHostView(catalog: catalog, theme: .unicode)
        if let broken = catalog.entry(at: "Broken/error") { await host.open(broken) }
        #expect(text(host, columns: 80).contains("Broken/error could not be built: no preview data"))

        let asking = PreviewCatalog(
            feature: "Shop",
            screens: [
                PreviewScreen(
                    "Ask", routes: [],
                    states: [
                        PreviewState("now") { environment in
                            environment.report("open order 7")
                            return CountingView("asker")
                        }
                    ])
            ])
        let other = PreviewHostView(catalog: asking, theme: .unicode)
        if let entry = asking.entries.first { await other.open(entry) }
        #expect(other.lastReport == "open order 7")
        #expect(text(other, columns: 80).contains("preview Ask/now · asked: open order 7"))
        other.showMenu()
        #expect(other.lastReport == nil)
    }
}
