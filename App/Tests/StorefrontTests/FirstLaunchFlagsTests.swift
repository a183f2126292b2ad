import Checkout
import FeatureKit
import Foundation
import TestSupport
import Testing

@testable import StorefrontApp

extension IntegrationTests {
    /// A fresh data directory has no cached configuration: the first session's flags must still follow the server
    /// once its configuration arrives, without launch waiting for it.
    @Suite("flags in the first session of a fresh data directory", .timeLimit(.minutes(3)))
    @MainActor
    struct FirstLaunchFlagsTests {
        @Test("express shipping is offered in the first session once the server's configuration arrives")
        func expressInFirstSession() async throws {
            let directory = try TemporaryDirectory()
            let dependencies = try TestGraph.make(directory: directory.url)
            #expect(dependencies.scope.context.flags.isOn(CheckoutEntry.expressShippingFlag) == false, "the defaults")
            var rebuilt = 0
            dependencies.onScopeChanged = { _ in rebuilt += 1 }

            await dependencies.refreshRemoteConfig()

            #expect(dependencies.flags.flags.isOn(CheckoutEntry.expressShippingFlag))
            #expect(dependencies.state.flags.isOn(CheckoutEntry.expressShippingFlag))
            #expect(rebuilt == 0, "nothing on screen is rebuilt")
            let options = try #require(dependencies.remoteConfig?.shippingOptions)
            let coordinator = try #require(dependencies.scope.entry(CheckoutEntry.self)).makeCheckoutCoordinator(
                shippingOptions: options)
            #expect(coordinator.shippingOptions.contains { $0.isExpress }, "\(coordinator.shippingOptions)")

            await dependencies.shutdown()

            let nextLaunch = try TestGraph.make(directory: directory.url)
            #expect(nextLaunch.scope.context.flags.isOn(CheckoutEntry.expressShippingFlag), "from the cache")
            await nextLaunch.refreshRemoteConfig()
            await nextLaunch.shutdown()
        }

        @Test("a checkout command without a cached configuration offers express when the server has it on")
        func expressInACommandWithoutCache() async throws {
            let app = try StorefrontProcess()
            try #require(try await app.run(["login", "ada"]).status == 0)
            try #require(try await app.run(["cart", "add", "sku_12"]).status == 0)
            let cache = app.dataDirectory.url.appending(path: "cache/config.json")
            try? FileManager().removeItem(at: cache)
            let placed = try await app.run([
                "checkout", "--name", "Ada Lovelace", "--street", "1 Analytical Way", "--city", "London",
                "--postal-code", "N1 9GU", "--country", "GB", "--shipping", "express", "--payment", "invoice", "--yes",
                "--json",
            ])
            #expect(placed.status == 0, "\(placed)")
            #expect(placed.standardOutput.contains("express"), "\(placed)")
            #expect(FileManager().fileExists(atPath: cache.path), "the fetched configuration is cached")
        }
    }
}
