import Account
import Checkout
import DesignSystem
import Foundation
import Models
import Persistence
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
            dependencies.router.open(try DeepLink.route(from: "storefront://checkout"))
            #expect(dependencies.router.currentRoute == .signIn)
            #expect(Screens.prompt(for: dependencies.router.parkedRoute) == "Sign in to check out.")

            try await dependencies.account.signIn(userName: "linus")
            #expect(dependencies.router.currentRoute == .checkout)
            #expect(dependencies.router.parkedRoute == nil)
            #expect(dependencies.scope.account.directoryName != StorageAccount.guest.directoryName)
            await dependencies.shutdown()
        }

        @Test("the guest cart joins the account's cart at sign-in; sign-out brings the guest's graph back")
        func guestCartMerge() async throws {
            let directory = try TemporaryDirectory()
            let dependencies = try TestGraph.make(directory: directory.url)
            let product = try await dependencies.scope.stores.search.product(id: "sku_12").summary
            _ = try await dependencies.scope.cart.add(product, quantity: 2)

            try await dependencies.account.signIn(userName: "margaret")
            let accountCart = dependencies.scope.cart
            await accountCart.load()
            #expect(accountCart.lines.map(\.productID) == ["sku_12"])
            #expect(accountCart.lines.first?.quantity == 2)
            #expect(!dependencies.lastCartMerge.isEmpty)

            let outcome = await dependencies.account.signOut(force: false)
            #expect(outcome.didSignOut)
            #expect(dependencies.scope.account == .guest)
            await dependencies.scope.cart.load()
            #expect(dependencies.scope.cart.lines.isEmpty, "the guest cart was emptied by the merge")
            await dependencies.shutdown()
        }

        @Test("a like made while signed out happens once after sign-in")
        func parkedLike() async throws {
            let directory = try TemporaryDirectory()
            let dependencies = try TestGraph.make(directory: directory.url)
            dependencies.likeAfterSignIn("post_1990", from: .feed)
            #expect(dependencies.router.currentRoute == .signIn)

            try await dependencies.account.signIn(userName: "barbara")
            #expect(dependencies.parkedLike == nil)
            #expect(dependencies.scope.feed.post(withID: "post_1990")?.isLiked == true)
            let report = try await dependencies.scope.stores.outbox.pushPending()
            #expect(report.pushed + report.remaining <= 1)
            let fresh = try await dependencies.scope.stores.feed.fetchPost(id: "post_1990")
            #expect(fresh.isLiked)
            await dependencies.shutdown()
        }

        @Test("the checkout's coordinator is released when its flow ends")
        func checkoutCoordinatorReleased() async throws {
            let directory = try TemporaryDirectory()
            let dependencies = try TestGraph.make(directory: directory.url)
            try await dependencies.account.signIn(userName: "frances")
            let screens = Screens(dependencies: dependencies, theme: .ascii)
            dependencies.router.open(.checkout)
            _ = screens.current()
            weak let coordinator = screens.activeCheckout
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
