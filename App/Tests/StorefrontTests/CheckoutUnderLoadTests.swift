import FeatureKit
import Foundation
import SampleBackend
import Testing

extension IntegrationTests {
    /// Exactly-once orders where users are: three `storefront checkout` processes of one two-line cart started
    /// together, again and again on one warm data directory (a cached feed, a draft left by an unconfirmed checkout
    /// every other round, the order history growing), beside two CPU-bound loops, against one shared server.
    @Suite("end to end: three checkouts of one cart under CPU load", .timeLimit(.minutes(3)))
    struct CheckoutUnderLoadTests {
        private static let rounds = 20
        private static let checkout = [
            "checkout", "--name", "Ada Lovelace", "--street", "1 Analytical Way", "--city", "London",
            "--postal-code", "N1 9GU", "--country", "GB", "--shipping", "standard", "--payment", "invoice",
        ]
        /// What a run that did not report the order may say instead: another run holds the claim for another cart
        /// (never expected here), the cart was already ordered when it started (`Your cart is empty.`), or it was
        /// changed under it.
        private static let allowedRefusals: Set<String> = ["checkout_in_progress", "checkout_step", "cart_changed"]

        private static func withSharedServer(_ body: (RunningServer) async throws -> Void) async throws {
            try await withSampleServer(
                { configuration in
                    configuration.catalog = CatalogConfiguration(
                        productCount: 20, postCount: 30, authorCount: 3, messyShare: 0, uniformStock: 100_000)
                    configuration.http.stopGracePeriod = .milliseconds(200)
                }, body)
        }

        private static func errorCode(_ result: StorefrontProcess.Result) -> String? {
            ((try? result.json() as? [String: Any])?["error"] as? [String: Any])?["code"] as? String
        }

        @Test("20 times three concurrent checkouts of a two-line cart beside two CPU-bound loops: one order each time")
        func threeAtOnceUnderLoad() async throws {
            try await Self.withSharedServer { server in
                let app = try StorefrontProcess()
                let api = ["--api-url", server.baseURL.absoluteString]
                func run(_ arguments: [String]) async throws -> StorefrontProcess.Result {
                    try await app.run(api + arguments)
                }
                let login = try await run(["login", "ada-under-load"])
                try #require(login.status == 0, "\(login)")
                let feed = try await run(["feed", "--limit", "10"])
                try #require(feed.status == 0, "a cached feed in the data directory: \(feed)")

                let load = try CPULoad(count: 2, bound: .seconds(170))
                defer { load.stop() }
                var known: Set<String> = []
                for round in 1...Self.rounds {
                    for (product, quantity) in [("sku_3", "1"), ("sku_7", "2")] {
                        let add = try await run(["cart", "add", product, "--quantity", quantity])
                        try #require(add.status == 0, "round \(round): \(add)")
                    }
                    if round.isMultiple(of: 2) {
                        // Not confirmed: the flow stops at the review and its draft stays for the runs to resume.
                        let unconfirmed = try await run(Self.checkout)
                        try #require(unconfirmed.status == 1, "round \(round): \(unconfirmed)")
                    }
                    async let first = run(Self.checkout + ["--yes", "--json"])
                    async let second = run(Self.checkout + ["--yes", "--json"])
                    async let third = run(Self.checkout + ["--yes", "--json"])
                    let results = try await [first, second, third]

                    let orders = try await run(["orders", "list", "--json"])
                    try #require(orders.status == 0, "round \(round): \(orders)")
                    let listed = try #require(try orders.json() as? [[String: Any]], "\(orders)")
                    let new = Set(listed.compactMap { $0["id"] as? String }).subtracting(known)
                    try #require(new.count == 1, "round \(round): \(new.count) new orders \(new.sorted())\n\(results)")
                    known.formUnion(new)
                    var reported = 0
                    for result in results {
                        if result.status == 0 {
                            let output = try #require(try result.json() as? [String: Any], "\(result)")
                            #expect(output["id"] as? String == new.first, "round \(round): \(result)")
                            reported += 1
                        } else {
                            #expect(result.status == 1, "round \(round): \(result)")
                            let code = Self.errorCode(result) ?? "none"
                            #expect(Self.allowedRefusals.contains(code), "round \(round): \(result)")
                        }
                    }
                    #expect(reported >= 1, "round \(round): a run reports the order\n\(results)")
                    let cart = try await run(["cart", "list", "--json"])
                    #expect(
                        ((try cart.json() as? [String: Any])?["lines"] as? [Any])?.isEmpty == true,
                        "round \(round): the order took the lines out of the cart: \(cart)")
                }
                #expect(load.isRunning, "the loops ran beside every round")
            }
        }
    }
}
