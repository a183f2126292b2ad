import DesignSystem
import FeatureKit
import Foundation
import Lists
import Models
import TerminalUI
import TestSupport
import Testing

@testable import StorefrontApp

extension IntegrationTests {
    /// The full-screen app's root view in-process, without a terminal: what each key does and what each route shows.
    @Suite("full-screen shell")
    @MainActor
    struct ShellTests {
        private static let size = TerminalSize(columns: 80, rows: 24)

        private static func text(_ shell: AppShell) -> String {
            shell.render(size: size).map { line in line.spans.map(\.text).joined() }.joined(separator: "\n")
        }

        @Test("tab keys, help, back, vi keys and quit")
        func keys() async throws {
            let directory = try TemporaryDirectory()
            let dependencies = try TestGraph.make(directory: directory.url)
            let shell = AppShell(dependencies: dependencies, theme: .ascii)
            let router = dependencies.router
            #expect(Self.text(shell).contains("[Feed]"))
            #expect(shell.render(size: Self.size).count == Self.size.rows)

            #expect(shell.handle(.character("2")) == .handled)
            #expect(router.selectedTab == .search)
            #expect(Self.text(shell).contains("[Search]"))
            #expect(shell.handle(KeyEvent(.character("3"), modifiers: .option)) == .handled)
            #expect(router.selectedTab == .cart)
            #expect(shell.handle(KeyEvent(.tab)) == .handled)
            #expect(router.selectedTab == .lists)
            #expect(shell.handle(KeyEvent(.tab)) == .handled)
            #expect(router.selectedTab == .feed)
            #expect(shell.handle(KeyEvent(.left)) == .handled)
            #expect(router.selectedTab == .lists)
            #expect(shell.handle(.character("3")) == .handled)
            #expect(router.selectedTab == .cart)

            #expect(shell.handle(.character("?")) == .handled)
            #expect(Self.text(shell).contains("any other key closes it."))
            #expect(shell.handle(.character("z")) == .handled)
            #expect(!Self.text(shell).contains("any other key closes it."))

            #expect(shell.handle(.character("a")) == .handled)
            #expect(router.currentRoute == .account)
            #expect(shell.handle(KeyEvent(.escape)) == .handled)
            #expect(router.currentRoute == .cart)

            #expect(shell.handle(.character("q")) == .ignored, "q is left to the run loop, which stops")
            await dependencies.shutdown()
        }

        @Test(
            "every route builds its screen from ids on a cold start",
            arguments: [
                Route.feed, .post("post_12"), .product("sku_12"), .search(query: "lamp"), .cart, .checkout,
                .orders, .order("ord_1"), .account, .signIn, ListsEntry.listsRoute, ListsEntry.listRoute("Weekly"),
                ListsEntry.conflictsRoute,
            ])
        func everyRoute(route: Route) async throws {
            let directory = try TemporaryDirectory()
            let dependencies = try TestGraph.make(directory: directory.url)
            try await dependencies.account.signIn(userName: "katherine")
            let shell = AppShell(dependencies: dependencies, theme: .ascii)
            dependencies.router.open(route)
            #expect(dependencies.router.currentRoute == route)
            let lines = shell.render(size: Self.size)
            #expect(lines.count == Self.size.rows)
            #expect(lines.allSatisfy { $0.width <= Self.size.columns })
            #expect(shell.screenCount == 1)
            await dependencies.shutdown()
        }

        @Test("a like while signed out asks for sign-in and happens after it")
        func likeWhileSignedOut() async throws {
            let directory = try TemporaryDirectory()
            let dependencies = try TestGraph.make(directory: directory.url)
            let shell = AppShell(dependencies: dependencies, theme: .ascii)
            dependencies.router.open(.post("post_7"))
            _ = shell.render(size: Self.size)
            #expect(shell.handle(.character("l")) == .handled)
            #expect(dependencies.router.currentRoute == .signIn)
            #expect(dependencies.router.parked == .perform(EntryAction(feature: "feed", name: "like", ids: ["post_7"])))
            #expect(Self.text(shell).contains("Sign in to like posts."))
            #expect(shell.handle(KeyEvent(.escape)) == .handled)
            #expect(dependencies.router.parked == nil, "leaving the sign-in screen drops the like")
            #expect(dependencies.router.currentRoute == .post("post_7"))
            await dependencies.shutdown()
        }
    }
}
