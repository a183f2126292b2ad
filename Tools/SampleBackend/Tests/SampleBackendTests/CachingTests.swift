import Foundation
import Networking
import Testing

@testable import SampleBackend

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("HTTP caching: ETags, 304 and invalidation across processes")
struct CachingTests {
    @Test("a product answer is public with a strong ETag; If-None-Match revalidates to 304 without a body")
    func productRevalidation() async throws {
        try await withTestServer { server in
            let client = server.client
            let first = try await client.get("/v1/products/sku_3")
            #expect(first.status == 200)
            #expect(first.header("Cache-Control") == "public, max-age=60")
            let tag = try #require(first.header("ETag"))
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && !tag.hasPrefix("W/"), "a strong entity tag")
            for sent in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
                let again = try await client.get("/v1/products/sku_3", headers: ["If-None-Match": sent])
                #expect(again.status == 304, "If-None-Match: \(sent)")
                #expect(again.body.isEmpty)
                #expect(again.header("ETag") == tag)
                #expect(again.header("Cache-Control") == "public, max-age=60")
            }
            let other = try await client.get("/v1/products/sku_3", headers: ["If-None-Match": "\"stale\""])
            #expect(other.status == 200)
            #expect(other.body == first.body)
            let elsewhere = try await client.get("/v1/products/sku_4", headers: ["If-None-Match": tag])
            #expect(elsewhere.status == 200, "another product has another tag")

            try await server.server.setPrice(productID: "sku_3", amountMinor: 12_345)
            let changed = try await client.get("/v1/products/sku_3", headers: ["If-None-Match": tag])
            #expect(changed.status == 200)
            #expect((changed.object["price"] as? [String: Any])?["amount_minor"] as? Int == 12_345)
            #expect(changed.header("ETag") != tag)
        }
    }

    @Test("search and config answers carry ETags and revalidate; errors carry none")
    func catalogAnswers() async throws {
        try await withTestServer { server in
            let client = server.client
            for path in ["/v1/search?q=leather&limit=5", "/v1/config"] {
                let first = try await client.get(path)
                let tag = try #require(first.header("ETag"), "\(path)")
                #expect(first.header("Cache-Control")?.hasPrefix("public, max-age=") == true)
                #expect(try await client.get(path, headers: ["If-None-Match": tag]).status == 304, "\(path)")
            }
            let missing = try await client.get("/v1/products/sku_999999")
            #expect(missing.status == 404)
            #expect(missing.header("ETag") == nil)
        }
    }

    @Test("the feed is private, no-cache with per-user ETags that change when the user's view changes")
    func privateFeed() async throws {
        try await withTestServer { server in
            let client = server.client
            let ada = try await client.signIn("ada")
            let eve = try await client.signIn("eve")
            let adaFeed = try await client.get("/v1/feed?limit=5", token: ada)
            let eveFeed = try await client.get("/v1/feed?limit=5", token: eve)
            let anonymous = try await client.get("/v1/feed?limit=5")
            #expect(adaFeed.header("Cache-Control") == "private, no-cache")
            #expect(adaFeed.header("Vary") == "Authorization")
            #expect(adaFeed.body == eveFeed.body, "no likes yet: the same bytes")
            let adaTag = try #require(adaFeed.header("ETag"))
            #expect(adaTag != eveFeed.header("ETag"), "but each user has their own tag")
            #expect(adaTag != anonymous.header("ETag"))
            #expect(
                try await client.get("/v1/feed?limit=5", token: ada, headers: ["If-None-Match": adaTag]).status == 304)
            #expect(
                try await client.get("/v1/feed?limit=5", token: eve, headers: ["If-None-Match": adaTag]).status == 200,
                "one user's tag never revalidates another's answer")

            let first = try #require((adaFeed.object["posts"] as? [[String: Any]])?.first?["id"])
            #expect(try await client.send("PUT", "/v1/posts/\(first)/like", token: ada).status == 200)
            let liked = try await client.get("/v1/feed?limit=5", token: ada, headers: ["If-None-Match": adaTag])
            #expect(liked.status == 200, "liked_by_me changed")
            #expect(liked.header("ETag") != adaTag)
        }
    }

    @Test("a change made by another server process on the same database invalidates the catalog answers kept here")
    func invalidationAcrossInstances() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sample-backend-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let tidy = CatalogConfiguration(productCount: 50, postCount: 10, authorCount: 5, messyShare: 0)
        try await withTestServer(catalog: tidy, dataDirectory: directory) { first in
            try await withTestServer(catalog: tidy, dataDirectory: directory) { second in
                let before = try await first.client.get("/v1/products/sku_5")
                let tag = try #require(before.header("ETag"))
                #expect(try await first.client.get("/v1/products/sku_5", headers: ["If-None-Match": tag]).status == 304)
                // Picture links carry each server's own origin; apart from them, the two answers are the same bytes.
                let fromSecond = try await second.client.get("/v1/products/sku_5")
                #expect(
                    fromSecond.text.replacingOccurrences(of: second.server.baseURL.absoluteString, with: "")
                        == before.text.replacingOccurrences(of: first.server.baseURL.absoluteString, with: ""))

                try await second.server.setPrice(productID: "sku_5", amountMinor: 777)
                let after = try await first.client.get("/v1/products/sku_5", headers: ["If-None-Match": tag])
                #expect(after.status == 200, "the first server saw the second one's change")
                #expect((after.object["price"] as? [String: Any])?["amount_minor"] as? Int == 777)

                try await second.server.setStock(productID: "sku_5", stock: 0)
                let sold = try await first.client.get("/v1/products/sku_5")
                #expect(sold.object["availability"] as? String == "out_of_stock")
                #expect(sold.header("ETag") != after.header("ETag"))
            }
        }
    }

    @Test("feed pages kept by one server process are dropped when another process likes a post or adds one")
    func feedInvalidationAcrossInstances() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sample-backend-feed-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let tidy = CatalogConfiguration(productCount: 50, postCount: 10, authorCount: 5, messyShare: 0)
        try await withTestServer(catalog: tidy, dataDirectory: directory) { first in
            try await withTestServer(catalog: tidy, dataDirectory: directory) { second in
                let ada = try await first.client.signIn("ada")
                let before = try await first.client.get("/v1/feed?limit=3", token: ada)
                let tag = try #require(before.header("ETag"))
                #expect(try await first.client.get("/v1/feed?limit=3", token: ada).body == before.body)
                let top = try #require((before.object["posts"] as? [[String: Any]])?.first)
                let id = try #require(top["id"] as? String)
                let likes = try #require(top["like_count"] as? Int)

                #expect(try await second.client.send("PUT", "/v1/posts/\(id)/like", token: ada).status == 200)
                let liked = try await first.client.get("/v1/feed?limit=3", token: ada, headers: ["If-None-Match": tag])
                #expect(liked.status == 200, "the first server saw the second one's like")
                let likedTop = try #require((liked.object["posts"] as? [[String: Any]])?.first)
                #expect(likedTop["liked_by_me"] as? Bool == true)
                #expect(likedTop["like_count"] as? Int == likes + 1)

                let added = try await second.server.addPostToFeed()
                let grown = try await first.client.get("/v1/feed?limit=3", token: ada)
                #expect((grown.object["posts"] as? [[String: Any]])?.first?["id"] as? String == added)
            }
        }
    }
}

@Suite("Core/Networking's transport against the server")
struct TransportRevalidationTests {
    @Test("CurlTransport revalidates with If-None-Match: the server answers 304, the caller gets the full 200")
    func transportRevalidates() async throws {
        try await withTestServer { server in
            let transport = try LiveTransports.api(entityTags: EntityTagCache())
            let request = URLRequest(url: server.server.baseURL.appendingPathComponent("v1/products/sku_2"))
            let (first, firstResponse) = try await transport.send(request)
            let (second, secondResponse) = try await transport.send(request)
            #expect(firstResponse.statusCode == 200 && secondResponse.statusCode == 200)
            #expect(second == first)
            #expect(secondResponse.value(forHTTPHeaderField: "Content-Type") == "application/json")
            let statuses = server.log.records.filter { $0.message.description == "request" }
                .compactMap { $0.metadata["status"]?.description }
            #expect(statuses == ["200", "304"], "the second request was conditional and not downloaded again")
        }
    }
}
