import Foundation
import Models
import Networking
import NetworkingTestSupport
import Persistence
import Testing

@testable import Search

@Suite("LiveSearchRepository")
struct LiveSearchRepositoryTests {
    @Test("a search is GET /v1/search with q, offset and limit, sent without a token")
    func requestShape() async throws {
        let harness = try LiveHarness()
        harness.transport.enqueue(.json(LiveHarness.searchBody([])))

        _ = try await harness.repository.search(
            SearchRequest(query: "red & blue lamp", offset: 40, limit: 80, strategy: .serverWithSavedFallback))

        let request = try #require(harness.transport.requests.first)
        #expect(request.summary == "GET /v1/search")
        #expect(request.queryItems.map(\.name) == ["q", "offset", "limit"])
        #expect(request.queryItems.map(\.value) == ["red & blue lamp", "40", "50"])
        #expect(request.header("Authorization") == nil)
    }

    @Test("a messy page keeps every product that can be shown and drops (and logs) only the broken ones")
    func messyPageKeepsValidProducts() async throws {
        let harness = try LiveHarness()
        harness.transport.enqueue(.data(try TestValues.fixture("search_page_messy.json")))

        let page = try await harness.repository.search(
            SearchRequest(query: "lamp", offset: 0, limit: 20, strategy: .serverWithSavedFallback))

        let products = page.results.items
        #expect(products.map(\.id.rawValue) == ["sku_12", "13", "sku_14", "sku_15", "sku_19"])
        #expect(page.source == .server)
        #expect(page.savedProductsProblem == nil)
        #expect(page.results.total == 42)
        #expect(page.results.nextOffset == 8)
        let byID = Dictionary(uniqueKeysWithValues: products.map { ($0.id.rawValue, $0) })
        #expect(byID["sku_12"]?.imageURL?.absoluteString == "https://images.storefront.example/products/sku_12.jpg")
        #expect(byID["sku_12"]?.rating == 4.6)
        #expect(byID["13"]?.imageURL == nil)
        #expect(byID["13"]?.availability == .lowStock)
        #expect(byID["sku_14"]?.availability == .unknown("back_in_autumn"))
        #expect(byID["sku_14"]?.imageURL == nil)
        #expect(byID["sku_14"]?.title == "Lamp \"Nordlys\"")
        #expect(byID["sku_15"]?.availability == .unknown(""))
        #expect(byID["sku_15"]?.rating == nil)
        #expect(byID["sku_19"]?.price == Money(amountMinor: 2400, currency: .eur))
        #expect(harness.log.text.contains("sku_17"))
        #expect(harness.log.messages.filter { $0.hasPrefix("search result dropped") }.count == 3)
    }

    @Test("products are saved by id with one upsert per page, and a product seen again is updated, not repeated")
    func productsAreUpsertedByID() async throws {
        let harness = try LiveHarness()
        try await harness.database.open()
        harness.trace.reset()
        harness.transport.enqueue(.json(LiveHarness.searchBody([("a", "Oak desk"), ("b", "Oak chair")])))
        harness.transport.enqueue(.json(LiveHarness.searchBody([("b", "Oak chair, oiled"), ("c", "Oak shelf")])))
        let request = SearchRequest(query: "oak", offset: 0, limit: 2, strategy: .serverWithSavedFallback)

        _ = try await harness.repository.search(request)
        let firstPageStatements = harness.trace.statements.count
        _ = try await harness.repository.search(request)

        #expect(try await harness.savedIDs() == ["a", "b", "c"])
        #expect(firstPageStatements == 3)  // the batch number, the upsert, the pruning
        #expect(harness.trace.statements.filter { $0.contains("INSERT INTO search_products") }.count == 2)
        let title = try await harness.database.read { db in
            try db.fetchOne(String.self, "SELECT title FROM search_products WHERE id = 'b'")
        }
        #expect(title == "Oak chair, oiled")
    }

    @Test("only the newest saved products are kept")
    func savedProductsAreCapped() async throws {
        let harness = try LiveHarness(maximumSavedProducts: 3)
        harness.transport.enqueue(.json(LiveHarness.searchBody([("a", "Lamp a"), ("b", "Lamp b")])))
        harness.transport.enqueue(.json(LiveHarness.searchBody([("c", "Lamp c"), ("d", "Lamp d")])))
        let request = SearchRequest(query: "lamp", offset: 0, limit: 2, strategy: .serverWithSavedFallback)

        _ = try await harness.repository.search(request)
        _ = try await harness.repository.search(request)

        #expect(try await harness.savedIDs() == ["b", "c", "d"])
    }

    @Test("a rejected request is an error, never answered from the saved products")
    func rejectedRequestDoesNotFallBack() async throws {
        let harness = try LiveHarness()
        harness.transport.enqueue(.apiError(status: 400, code: "invalid_parameter"))

        await #expect(
            throws: SearchError.api(.http(status: 400, body: APIErrorBody(code: "invalid_parameter"), retryAfter: nil))
        ) {
            _ = try await harness.repository.search(
                SearchRequest(query: "lamp", offset: 0, limit: 20, strategy: .serverWithSavedFallback))
        }
    }

    @Test("the next page of server results never falls back to the saved products")
    func serverOnlyPageFails() async throws {
        let harness = try LiveHarness()
        harness.transport.enqueue(.failure(.notConnectedToInternet))

        await #expect(throws: SearchError.api(.transport(.notConnectedToInternet))) {
            _ = try await harness.repository.search(
                SearchRequest(query: "lamp", offset: 20, limit: 20, strategy: .serverOnly))
        }
    }

    @Test("product detail is GET /v1/products/{id} with its description, and is saved with it")
    func productDetail() async throws {
        let harness = try LiveHarness()
        harness.transport.enqueue(.data(try TestValues.fixture("product_detail.json")))

        let detail = try await harness.repository.product(id: "sku_12")

        #expect(harness.transport.requests.first?.summary == "GET /v1/products/sku_12")
        #expect(detail.summary.title == "Brass desk lamp")
        #expect(detail.description?.hasPrefix("A brass desk lamp") == true)
        #expect(detail.source == .server)
        let saved = try await harness.database.read { db in
            try db.fetchOne(String.self, "SELECT description FROM search_products WHERE id = 'sku_12'")
        }
        #expect(saved == detail.description)
    }

    @Test("a product with an unknown availability and no image is shown, not dropped")
    func productWithUnknownAvailabilityAndNoImage() async throws {
        let harness = try LiveHarness()
        harness.transport.enqueue(.data(try TestValues.fixture("product_unknown_availability_no_image.json")))

        let detail = try await harness.repository.product(id: "77")

        #expect(detail.summary.id == "77")
        #expect(detail.summary.availability == .unknown("discontinued_soon"))
        #expect(detail.summary.imageURL == nil)
        #expect(detail.summary.rating == nil)
        #expect(detail.description == nil)
    }

    @Test("a missing product is a not-found error")
    func missingProduct() async throws {
        let harness = try LiveHarness()
        harness.transport.enqueue(.apiError(status: 404, code: "not_found"))

        do {
            _ = try await harness.repository.product(id: "sku_0")
            Issue.record("expected an error")
        } catch let error as SearchError {
            #expect(error.category == .notFound)
        }
    }
}
