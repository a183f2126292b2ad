import Checkout
import DesignSystem
import FeatureKit
import Feed
import Foundation
import Search
import TerminalUI
import TestSupport
import Testing

@testable import StorefrontApp

/// The key map of the full-screen app: what every screen and the App declare, and that what is handled is what the
/// help lists.
@Suite("key map: declarations and help", .timeLimit(.minutes(1)))
@MainActor
struct KeyMapTests {
    /// Every key a test presses: printable ASCII, Ctrl with a letter, Alt with a digit, the named keys.
    private static let candidateKeys: [KeyEvent] = {
        var keys = (0x21...0x7E).map { KeyEvent.character(Character(UnicodeScalar(UInt8($0)))) }
        keys += "abcdefghijklmnopqrstuvwxyz".map { KeyEvent.control($0) }
        keys += (1...9).map { KeyEvent(.character(Character("\($0)")), modifiers: .option) }
        keys += [
            Key.enter, .tab, .backspace, .delete, .escape, .up, .down, .left, .right, .home, .end, .pageUp,
            .pageDown, .insert, .character(" "),
        ].map { KeyEvent($0) }
        keys += (1...12).map { KeyEvent(.function($0)) }
        keys.append(KeyEvent(.tab, modifiers: .shift))
        return keys
    }()

    /// Whether `help` has a row for `key`: a row's keys are its labels joined by ` / ` (or by spaces).
    private static func lists(_ key: KeyEvent, in help: [KeyHelpItem]) -> Bool {
        let label = KeyChord(key.key, modifiers: key.modifiers).label
        return help.contains { item in
            let tokens = item.key.components(separatedBy: " / ").flatMap { $0.split(separator: " ").map(String.init) }
            // `↑↓` is two keys in one hint.
            let keys = tokens.flatMap { token in
                token.allSatisfy { "↑↓←→".contains($0) } ? token.map(String.init) : [token]
            }
            return keys.contains(label)
        }
    }

    @Test("every declared action has keys and help, a unique name, and no default key shared in its scope")
    func declarations() async throws {
        let directory = try TemporaryDirectory()
        let dependencies = try TestGraph.make(directory: directory.url)
        let declarations = InteractiveApp.keyDeclarations(dependencies)
        #expect(declarations.contains { $0.name == "product.add-to-cart" })
        #expect(declarations.contains { $0.name == "app.open-orders" })
        #expect(Set(declarations.map(\.name)).count == declarations.count, "action names are unique")
        var owners: [String: [KeyChord: [String]]] = [:]
        for declaration in declarations {
            #expect(!declaration.help.isEmpty && !declaration.defaultKeys.isEmpty, "\(declaration.name)")
            #expect(declaration.name.hasPrefix(declaration.scope + "."), "\(declaration.name)")
            for chord in declaration.defaultKeys {
                owners[declaration.scope, default: [:]][chord, default: []].append(declaration.name)
            }
        }
        let shared = owners.values.flatMap { $0.values }.filter { $0.count > 1 }
        #expect(shared.isEmpty, "\(shared)")
        // The defaults as a file are no problem: the file is checked against the same declarations.
        let defaults = KeyMapFile.parse(
            Data("{\"bindings\": {\"product.add-to-cart\": \"a\"}}".utf8), path: "keys.json",
            declarations: declarations)
        #expect(defaults.problems.isEmpty, "\(defaults.problems)")
        await dependencies.shutdown()
    }

    @Test("every key the product screen handles is in its help, with the defaults and rebound")
    func productScreenHandlesOnlyWhatItLists() async throws {
        let directory = try TemporaryDirectory()
        let dependencies = try TestGraph.make(directory: directory.url)
        let rebound = KeyMapFile.parse(
            Data(#"{"bindings": {"product.add-to-cart": ["b", "+"], "product.reload": "f5"}}"#.utf8),
            path: "keys.json", declarations: InteractiveApp.keyDeclarations(dependencies))
        #expect(rebound.problems.isEmpty, "\(rebound.problems)")
        for (keyMap, addKeys) in [(KeyMap.defaults, ["a"]), (rebound.keyMap, ["b", "+"])] {
            let route = SearchEntry.productRoute("sku_12")
            let screen = try #require(
                dependencies.entry(named: route.feature)?.makeScreen(
                    at: route, context: ScreenContext(theme: .ascii, keyMap: keyMap)))
            // A small screen, so the body scrolls and the scroll keys are handled and listed too.
            _ = screen.render(size: TerminalSize(columns: 30, rows: 8))
            var handled: [KeyEvent] = []
            for key in Self.candidateKeys where screen.handle(key) == .handled {
                handled.append(key)
                #expect(Self.lists(key, in: screen.keyHelp), "\(key) is handled but not in \(screen.keyHelp)")
            }
            #expect(!handled.isEmpty)
            for name in addKeys {
                #expect(handled.contains(.character(Character(name))), "\(name) adds to the cart")
            }
        }
        await dependencies.shutdown()
    }

    @Test("every key the feed list and a post's screen handle is in their help")
    func feedScreensHandleOnlyWhatTheyList() async throws {
        let directory = try TemporaryDirectory()
        let dependencies = try TestGraph.make(directory: directory.url)
        let post = try #require(dependencies.registry.pattern(screen: "post", idCount: 1)).route(ids: ["post_1"])
        for route in [FeedEntry.feedRoute, post] {
            let screen = try #require(
                dependencies.entry(named: route.feature)?.makeScreen(
                    at: route, context: ScreenContext(theme: .ascii, keyMap: .defaults)))
            _ = screen.render(size: TerminalSize(columns: 80, rows: 24))
            for key in Self.candidateKeys where screen.handle(key) == .handled {
                #expect(
                    Self.lists(key, in: screen.keyHelp), "\(route.screen): \(key) is handled, not in \(screen.keyHelp)")
            }
        }
        await dependencies.shutdown()
    }

    /// Presses every candidate key on `screen` and expects each handled one in the help shown just before it (a key
    /// can change the screen: Enter moves checkout on a step). While a field has the focus, the keys a text field
    /// takes are the field's, not actions, and are left out. Returns the keys handled.
    @discardableResult
    private static func pressEveryKey(on screen: any TerminalView, _ what: String) -> [KeyEvent] {
        var handled: [KeyEvent] = []
        for key in candidateKeys {
            var field = TextFieldState(text: "ab", cursor: 1)
            if screen.isEditingText, field.handle(key) == .handled { continue }
            let help = screen.keyHelp
            guard screen.handle(key) == .handled else { continue }
            handled.append(key)
            #expect(lists(key, in: help), "\(what): \(key) is handled but not in \(help)")
        }
        return handled
    }

    @Test("every key the cart, the checkout flow, the orders and an order handle is in their help, also rebound")
    func checkoutScreensHandleOnlyWhatTheyList() async throws {
        let directory = try TemporaryDirectory()
        let graph = try TestGraph.make(directory: directory.url)
        let declarations = InteractiveApp.keyDeclarations(graph)
        await graph.shutdown()
        let rebound = KeyMapFile.parse(
            Data(#"{"bindings": {"cart.remove": "d", "checkout.cart.continue": "f2"}}"#.utf8), path: "keys.json",
            declarations: declarations)
        #expect(rebound.problems.isEmpty, "\(rebound.problems)")
        for keyMap in [KeyMap.defaults, rebound.keyMap] {
            // A cart with a line, put there by the command line on a data directory of its own.
            let harness = try CommandHarness()
            #expect(await harness.run(["cart", "add", "sku_12"]) == .success, "\(harness.errors.contents)")
            let dependencies = try TestGraph.make(directory: harness.directory.url)
            func screen(_ route: Route) throws -> any TerminalView {
                let screen = try #require(
                    dependencies.entry(named: route.feature)?.makeScreen(
                        at: route, context: ScreenContext(theme: .ascii, keyMap: keyMap)))
                _ = screen.render(size: TerminalSize(columns: 80, rows: 24))
                return screen
            }
            let cart = try screen(CheckoutEntry.cartRoute)
            try await waitUntil("the cart's line loads", timeout: .seconds(10)) { !cart.keyHelp.isEmpty }
            let help = cart.keyHelp.map(\.key)
            #expect(help.contains(keyMap.bindings.isEmpty ? "x / delete" : "d"), "\(help)")
            let flow = try screen(CheckoutEntry.checkoutRoute)
            try await waitUntil("checkout shows its first step", timeout: .seconds(10)) { flow.keyHelp.count > 1 }
            #expect(flow.keyHelp.contains { $0.key == (keyMap.bindings.isEmpty ? "enter" : "F2") }, "\(flow.keyHelp)")
            // The flow first, as pressing keys on the cart removes its line.
            Self.pressEveryKey(on: flow, "checkout")
            let handled = Self.pressEveryKey(on: cart, "cart")
            #expect(handled.contains(.character(keyMap.bindings.isEmpty ? "x" : "d")) || cart.keyHelp.isEmpty)
            for route in [CheckoutEntry.ordersRoute, CheckoutEntry.orderRoute("ord_1")] {
                Self.pressEveryKey(on: try screen(route), route.screen)
            }
            await dependencies.shutdown()
        }
    }

    @Test("the help scrolls when it does not fit, at 40×12 and 80×24, and names the scroll keys")
    func helpScrolls() async throws {
        let directory = try TemporaryDirectory()
        let dependencies = try TestGraph.make(directory: directory.url)
        let shell = AppShell(dependencies: dependencies, theme: .ascii)
        dependencies.router.open(SearchEntry.productRoute("sku_12"))
        for size in [TerminalSize(columns: 40, rows: 12), TerminalSize(columns: 80, rows: 24)] {
            func text() -> String {
                shell.render(size: size).map { $0.spans.map(\.text).joined() }.joined(separator: "\n")
            }
            #expect(shell.handle(.character("?")) == .handled)
            let first = text()
            #expect(first.contains("Keys") && first.contains("pgdn"), "\(first)")
            #expect(!first.contains("ctrl-c"), "the last row is below the fold at \(size)")
            #expect(shell.handle(KeyEvent(.end)) == .handled)
            let last = text()
            #expect(last.contains("ctrl-c") && last != first, "\(last)")
            #expect(shell.handle(KeyEvent(.home)) == .handled)
            #expect(text() == first)
            _ = shell.handleMouse(MouseEvent(.wheel(.down), column: 2, row: 4))
            #expect(text() != first, "the wheel scrolls the help")
            #expect(shell.handle(.character("z")) == .handled)
            #expect(!text().contains("any other key closes it"))
        }
        await dependencies.shutdown()
    }
}
