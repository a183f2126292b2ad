import FeatureKit
import Models
import TerminalUI
import Testing

@testable import StorefrontApp

@Suite("router")
@MainActor
struct RouterTests {
    final class Session {
        var isSignedIn = false
    }

    private func makeRouter() throws -> (AppRouter, Session) {
        let session = Session()
        let registry = try TestGraph.registry()
        return (
            AppRouter(
                tabs: registry.tabs, signInRoute: .signIn, isSignedIn: { session.isSignedIn },
                pattern: { registry.pattern(of: $0) }), session
        )
    }

    @Test("tab roots select their tab; other routes push on their home tab; a product stays on the feed")
    func opening() throws {
        let (router, _) = try makeRouter()
        #expect(router.currentRoute == .feed)
        router.open(.post("post_1"))
        router.open(.product("sku_1"))
        #expect(router.selectedTab == .feed)
        #expect(router.path(of: .feed) == [.feed, .post("post_1"), .product("sku_1")])
        router.open(.search(query: "lamp"))
        #expect(router.selectedTab == .search)
        #expect(router.path(of: .search) == [.search(query: "lamp")])
        router.open(.product("sku_2"))
        #expect(router.path(of: .search) == [.search(query: "lamp"), .product("sku_2")])
        router.select(.feed)
        #expect(router.currentRoute == .product("sku_1"), "a tab keeps its path")
        #expect(router.back())
        #expect(router.back())
        #expect(!router.back(), "the first screen of a tab has nothing behind it")
        router.open(.feed)
        #expect(router.path(of: .feed) == [.feed])
    }

    @Test("the tabs are the entries' declarations in their order, and a tab past the ninth gets no digit key")
    func declaredTabs() throws {
        let (router, _) = try makeRouter()
        #expect(router.tabs.map(\.title) == ["Feed", "Search", "Cart", "Lists"])
        let roots = (1...11).map { EntryTab(title: "T\($0)", key: "t\($0)", order: $0, root: .feed) }
        let keys = AppKeys(tabTitles: roots.map(\.title), shortcuts: [])
        #expect(keys.afterScreen(.character("9")) == .select(8))
        #expect(keys.afterScreen(KeyEvent(.character("1"), modifiers: .option)) == nil, "Alt-1 comes before the screen")
        #expect(keys.beforeScreen(KeyEvent(.character("9"), modifiers: .option)) == .select(8))
        let four = AppKeys(tabTitles: ["A", "B", "C", "D"], shortcuts: [])
        #expect(four.afterScreen(.character("5")) == nil, "no fifth tab, no fifth digit")
        #expect(four.beforeScreen(KeyEvent(.character("5"), modifiers: .option)) == nil)
    }

    @Test("a route that needs sign-in is parked behind the sign-in screen and opens after sign-in")
    func parking() throws {
        let (router, session) = try makeRouter()
        router.open(.checkout)
        #expect(router.selectedTab == .cart)
        #expect(router.currentRoute == .signIn)
        #expect(router.parkedRoute == .checkout)
        session.isSignedIn = true
        router.didSignIn()
        #expect(router.currentRoute == .checkout)
        #expect(router.path(of: .cart) == [.cart, .checkout])
        #expect(router.parkedRoute == nil)
        router.replaceTop(with: .order("ord_1"))
        #expect(router.path(of: .cart) == [.cart, .order("ord_1")])
        session.isSignedIn = false
        router.didSignOut()
        #expect(router.path(of: .cart) == [.cart], "screens that need sign-in go at sign-out")
    }

    @Test("leaving the sign-in screen drops the parked route")
    func abandoningSignIn() throws {
        let (router, session) = try makeRouter()
        router.open(.orders)
        #expect(router.back())
        #expect(router.parkedRoute == nil)
        session.isSignedIn = true
        router.didSignIn()
        #expect(router.currentRoute == .cart)
    }

    @Test(
        "every route opens from a cold start",
        arguments: [
            Route.feed, .post("post_3"), .product("sku_3"), .search(query: "tent"), .cart, .checkout, .orders,
            .order("ord_3"), .account, .signIn,
        ])
    func coldStart(route: Route) throws {
        let (router, session) = try makeRouter()
        session.isSignedIn = true
        router.open(route)
        #expect(router.currentRoute == route)
    }
}
