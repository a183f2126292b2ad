import FeatureKit
import Foundation
import Testing

extension IntegrationTests {
    /// Exactly-once orders through the built `storefront` binary and its embedded backend: concurrent processes on
    /// one data directory, a lost answer, and a cart changed while an earlier outcome is unknown.
    @Suite("end to end: exactly-once checkout")
    struct ExactlyOnceCheckoutTests {
        private static let checkout = [
            "checkout", "--name", "Ada Lovelace", "--street", "1 Analytical Way", "--city", "London",
            "--postal-code", "N1 9GU", "--country", "GB", "--shipping", "standard", "--payment", "invoice", "--yes",
        ]

        /// A signed-in data directory with one product in the cart.
        private func signedInWithCart(_ user: String) async throws -> StorefrontProcess {
            let app = try StorefrontProcess()
            let login = try await app.run(["login", user])
            try #require(login.status == 0, "\(login)")
            let add = try await app.run(["cart", "add", "sku_12"])
            try #require(add.status == 0, "\(add)")
            return app
        }

        /// The ids of the signed-in user's orders on the server.
        private func orderIDs(_ app: StorefrontProcess) async throws -> [String] {
            let orders = try await app.run(["orders", "list", "--json"])
            try #require(orders.status == 0, "\(orders)")
            let listed = try #require(try orders.json() as? [[String: Any]], "\(orders)")
            return listed.compactMap { $0["id"] as? String }
        }

        private static func errorCode(_ result: StorefrontProcess.Result) -> String? {
            ((try? result.json() as? [String: Any])?["error"] as? [String: Any])?["code"] as? String
        }

        @Test("three checkouts started together on one data dir place one order; the others report it or wait")
        func concurrentCheckouts() async throws {
            for round in 1...5 {
                let app = try await signedInWithCart("ada-\(round)")
                let arguments = ["--server-fault", "POST /v1/orders latency=3s"] + Self.checkout + ["--json"]
                async let first = app.run(arguments)
                async let second = app.run(arguments)
                async let third = app.run(arguments)
                let results = try await [first, second, third]

                let orders = try await orderIDs(app)
                #expect(orders.count == 1, "round \(round): \(orders.count) orders\n\(results)")
                var placedHere = 0
                for result in results {
                    if result.status == 0 {
                        let output = try #require(try result.json() as? [String: Any], "\(result)")
                        #expect(output["id"] as? String == orders.first, "round \(round): \(result)")
                        if output["placed_by"] as? String == "this_checkout" { placedHere += 1 }
                    } else {
                        #expect(result.status == 1, "round \(round): \(result)")
                        #expect(Self.errorCode(result) == "checkout_in_progress", "round \(round): \(result)")
                    }
                }
                #expect(placedHere == 1, "round \(round): one run sends the order\n\(results)")
            }
        }

        @Test("a lost answer: the first run ends with an unknown outcome, the next one reports that order")
        func lostAnswerIsReconciled() async throws {
            let app = try await signedInWithCart("grace")
            let lost = try await app.run(
                [
                    "--server-fault", "POST /v1/orders drop-after-commit times=1", "--server-fault",
                    "POST /v1/orders status=503",
                ]
                    + Self.checkout)
            #expect(lost.status == 1, "\(lost)")
            #expect(lost.standardError.contains("outcome is unknown"), "\(lost)")

            let next = try await app.run(Self.checkout)
            #expect(next.status == 0, "\(next)")
            #expect(next.standardOutput.contains("Your earlier order went through"), "\(next)")
            let orders = try await orderIDs(app)
            #expect(orders.count == 1, "\(orders)")
            if let id = orders.first { #expect(next.standardOutput.contains(id), "\(next)") }
            let cart = try await app.run(["cart", "list", "--json"])
            #expect(((try cart.json() as? [String: Any])?["lines"] as? [Any])?.isEmpty == true, "\(cart)")

            let again = try await app.run(Self.checkout)
            #expect(again.status == 1, "an emptied cart orders nothing more: \(again)")
            #expect(try await orderIDs(app).count == 1)
        }

        @Test("a cart changed while an earlier outcome is unknown needs --start-over; then one new order")
        func changedCartNeedsStartOver() async throws {
            let app = try await signedInWithCart("hopper")
            let failed = try await app.run(["--server-fault", "POST /v1/orders status=503"] + Self.checkout)
            #expect(failed.status == 1, "\(failed)")
            #expect(failed.standardError.contains("outcome is unknown"), "\(failed)")
            let add = try await app.run(["cart", "add", "sku_12"])
            try #require(add.status == 0, "\(add)")

            let refused = try await app.run(Self.checkout + ["--json"])
            #expect(refused.status == 1, "\(refused)")
            #expect(Self.errorCode(refused) == "checkout_outcome_unknown", "\(refused)")
            #expect(refused.standardError.contains("the items"), "\(refused)")
            #expect(refused.standardError.contains("--start-over"), "\(refused)")
            #expect(try await orderIDs(app).isEmpty)

            let started = try await app.run(Self.checkout + ["--start-over", "--json"])
            #expect(started.status == 0, "\(started)")
            let orders = try await orderIDs(app)
            #expect(orders.count == 1)
            #expect((try started.json() as? [String: Any])?["id"] as? String == orders.first)
        }

        @Test(
            "sign-out asks the server about an unknown outcome first, and keeps asking for --force while it stays unknown"
        )
        func signOutWithUnknownOutcome() async throws {
            let app = try await signedInWithCart("lin")
            let failed = try await app.run(["--server-fault", "POST /v1/orders status=503"] + Self.checkout)
            #expect(failed.status == 1, "\(failed)")
            let refused = try await app.run(["logout"])
            #expect(refused.status == 1, "\(refused)")
            #expect(refused.standardError.contains("an order whose outcome is unknown"), "\(refused)")
            let forced = try await app.run(["logout", "--force"])
            #expect(forced.status == 0, "\(forced)")
            #expect(forced.standardOutput.contains("its record was kept in"), "\(forced)")
            let kept = StorefrontProcess.files(under: app.dataDirectory.url.appending(path: "state/unresolved-orders"))
            #expect(kept.count == 1, "the submission outlives the account: \(kept)")
            if let name = kept.first {
                let record = try JSONSerialization.jsonObject(
                    with: Data(contentsOf: app.dataDirectory.url.appending(path: "state/unresolved-orders/\(name)")))
                let fields = try #require(record as? [String: Any])
                #expect(forced.standardOutput.contains(fields["client_id"] as? String ?? "?"), "\(forced)")
                #expect(fields["submission"] is [String: Any], "\(fields)")
            }

            let went = try await signedInWithCart("mary")
            let lost = try await went.run(
                [
                    "--server-fault", "POST /v1/orders drop-after-commit times=1", "--server-fault",
                    "POST /v1/orders status=503",
                ] + Self.checkout)
            #expect(lost.status == 1, "\(lost)")
            let asked = try await went.run(["logout"])
            #expect(asked.status == 1, "the cart is still there: \(asked)")
            #expect(!asked.standardError.contains("outcome is unknown"), "the server had the order: \(asked)")
            #expect(try await orderIDs(went).count == 1)
        }
    }
}
