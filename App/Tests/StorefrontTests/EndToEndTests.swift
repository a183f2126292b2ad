import FeatureKit
import Foundation
import Testing

extension IntegrationTests {
    /// The built `storefront` binary against its embedded backend, over real HTTP, each test with its own data directory.
    @Suite("end to end: the storefront binary")
    struct EndToEndTests {
        private static let address = [
            "--name", "Ada Lovelace", "--street", "1 Analytical Way", "--city", "London", "--postal-code", "N1 9GU",
            "--country", "GB", "--shipping", "standard", "--payment", "invoice",
        ]

        @Test("sign in, two feed pages, like, search, cart, checkout, the order, and a sign-out that leaves nothing")
        func shoppingJourney() async throws {
            let app = try StorefrontProcess()
            let login = try await app.run(["login", "ada", "--json"])
            try #require(login.status == 0, "\(login)")
            let user = try #require((try login.json() as? [String: Any])?["user"] as? [String: Any])
            let userID = try #require(user["id"] as? String)
            let accountDirectory = "\(try #require(user["instance_id"] as? String))-\(userID)"

            let first = try await app.run(["feed", "--limit", "5", "--json"])
            try #require(first.status == 0, "\(first)")
            let firstPage = try #require(try first.json() as? [String: Any])
            let cursor = try #require(firstPage["next_cursor"] as? String)
            let second = try await app.run(["feed", "--limit", "5", "--cursor", cursor, "--json"])
            try #require(second.status == 0, "\(second)")
            let firstIDs = Self.ids(firstPage["posts"])
            let secondIDs = Self.ids((try second.json() as? [String: Any])?["posts"])
            #expect(firstIDs.count == 5)
            #expect(secondIDs.count == 5)
            #expect(Set(firstIDs).isDisjoint(with: secondIDs), "the second page repeats posts of the first")

            let postID = try #require(secondIDs.first)
            let like = try await app.run(["like", postID, "--json"])
            try #require(like.status == 0, "\(like)")
            #expect((try like.json() as? [String: Any])?["liked_by_me"] as? Bool == true)

            let search = try await app.run(["search", "leather", "--json"])
            try #require(search.status == 0, "\(search)")
            let products = try #require((try search.json() as? [String: Any])?["products"] as? [[String: Any]])
            #expect(!products.isEmpty)
            #expect(products.allSatisfy { ($0["title"] as? String)?.lowercased().contains("leather") == true })
            let product = try #require(products.first { $0["availability"] as? String == "in_stock" })
            let productID = try #require(product["id"] as? String)

            let add = try await app.run(["cart", "add", productID, "--quantity", "2"])
            try #require(add.status == 0, "\(add)")
            let checkout = try await app.run(["checkout"] + Self.address + ["--yes", "--json"])
            try #require(checkout.status == 0, "\(checkout)")
            let orderID = try #require((try checkout.json() as? [String: Any])?["id"] as? String)

            let shown = try await app.run(["orders", "show", orderID, "--json"])
            try #require(shown.status == 0, "\(shown)")
            let order = try #require(try shown.json() as? [String: Any])
            #expect(order["id"] as? String == orderID)
            let items = try #require(order["items"] as? [[String: Any]])
            #expect(items.map { $0["product_id"] as? String } == [productID])
            #expect(items.first?["quantity"] as? Int == 2)
            let cart = try await app.run(["cart", "list", "--json"])
            #expect(((try cart.json() as? [String: Any])?["lines"] as? [Any])?.isEmpty == true, "\(cart)")

            let accountFilesBefore = StorefrontProcess.files(under: app.dataDirectory.url).filter {
                $0.contains("accounts/\(accountDirectory)/")
            }
            #expect(!accountFilesBefore.isEmpty, "the account kept nothing on disk before signing out")
            let logout = try await app.run(["logout"])
            try #require(logout.status == 0, "\(logout)")
            let left = StorefrontProcess.files(under: app.dataDirectory.url).filter {
                $0.contains("accounts/\(accountDirectory)")
            }
            #expect(left.isEmpty, "files of the account are left: \(left)")
            let preferences = try String(
                contentsOf: app.dataDirectory.url.appending(path: "config/app.json"), encoding: .utf8)
            #expect(!preferences.contains(userID))
            let whoami = try await app.run(["whoami", "--json"])
            #expect((try whoami.json() as? [String: Any])?["signed_in"] as? Bool == false)
        }

        @Test("a lost answer after the order committed is retried at once with its key: one order, well within 60 s")
        func droppedAnswerIsRetried() async throws {
            let app = try StorefrontProcess()
            try #require(try await app.run(["login", "grace"]).status == 0)
            let add = try await app.run(["cart", "add", "sku_12"])
            try #require(add.status == 0, "\(add)")
            // The feed call first leaves a kept-alive connection in the pool, so the order may be sent over a reused
            // one: the case where the HTTP stack used to re-send the head without its body and wait for the deadline.
            try #require(try await app.run(["feed", "--limit", "1"]).status == 0)

            let fault = "POST /v1/orders drop-after-commit times=1"
            let started = ContinuousClock.now
            let checkout = try await app.run(
                ["--request-timeout", "120", "--log-level", "debug", "--server-fault", fault, "checkout"] + Self.address
                    + ["--yes", "--json"])
            let elapsed = ContinuousClock.now - started
            print("checkout with a dropped answer (attempt timeout 120 s) took \(elapsed)")
            try #require(checkout.status == 0, "\(checkout)")
            #expect(elapsed < .seconds(60), "the dropped answer stalled the checkout for \(elapsed)")
            let orderID = try #require((try checkout.json() as? [String: Any])?["id"] as? String)

            let orders = try await app.run(["orders", "list", "--json"])
            try #require(orders.status == 0, "\(orders)")
            let listed = try #require(try orders.json() as? [[String: Any]])
            #expect(listed.map { $0["id"] as? String } == [orderID])
            let log = try String(
                contentsOf: app.dataDirectory.url.appending(path: "state/logs/storefront.log"), encoding: .utf8)
            #expect(log.contains("\"status\":\"dropped\""), "the fault never dropped an answer")
            #expect(!log.contains("POST /v1/orders failed: timed out"), "an attempt waited for its deadline")
        }

        @Test("a failed call's --json error names the request id the server logged, the same for all its attempts")
        func requestIDInJSONErrors() async throws {
            let app = try StorefrontProcess()
            let feed = try await app.run(["--server-fault", "GET /v1/feed status=500", "feed", "--json"])
            #expect(feed.status == 1, "\(feed)")
            let error = try #require((try feed.json() as? [String: Any])?["error"] as? [String: Any])
            let requestID = try #require(error["request_id"] as? String, "\(feed)")
            let log = try String(
                contentsOf: app.dataDirectory.url.appending(path: "state/logs/storefront.log"), encoding: .utf8)
            let served = log.split(separator: "\n").filter {
                $0.contains("\"message\":\"request\"") && $0.contains("\"path\":\"/v1/feed\"")
            }
            #expect(served.count > 1, "the 500 was not retried: \(served)")
            #expect(served.allSatisfy { $0.contains("\"request_id\":\"\(requestID)\"") }, "\(served)")

            let search = try await app.run(["--server-fault", "GET /v1/search status=503", "search", "bag", "--json"])
            #expect(search.status == 1, "\(search)")
            let searchError = try #require((try search.json() as? [String: Any])?["error"] as? [String: Any])
            #expect((searchError["request_id"] as? String)?.isEmpty == false, "\(search)")
        }

        @Test("usage errors exit 64, failed operations exit 1 with the API's error code")
        func exitCodes() async throws {
            let app = try StorefrontProcess()
            let usage = try await app.run(["cart", "add"])
            #expect(usage.status == 64)
            let missing = try await app.run(["product", "sku_does_not_exist"])
            #expect(missing.status == 1)
            #expect(missing.standardError.contains("not_found"), "\(missing)")
            let guestLike = try await app.run(["like", "post_1"])
            #expect(guestLike.status == 1)
            #expect(guestLike.standardError.contains("storefront login NAME"))
            let badLink = try await app.run(["open", "storefront://nowhere"])
            #expect(badLink.status == 64, "a link that names no screen is a bad value: a usage error")
            #expect(badLink.standardError.contains("there is no screen 'nowhere'"))
        }

        @Test("logs are JSON Lines under the state root, and a command writes nothing else to its streams")
        func logFile() async throws {
            let app = try StorefrontProcess()
            let feed = try await app.run(["--log-level", "debug", "feed", "--limit", "2"])
            try #require(feed.status == 0, "\(feed)")
            #expect(feed.standardError.isEmpty, "\(feed)")
            let log = try String(
                contentsOf: app.dataDirectory.url.appending(path: "state/logs/storefront.log"), encoding: .utf8)
            let lines = log.split(separator: "\n")
            #expect(lines.count > 3)
            for line in lines {
                let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                #expect(record?["level"] is String && record?["message"] is String)
            }
        }

        private static func ids(_ posts: Any?) -> [String] {
            (posts as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
    }
}
