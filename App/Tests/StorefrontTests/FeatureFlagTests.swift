import Checkout
import FeatureKit
import Feed
import Foundation
import Logging
import Networking
import NetworkingTestSupport
import Search
import TestSupport
import Testing

@testable import StorefrontApp

@Suite("feature flags")
struct FeatureFlagTests {
    /// The flags of the app's entries, in registration order (Feed's, Search's, Checkout's).
    static let declarations = [FeedEntry.likesFlag, SearchEntry.suggestionsFlag, CheckoutEntry.expressShippingFlag]

    private static let config = """
        {"flags": {"express_shipping": true, "feed_likes": false, "beta_thing": true, "rollout": 0.5},
         "shipping_options": [
            {"id": "standard", "title": "Standard", "price": {"amount_minor": 490, "currency": "EUR"}, "days": 5},
            {"id": "broken"},
            {"id": "express", "title": "Express", "price": {"amount_minor": 1490, "currency": "EUR"}, "days": 1}]}
        """

    @Test("without a server answer or a cache, every flag is its compiled-in default")
    func defaults() {
        let evaluation = FeatureFlags.evaluate(Self.declarations, server: nil, overrides: [:])
        #expect(evaluation.flags == FeatureFlags.defaults(Self.declarations))
        #expect(evaluation.flags.isOn(CheckoutEntry.expressShippingFlag) == false)
        #expect(evaluation.flags.isOn(FeedEntry.likesFlag))
        #expect(evaluation.entries.allSatisfy { $0.source == .default })
    }

    @Test("overrides win over the server, the server over the defaults; unknown names are reported, not used")
    func precedence() {
        let evaluation = FeatureFlags.evaluate(
            Self.declarations, server: ["express_shipping": true, "feed_likes": false],
            overrides: ["feed_likes": true, "made_up": true])
        #expect(evaluation.flags.isOn(CheckoutEntry.expressShippingFlag))
        #expect(evaluation.flags.isOn(FeedEntry.likesFlag))
        #expect(evaluation.flags.isOn(SearchEntry.suggestionsFlag))
        #expect(evaluation.entries.map(\.source) == [.override, .default, .server])
        #expect(evaluation.unknownOverrides == ["made_up"])
        #expect(evaluation.flags["feed_likes"] == true)
        #expect(evaluation.flags["made_up"] == nil)
    }

    @Test("a fetched configuration is cached atomically and read back on the next launch")
    func caching() async throws {
        let directory = try TemporaryDirectory()
        let cacheURL = directory.url.appending(path: "cache/config.json")
        let clock = ManualClock()
        let transport = ScriptedTransport(clock: clock)
        transport.enqueue(.json(Self.config))
        let service = FeatureFlagService(
            client: .testing(transport: transport, clock: clock), cacheURL: cacheURL, overrides: [:],
            declarations: Self.declarations,
            now: { Date(timeIntervalSince1970: 1_800_000_000) },
            logger: .init(label: "test", handler: CapturingLogHandler()))
        #expect(service.cachedConfig() == nil)

        let fetched = try await service.refresh()
        #expect(transport.requests.map(\.summary) == ["GET /v1/config"])
        #expect(fetched.flags == ["express_shipping": true, "feed_likes": false, "beta_thing": true])
        #expect(fetched.shippingOptions.map(\.id) == ["standard", "express"], "a broken option is left out")

        let nextLaunch = FeatureFlagService(
            client: .testing(transport: ScriptedTransport(clock: clock), clock: clock), cacheURL: cacheURL,
            overrides: ["express_shipping": false], declarations: Self.declarations, now: { Date() },
            logger: .init(label: "test", handler: CapturingLogHandler()))
        let cached = try #require(nextLaunch.cachedConfig())
        #expect(cached == fetched)
        let flags = nextLaunch.evaluate(cached).flags
        #expect(!flags.isOn(CheckoutEntry.expressShippingFlag))
        #expect(!flags.isOn(FeedEntry.likesFlag))
        let leftovers = try FileManager().contentsOfDirectory(atPath: cacheURL.deletingLastPathComponent().path)
        #expect(leftovers == ["config.json"], "no temporary file is left beside the cache")
    }

    @Test("an unreadable cache means the defaults, and a failed fetch keeps the cache")
    func unreadableCache() async throws {
        let directory = try TemporaryDirectory()
        let cacheURL = directory.url.appending(path: "config.json")
        try Data("{ not json".utf8).write(to: cacheURL)
        let clock = ManualClock()
        let transport = ScriptedTransport(clock: clock)
        transport.enqueue(.failure(.notConnectedToInternet))
        let service = FeatureFlagService(
            client: .testing(transport: transport, clock: clock), cacheURL: cacheURL, overrides: [:],
            declarations: Self.declarations,
            now: { Date() },
            logger: .init(label: "test", handler: CapturingLogHandler()))
        #expect(service.cachedConfig() == nil)
        #expect(service.evaluate(service.cachedConfig()).flags == FeatureFlags.defaults(Self.declarations))
        #expect(await service.currentConfig() == nil)
        #expect(try Data(contentsOf: cacheURL) == Data("{ not json".utf8))
    }
}
