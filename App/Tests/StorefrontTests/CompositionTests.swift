import Account
import Checkout
import DesignSystem
import FeatureKit
import Feed
import Foundation
import Models
import Persistence
import Search
import TestSupport
import Testing

@testable import StorefrontApp

extension IntegrationTests {
    /// The graph as the composition root builds it, against the embedded backend over real HTTP.
    @Suite("composition root")
    @MainActor
    struct CompositionTests {
        @Test("building the graph opens no database, starts no server and writes no file")
        func buildingOpensNothing() async throws {
            let directory = try TemporaryDirectory()
            let dependencies = try TestGraph.make(directory: directory.url)
            #expect(dependencies.backend?.runningServer == nil)
            #expect(dependencies.scope.account == .guest)
            #expect(StorefrontProcess.files(under: directory.url).isEmpty)
            _ = dependencies.account.status
            await dependencies.shutdown()
            #expect(StorefrontProcess.files(under: directory.url).isEmpty)
        }

        @Test("a cold-start link that needs sign-in waits behind the sign-in screen and opens once signed in")
        func coldStartLinkNeedingSignIn() async throws {
            let directory = try TemporaryDirectory()
            let dependencies = try TestGraph.make(directory: directory.url)
            dependencies.router.open(try TestGraph.deepLinks().route(from: "storefront://checkout"))
            #expect(dependencies.router.currentRoute == .signIn)
            #expect(dependencies.router.parkedPrompt == "Sign in to check out.")

            try await dependencies.account.signIn(userName: "linus")
            #expect(dependencies.router.currentRoute == .checkout)
            #expect(dependencies.router.parkedRoute == nil)
            #expect(dependencies.scope.account.directoryName != StorageAccount.guest.directoryName)
            await dependencies.shutdown()
        }

        @Test(
            "the guest cart joins the account's cart at sign-in; sign-out asks first, then brings the guest's graph back"
        )
        func guestCartMerge() async throws {
            let directory = try TemporaryDirectory()
            let dependencies = try TestGraph.make(directory: directory.url)
            let search = try #require(dependencies.scope.entry(SearchEntry.self))
            let product = try await search.lookUpProduct("sku_12")
            let guestCheckout = try #require(dependencies.scope.entry(CheckoutEntry.self))
            _ = try await guestCheckout.cart.add(product, quantity: 2)

            try await dependencies.account.signIn(userName: "margaret")
            let accountCart = try #require(dependencies.scope.entry(CheckoutEntry.self)).cart
            await accountCart.load()
            #expect(accountCart.lines.map(\.productID) == ["sku_12"])
            #expect(accountCart.lines.first?.quantity == 2)
            #expect(!dependencies.lastCartMerge.isEmpty)

            let asked = await dependencies.account.signOut(force: false)
            #expect(
                asked == .localDataWouldBeDeleted(["2 items in the cart"]), "sign-out asks first: the cart is not empty"
            )
            #expect(dependencies.scope.account != .guest)
            let outcome = await dependencies.account.signOut(force: true)
            #expect(outcome.didSignOut)
            #expect(dependencies.scope.account == .guest)
            let guestCart = try #require(dependencies.scope.entry(CheckoutEntry.self)).cart
            await guestCart.load()
            #expect(guestCart.lines.isEmpty, "the guest cart was emptied by the merge")
            await dependencies.shutdown()
        }

        @Test("a like made while signed out happens once after sign-in")
        func parkedLike() async throws {
            let directory = try TemporaryDirectory()
            let dependencies = try TestGraph.make(directory: directory.url)
            let guestFeed = try #require(dependencies.scope.entry(FeedEntry.self))
            await guestFeed.feature.loadPost("post_1990")
            await guestFeed.feature.toggleLike("post_1990")
            #expect(dependencies.router.currentRoute == .signIn)
            #expect(dependencies.router.parkedPrompt == "Sign in to like posts.")
            #expect(try await dependencies.scope.stores.outbox.pendingCount() == 0, "nothing is queued signed out")

            try await dependencies.account.signIn(userName: "barbara")
            #expect(dependencies.router.parked == nil)
            let feed = try #require(dependencies.scope.entry(FeedEntry.self))
            try await waitUntil("the parked like is made") { feed.feature.post(withID: "post_1990")?.isLiked == true }
            let report = try await dependencies.scope.stores.outbox.pushPending()
            #expect(report.pushed + report.remaining <= 1)
            let fresh = try await feed.repository.fetchPost(id: "post_1990")
            #expect(fresh.isLiked)
            await dependencies.shutdown()
        }

        @Test("the checkout's coordinator is released when its flow ends")
        func checkoutCoordinatorReleased() async throws {
            let directory = try TemporaryDirectory()
            let dependencies = try TestGraph.make(directory: directory.url)
            try await dependencies.account.signIn(userName: "frances")
            let screens = Screens(dependencies: dependencies, theme: .ascii, keyMap: .defaults)
            dependencies.router.open(.checkout)
            _ = screens.current()
            weak let coordinator = dependencies.scope.entry(CheckoutEntry.self)?.activeCheckout
            let started = ContinuousClock.now
            while coordinator?.stage == .notStarted, ContinuousClock.now - started < .seconds(10) {
                await Task.yield()
            }
            try #require(coordinator != nil)
            await coordinator?.cancel()
            #expect(dependencies.router.currentRoute == .cart)
            screens.prune()
            #expect(coordinator == nil, "the finished flow's coordinator is still alive")
            await dependencies.shutdown()
        }
    }
}
