import Foundation
import Testing

extension IntegrationTests {
    /// `storefront image` and `storefront cache clear` through the built binary and its embedded backend, whose port
    /// changes with every process.
    @Suite("end to end: pictures")
    struct ImageCommandTests {
        /// A product of the seeded catalog whose picture the server has (not missing, not the corrupt one).
        private func pictureProduct(_ app: StorefrontProcess) async throws -> String {
            let search = try await app.run(["search", "leather", "--json"])
            try #require(search.status == 0, "\(search)")
            let products = try #require((try search.json() as? [String: Any])?["products"] as? [[String: Any]])
            let ids = products.compactMap { product -> String? in
                guard let id = product["id"] as? String, let url = product["image_url"] as? String,
                    url.hasSuffix("/v1/images/products/\(id).jpg"), let number = Int(id.dropFirst(4)),
                    number % 97 != 0, number != 7
                else { return nil }
                return id
            }
            return try #require(ids.first)
        }

        @Test("network, then disk with a 304 from the next process's server; cache clear empties it")
        func sourcesAcrossProcesses() async throws {
            let app = try StorefrontProcess()
            let id = try await pictureProduct(app)
            let first = try await app.run(["image", id, "--width", "40", "--json"])
            try #require(first.status == 0, "\(first)")
            let report = try #require(try first.json() as? [String: Any])
            #expect(report["source"] as? String == "network")
            #expect((report["bytes_downloaded"] as? Int ?? 0) > 1000)
            #expect(report["source_width"] as? Int == 1600 && report["source_height"] as? Int == 1200)
            #expect(report["decoded_width"] as? Int == 160 && report["decoded_height"] as? Int == 120)
            #expect(report["columns"] as? Int == 40)

            let second = try await app.run(["image", id, "--width", "40", "--json"])
            try #require(second.status == 0, "\(second)")
            let again = try #require(try second.json() as? [String: Any])
            #expect(again["source"] as? String == "disk")
            #expect(again["revalidated"] as? Bool == true && again["bytes_downloaded"] as? Int == 0)

            let cleared = try await app.run(["cache", "clear", "--json"])
            try #require(cleared.status == 0, "\(cleared)")
            #expect((try cleared.json() as? [String: Any])?["files"] as? Int == 1)
            let third = try await app.run(["image", id, "--json"])
            #expect((try third.json() as? [String: Any])?["source"] as? String == "network")
        }

        @Test("piped output is plain text with no escape byte; a corrupt picture and a bad --mode fail clearly")
        func plainAndFailures() async throws {
            let app = try StorefrontProcess()
            let id = try await pictureProduct(app)
            let report = try await app.run(["image", id, "--width", "30", "--json"])
            let rows = try #require((try report.json() as? [String: Any])?["rows"] as? Int)
            let drawn = try await app.run(["image", id, "--width", "30"])
            try #require(drawn.status == 0, "\(drawn)")
            #expect(!drawn.standardOutput.utf8.contains(0x1B))
            let lines = drawn.standardOutput.split(separator: "\n")
            #expect(lines.count == rows && lines.allSatisfy { $0.count == 30 }, "\(drawn)")
            let seven = try await app.run(["product", "sku_7", "--json"])
            if let url = (try? seven.json() as? [String: Any])?["image_url"] as? String,
                url.hasSuffix("/v1/images/products/sku_7.jpg")
            {
                let corrupt = try await app.run(["image", "sku_7"])
                #expect(corrupt.status == 1)
                #expect(corrupt.standardError.contains("corrupt"), "\(corrupt)")
            }
            let mode = try await app.run(["image", id, "--mode", "wavy"])
            #expect(mode.status == 64, "\(mode)")
        }
    }
}
