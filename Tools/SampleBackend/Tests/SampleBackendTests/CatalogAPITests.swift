import Foundation
import Testing

@testable import SampleBackend

@Suite("API: search, products, config")
struct CatalogAPITests {
    private static let tidy = CatalogConfiguration(productCount: 400, postCount: 10, authorCount: 5, messyShare: 0)

    @Test("search matches word prefixes in title and description, title matches first, with offset and total")
    func searchRanking() async throws {
        try await withTestServer(catalog: Self.tidy) { server in
            let all = try await server.client.get("/v1/search?q=lamp&limit=50")
            #expect(all.status == 200)
            let total = try #require(all.object["total"] as? Int)
            #expect(total > 0)
            let products = try #require(all.object["products"] as? [[String: Any]])
            #expect(products.count == min(total, 50))
            let titles = products.compactMap { $0["title"] as? String }
            let firstWithoutTitleMatch = titles.firstIndex { !$0.lowercased().contains("lamp") } ?? titles.count
            #expect(firstWithoutTitleMatch > 0 && firstWithoutTitleMatch < titles.count, "both kinds of match exist")
            #expect(titles[..<firstWithoutTitleMatch].allSatisfy { $0.lowercased().contains("lamp") })
            #expect(titles[firstWithoutTitleMatch...].allSatisfy { !$0.lowercased().contains("lamp") })
            #expect(products.allSatisfy { $0["description"] == nil })

            let second = try await server.client.get("/v1/search?q=lamp&offset=2&limit=3")
            let secondIDs = try #require(second.object["products"] as? [[String: Any]]).map { "\($0["id"] ?? "")" }
            #expect(second.object["offset"] as? Int == 2)
            #expect(second.object["total"] as? Int == total)
            #expect(secondIDs == products.dropFirst(2).prefix(3).map { "\($0["id"] ?? "")" })
        }
    }

    @Test("total is exact up to the cap, then a lower bound flagged total_is_estimate; popular matches come first")
    func searchCountCap() async throws {
        let wide = CatalogConfiguration(productCount: 1500, postCount: 10, authorCount: 5, messyShare: 0)
        try await withTestServer(catalog: wide) { server in
            let everything = try await server.client.get("/v1/search?q=a&limit=50")
            #expect(everything.object["total"] as? Int == ServerStore.searchCountCap)
            #expect(everything.object["total_is_estimate"] as? Bool == true)
            let deep = try await server.client.get("/v1/search?q=a&limit=50&offset=1200")
            #expect(deep.object["total"] as? Int == 1250, "a lower bound covers the page asked for")
            #expect(deep.object["total_is_estimate"] as? Bool == true)

            let narrow = try await server.client.get("/v1/search?q=lamp&limit=50")
            let total = try #require(narrow.object["total"] as? Int)
            #expect(total < ServerStore.searchCountCap)
            #expect(narrow.object["total_is_estimate"] as? Bool == false)
            var seen = 0
            var offset = 0
            while offset < total {
                let page = try await server.client.get("/v1/search?q=lamp&limit=50&offset=\(offset)")
                seen += try #require(page.object["products"] as? [Any]).count
                offset += 50
            }
            #expect(seen == total, "the exact total is what paging through yields")

            let products = try #require(narrow.object["products"] as? [[String: Any]])
            let titleTier = products.prefix { ($0["title"] as? String)?.lowercased().contains("lamp") == true }
            let ratings = titleTier.map { $0["rating"] as? Double ?? -1 }
            #expect(ratings == ratings.sorted(by: >), "most popular (highest rated, unrated last) first")
        }
    }

    @Test(
        "query syntax in the text is searched literally and never fails",
        arguments: [
            "\"", "\"\"\"", "AND", "OR NOT", "a* OR b*", "NEAR(a b)", "title:lamp", "^lamp", "(lamp", "lamp)",
            "-lamp", "+lamp", "*", "'; DROP TABLE server_products; --", "lamp\u{0}", "🦄", "   ",
        ])
    func operatorSoup(query: String) async throws {
        try await withTestServer(catalog: Self.tidy) { server in
            let encoded = try #require(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let response = try await server.client.get("/v1/search?q=\(encoded)")
            #expect(response.status == 200, "\(query) -> \(response.text)")
            #expect(response.object["total"] is Int)
            let still = try await server.client.get("/v1/products/sku_1")
            #expect(still.status == 200)
        }
    }

    @Test("a blank or missing query matches nothing; bad paging is 400")
    func emptyAndBad() async throws {
        try await withTestServer(catalog: Self.tidy) { server in
            for path in ["/v1/search", "/v1/search?q=", "/v1/search?q=%20%20"] {
                let response = try await server.client.get(path)
                #expect(response.status == 200)
                #expect(response.object["total"] as? Int == 0)
            }
            for path in ["/v1/search?q=lamp&limit=0", "/v1/search?q=lamp&limit=51", "/v1/search?q=lamp&offset=-1"] {
                let response = try await server.client.get(path)
                #expect(response.status == 400)
                #expect(response.errorCode == "invalid_parameter")
            }
        }
    }

    @Test("a product has price as Money, availability, and a description; an unknown id is 404")
    func product() async throws {
        try await withTestServer(catalog: Self.tidy) { server in
            let response = try await server.client.get("/v1/products/sku_12")
            #expect(response.status == 200)
            let product = response.object
            #expect(product["id"] as? String == "sku_12")
            let price = try #require(product["price"] as? [String: Any])
            #expect(price["currency"] as? String == "EUR")
            #expect((price["amount_minor"] as? Int ?? 0) > 0)
            #expect(
                ["in_stock", "low_stock", "out_of_stock", "preorder"].contains(product["availability"] as? String ?? "")
            )
            #expect((product["description"] as? String)?.isEmpty == false)
            let missing = try await server.client.get("/v1/products/sku_99999")
            #expect(missing.status == 404)
            #expect(missing.errorCode == "not_found")
        }
    }

    @Test("stock drives availability")
    func availability() async throws {
        try await withTestServer(catalog: Self.tidy) { server in
            try await server.server.setStock(productID: "sku_5", stock: 0)
            #expect(
                try await server.client.get("/v1/products/sku_5").object["availability"] as? String == "out_of_stock")
            try await server.server.setStock(productID: "sku_5", stock: 3)
            #expect(try await server.client.get("/v1/products/sku_5").object["availability"] as? String == "low_stock")
            #expect(try await server.server.setStock(productID: "nope", stock: 3) == false)
        }
    }

    @Test("config lists flags and shipping options with Money prices")
    func config() async throws {
        try await withTestServer(catalog: Self.tidy) { server in
            let response = try await server.client.get("/v1/config")
            #expect(response.status == 200)
            let flags = try #require(response.object["flags"] as? [String: Bool])
            #expect(flags["express_shipping"] == true)
            let options = try #require(response.object["shipping_options"] as? [[String: Any]])
            #expect(options.map { $0["id"] as? String } == ["standard", "express", "pickup"])
            let standard = try #require(options.first?["price"] as? [String: Any])
            #expect(standard["amount_minor"] as? Int == 490)
            #expect(options.first?["days"] as? Int == 5)
        }
        let noExpress: (inout SampleServerConfiguration) -> Void = { $0.settings.flags["express_shipping"] = false }
        try await withTestServer(catalog: Self.tidy, configure: noExpress) { server in
            let options = try #require(
                try await server.client.get("/v1/config").object["shipping_options"] as? [[String: Any]])
            #expect(!options.contains { $0["id"] as? String == "express" })
        }
    }

    @Test("the same seed gives the same data; another seed gives other data")
    func deterministicSeeding() async throws {
        func snapshot(seed: UInt64) async throws -> Data {
            try await withTestServer(catalog: Self.tidy, seed: seed) { server in
                let feed = try await server.client.get("/v1/feed?limit=50").text
                let search = try await server.client.get("/v1/search?q=oak&limit=50").text
                // Picture links carry the origin the client used, and each server has its own port.
                return Data(
                    (feed + search).replacingOccurrences(of: server.server.baseURL.absoluteString, with: "").utf8)
            }
        }
        let first = try await snapshot(seed: 42)
        let again = try await snapshot(seed: 42)
        let other = try await snapshot(seed: 43)
        #expect(first == again)
        #expect(first != other)
    }

    @Test("an unknown path is 404 and a wrong method 405 with Allow, both in the error shape")
    func unknownRoutes() async throws {
        try await withTestServer(catalog: Self.tidy) { server in
            let missing = try await server.client.get("/v1/nothing-here")
            #expect(missing.status == 404)
            #expect(missing.errorCode == "not_found")
            let root = try await server.client.get("/")
            #expect(root.status == 404)
            let wrongMethod = try await server.client.send("PATCH", "/v1/config")
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.errorCode == "method_not_allowed")
            #expect(wrongMethod.header("allow") == "GET, HEAD")
        }
    }
}
