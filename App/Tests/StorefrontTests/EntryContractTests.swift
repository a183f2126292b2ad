import DesignSystem
import FeatureKit
import Feed
import Foundation
import Lists
import Models
import TerminalUI
import TestSupport
import Testing

@testable import StorefrontApp

/// The one screen of the playground.
enum PlaygroundDestination: EntryDestination {
    case playground

    static let pattern = RoutePattern(feature: "playground", screen: "playground", summary: "a playground")
    static var patterns: [RoutePattern] { [pattern] }

    init?(route: Route) {
        guard Self.pattern.matches(route) else { return nil }
        self = .playground
    }

    var route: Route { Self.pattern.route() }
}

/// The playground's one action: wish for a product.
enum PlaygroundAction: EntryActionSet {
    case wish(ProductID)

    init?(parked: EntryAction) {
        guard parked.feature == "playground", parked.name == "wish", parked.ids.count == 1 else { return nil }
        self = .wish(ProductID(rawValue: parked.ids[0]))
    }

    var parked: EntryAction {
        switch self {
        case .wish(let id): EntryAction(feature: "playground", name: "wish", ids: [id.rawValue])
        }
    }
}

/// A feature entry written for these tests: one screen (`storefront://playground`) on which `l` means "light", and
/// an action contributed to every screen about a product on `w`. It proves that the App dispatches by route and
/// intent alone.
@MainActor
final class PlaygroundEntry: FeatureEntry {
    nonisolated static let descriptor = FeatureDescriptor(name: "playground", routes: PlaygroundDestination.patterns)

    var onIntent: (@MainActor (FeatureIntent) -> Void)?
    private(set) var lights = 0
    private(set) var wished: [String] = []

    init(context: FeatureContext) {}

    func makeScreen(for destination: PlaygroundDestination, context: ScreenContext) -> any TerminalView {
        PlaygroundView(entry: self)
    }

    func contributions(to subject: ScreenSubject) -> [ScreenAction] {
        switch subject {
        case .product(let id): [ScreenAction(key: "w", title: "wish", action: PlaygroundAction.wish(id))]
        }
    }

    func perform(_ action: PlaygroundAction) async {
        switch action {
        case .wish(let id): wished.append(id.rawValue)
        }
    }

    fileprivate func light() { lights += 1 }
}

@MainActor
private final class PlaygroundView: TerminalView {
    let entry: PlaygroundEntry

    init(entry: PlaygroundEntry) {
        self.entry = entry
    }

    func render(size: TerminalSize) -> [StyledLine] {
        [StyledLine("Playground: \(entry.lights) lights")]
    }

    func handle(_ key: KeyEvent) -> KeyHandling {
        guard key == .character("l") else { return .ignored }
        entry.light()
        return .handled
    }
}

extension IntegrationTests {
    /// The feature entry contract as the App uses it: every route has exactly one owner that builds it from a cold
    /// start, keys belong to the screen that binds them, and entries add actions to each other's screens through
    /// the App.
    @Suite("feature entries")
    @MainActor
    struct EntryContractTests {
        private static let size = TerminalSize(columns: 80, rows: 24)

        private static func text(_ shell: AppShell) -> String {
            shell.render(size: size).map { line in line.spans.map(\.text).joined() }.joined(separator: "\n")
        }

        @Test("every registered route pattern has exactly one owner, which builds its screen from a cold start")
        func everyPatternHasOneOwner() async throws {
            let registry = try TestGraph.registry()
            #expect(registry.routePatterns.count >= 10)
            for pattern in registry.routePatterns {
                let owners = registry.descriptors.filter { descriptor in
                    descriptor.routes.contains {
                        $0.screen == pattern.screen && $0.idNames.count == pattern.idNames.count
                    }
                }
                #expect(owners.map(\.name) == [pattern.feature], "\(pattern.linkTemplate)")

                let directory = try TemporaryDirectory()
                let dependencies = try TestGraph.make(directory: directory.url)
                if pattern.requiresSignIn {
                    try await dependencies.account.signIn(userName: "grace")
                }
                let route = pattern.route(ids: pattern.idNames.indices.map { "id_\($0 + 1)" })
                let link = dependencies.deepLinks.url(for: route)
                #expect(try dependencies.deepLinks.route(from: link) == route, "\(link)")
                let shell = AppShell(dependencies: dependencies, theme: .ascii)
                dependencies.router.open(route)
                #expect(dependencies.router.currentRoute == route, "\(link)")
                let lines = shell.render(size: Self.size)
                #expect(lines.count == Self.size.rows)
                #expect(!Self.text(shell).contains("There is no screen"), "\(link)")
                #expect(shell.screenCount == 1)
                await dependencies.shutdown()
            }
        }

        @Test("two entries that register one link are refused at launch, naming both")
        func clashingPatternsAreRefused() {
            let other = FeatureDescriptor(
                name: "other", routes: [RoutePattern(feature: "other", screen: "feed", summary: "a second feed")])
            #expect {
                _ = try FeatureRegistry(AppEntries.descriptors() + [other])
            } throws: { error in
                "\(error)".contains("storefront://feed is registered by both 'feed' and 'other'")
            }
        }

        @Test("a command with a misspelt name is refused as a usage error, never run as another command")
        func misspeltCommandIsAnError() async throws {
            let catalog = try TestGraph.catalog()
            #expect(catalog.command(for: ["lsts", "show"]) == nil)
            #expect(catalog.command(for: ["orders", "shwo"])?.command.name != "orders show")
        }

        @Test("actions parked in the string form of before typed actions (fixtures of both forms) are still read")
        func parkedActionOfTheOldForm() throws {
            let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appending(path: "Fixtures/ParkedActions")
            let json = try Data(contentsOf: fixtures.appending(path: "before-typed-actions.json"))
            let fromJSON = try JSONDecoder().decode([EntryAction].self, from: json)
            let text = try String(contentsOf: fixtures.appending(path: "before-typed-actions.txt"), encoding: .utf8)
            let fromText = text.split(separator: "\n").map { EntryAction(text: String($0)) }
            #expect(fromText == fromJSON.map(Optional.some), "both forms name the same actions")
            for parked in fromJSON {
                #expect(parked.description == EntryAction(text: parked.description)?.description)
            }
            #expect(FeedAction(parked: fromJSON[0]) == .like("post_7"))
            #expect(ListsAction(parked: fromJSON[1]) == .add("sku_12"))
            #expect(FeedAction(parked: fromJSON[1]) == nil, "another entry's action is not Feed's")
            #expect(FeedAction.like("post_7").parked == fromJSON[0], "written back in the same form")
            #expect(EntryAction(text: "nodot post_7") == nil)
            #expect(ListsAction(parked: EntryAction(feature: "lists", name: "add", ids: [])) == nil)
        }

        @Test("what Feed asks for (a product) opens Search's product page through the App's one map")
        func outgoingToIncoming() async throws {
            let directory = try TemporaryDirectory()
            let dependencies = try TestGraph.make(directory: directory.url)
            dependencies.handle(.request(EntryRequest(FeedOutgoing.showProduct("sku_3"))))
            #expect(dependencies.router.currentRoute == .product("sku_3"))
            #expect(dependencies.router.selectedTab == .feed, "a product opens in place")
            await dependencies.shutdown()
        }

        @Test("a command whose words begin another's is refused at launch (`login` and `login list`)")
        func commandPrefixesAreRefused() {
            let other = FeatureDescriptor(
                name: "other",
                commands: [
                    CommandSpec(
                        ["login", "list"], help: "A list named login.",
                        run: .on(PlaygroundEntry.self) { _, _ in .success })
                ])
            #expect {
                _ = try FeatureRegistry(AppEntries.descriptors() + [other])
            } throws: { error in
                "\(error)".contains("command 'login list' of 'other' starts with command 'login' of 'account'")
            }
        }

        @Test("signed out, `l` on a screen that binds it to something else is that screen's, with no sign-in prompt")
        func keysBelongToTheirScreen() async throws {
            let directory = try TemporaryDirectory()
            let dependencies = try TestGraph.make(directory: directory.url, extraEntries: [PlaygroundEntry.self])
            let shell = AppShell(dependencies: dependencies, theme: .ascii)
            dependencies.router.open(try dependencies.deepLinks.route(from: "storefront://playground"))
            #expect(Self.text(shell).contains("Playground: 0 lights"))
            #expect(shell.handle(.character("l")) == .handled)
            #expect(Self.text(shell).contains("Playground: 1 lights"))
            #expect(!dependencies.router.currentRoute.isSignIn)
            #expect(dependencies.router.parked == nil)
            #expect(!Self.text(shell).contains("Sign in"))
            await dependencies.shutdown()
        }

        @Test("an entry's action on another entry's screen reaches it through the App, with the screen's ids")
        func contributedActions() async throws {
            let directory = try TemporaryDirectory()
            let dependencies = try TestGraph.make(directory: directory.url, extraEntries: [PlaygroundEntry.self])
            let shell = AppShell(dependencies: dependencies, theme: .ascii)
            dependencies.router.open(.product("sku_12"))
            _ = shell.render(size: Self.size)
            #expect(shell.contributions.map(\.title) == ["add to list", "wish"], "Lists' and the playground's")
            #expect(shell.handle(.character("w")) == .handled)
            let playground = try #require(dependencies.scope.entry(PlaygroundEntry.self))
            try await waitUntil("the wish arrives") { playground.wished == ["sku_12"] }
            await dependencies.shutdown()
        }

        @Test("? lists exactly the keys that work where the user is: the screen's, those added to it, the app's")
        func helpListsTheKeysOfTheScreen() async throws {
            let directory = try TemporaryDirectory()
            let dependencies = try TestGraph.make(directory: directory.url, extraEntries: [PlaygroundEntry.self])
            let shell = AppShell(dependencies: dependencies, theme: .ascii)

            dependencies.router.open(.search(query: ""))
            _ = shell.render(size: Self.size)
            #expect(shell.handle(KeyEvent(.function(1))) == .handled)
            let typing = Self.text(shell)
            #expect(typing.contains("While typing"))
            #expect(typing.contains("ctrl-u"), "the field's own keys")
            #expect(!typing.contains("  q  "), "q is typed in the field, so it is not listed as quit")
            _ = shell.handle(.character("z"))

            dependencies.router.open(.product("sku_12"))
            _ = shell.render(size: Self.size)
            #expect(shell.handle(.character("?")) == .handled)
            let product = Self.text(shell)
            // The help scrolls: its lines end in the scroll bar (`|` and `#` in ASCII).
            let lines = product.split(separator: "\n").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: " |#"))
            }
            #expect(lines.contains { $0.hasPrefix("w ") && $0.hasSuffix(" wish") }, "the key another entry adds")
            #expect(product.contains("Everywhere"))
            await dependencies.shutdown()
        }
    }
}
