import FeatureKit
import Models
import Testing

@testable import StorefrontApp

@Suite("router")
@MainActor
struct RouterTests {
    final class Session {
        var isSignedIn = false
    }

    private func makeRouter() -> (AppRouter, Session) {
        let session = Session()
        return (
            AppRouter(
                isSignedIn: { session.isSignedIn },
                signInPrompt: { route in
                    [Route.checkout, .orders].contains(route) || route.screen == "orders" ? "Sign in." : nil
                }), session
        )
    }

    @Test("tab roots select their tab; other routes push on their home tab; a product stays on the feed")
    func opening() {
        let (router, _) = makeRouter()
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

    @Test("a route that needs sign-in is parked behind the sign-in screen and opens after sign-in")
    func parking() {
        let (router, session) = makeRouter()
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
    func abandoningSignIn() {
        let (router, session) = makeRouter()
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
    func coldStart(route: Route) {
        let (router, session) = makeRouter()
        session.isSignedIn = true
        router.open(route)
        #expect(router.currentRoute == route)
    }
}
