import Foundation
import Models
import Networking
import NetworkingTestSupport
import Testing

@testable import NetworkingBenchmarks

@Suite("Decoding captured answers", .timeLimit(.minutes(1)))
struct FixtureDecodingTests {
    /// Sends a greeting request answered by `response` and returns the `APIError` it ends with (nil, and a
    /// recorded issue, when it ends otherwise).
    private func greetingError(
        answeredBy response: ScriptedResponse,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> APIError? {
        let harness = ClientHarness()
        harness.transport.enqueue(response)
        return await #expect(throws: APIError.self, sourceLocation: sourceLocation) {
            try await harness.client.send(Endpoint<Greeting>.greeting)
        }
    }

    @Test("a feed page decodes fractional, whole-second and offset dates, number ids and unknown kinds")
    func feedPage() async throws {
        let harness = ClientHarness()
        harness.transport.enqueue(.data(try Fixture.data("feed_page.json")))
        let page = try await harness.client.send(
            Endpoint<FeedPageDTO>(.get, "/v1/feed", query: ["limit": "5"], authentication: .optional))

        let posts = page.posts.elements
        #expect(posts.map(\.id.rawValue) == ["p_1001", "1002", "p_1003", "p_1004"])
        #expect(posts[0].createdAt == apiDate("2026-01-02T10:00:00Z"))
        #expect(abs(posts[1].createdAt.timeIntervalSince1970 - 1_767_347_998.123) < 0.000_001)
        #expect(posts[2].createdAt == apiDate("2026-01-02T09:30:00Z"))
        #expect(abs(posts[3].createdAt.timeIntervalSince1970 - 1_767_329_999.999_999) < 0.000_001)
        #expect(posts.map(\.kind) == [.photo, .video, .unknown("reel"), .carousel])
        #expect(posts.map(\.productId) == ["sku_12", nil, nil, "77"])
        #expect(posts[1].authorName == "Bo Lindqvist" && posts[1].likedByMe)
        #expect(page.nextCursor == "c_eyJpZCI6InBfMTAwNSJ9")

        #expect(page.posts.dropped.count == 1)
        #expect(page.posts.dropped.first?.index == 4)
        #expect(page.posts.dropped.first?.failure.reason == #"missing key "createdAt""#)
        let cursorPage = CursorPage(items: posts, nextCursor: page.nextCursor)
        #expect(cursorPage.hasMore)
    }

    @Test("the benchmark's generated page decodes completely with the shared decoder")
    func benchmarkPage() throws {
        let page = try APIJSON.makeDecoder().decode(FeedPageDTO.self, from: FeedPageFixture.json(count: 50))
        #expect(page.posts.elements.count == 50 && page.posts.dropped.isEmpty)
        #expect(page.posts.elements.contains { $0.kind == .unknown("reel") })
        #expect(page.posts.elements.contains { $0.productId == nil })
    }

    @Test("an error code this version does not know decodes, keeping its details as JSON")
    func unknownErrorCode() async throws {
        let error = await greetingError(answeredBy: .data(try Fixture.data("error_unknown_code.json"), status: 422))
        guard case .http(422, let body, nil) = error else {
            Issue.record("expected an HTTP 422 with the API body, got \(String(describing: error))")
            return
        }
        #expect(body.code == "gift_wrap_unavailable")
        #expect(body.message == "Gift wrapping is not available for sku_12")
        #expect(body.details?["product_ids"] == .array([.string("sku_12")]))
        #expect(body.details?["reason_hint"] == .string("seasonal"))
        #expect(error?.category == .invalidInput)
        #expect(error?.isRetryable == false)
        #expect(error?.code == "gift_wrap_unavailable")
    }

    @Test("price_changed details decode into the feature's own type with Money")
    func priceChangedDetails() async throws {
        let error = await greetingError(answeredBy: .data(try Fixture.data("error_price_changed.json"), status: 409))
        guard case .http(409, let body, _) = error else {
            Issue.record("expected an HTTP 409 with the API body, got \(String(describing: error))")
            return
        }
        let details = try body.decodeDetails(PriceChangedDetails.self, using: APIJSON.makeDecoder())
        #expect(details.currentTotal == Money(amountMinor: 131_400, currency: .eur))
        #expect(details.expectedTotal == Money(amountMinor: 129_900, currency: .eur))
        #expect(error?.category == .conflict)
        let noDetails = APIErrorBody(code: "price_changed")
        #expect(throws: APIError.self) {
            try noDetails.decodeDetails(PriceChangedDetails.self, using: APIJSON.makeDecoder())
        }
    }

    @Test("an HTML error page from a proxy becomes a short text excerpt, not a decoding failure")
    func proxyErrorPage() async throws {
        let error = await greetingError(answeredBy: .html(try Fixture.text("proxy_502.html"), status: 502))
        #expect(
            error
                == .unexpectedBody(
                    status: 502, excerpt: "502 Bad Gateway 502 Bad Gateway nginx/1.22.1", retryAfter: nil))
        #expect(error?.category == .server)
        #expect(error?.isRetryable == true)
    }

    @Test("a long non-JSON body is cut to 200 characters")
    func longExcerpt() async throws {
        let error = await greetingError(
            answeredBy: .data(Data(String(repeating: "overloaded ", count: 100).utf8), status: 503))
        guard case .unexpectedBody(503, let excerpt, _) = error else {
            Issue.record("expected an unexpected body, got \(String(describing: error))")
            return
        }
        #expect(excerpt.count == 201 && excerpt.hasSuffix("…") && excerpt.hasPrefix("overloaded overloaded"))
    }

    @Test("an empty 204 body is an EmptyResponse; an empty body for another type is a decoding failure")
    func emptyNoContent() async throws {
        let harness = ClientHarness()
        let empty = try Fixture.data("no_content.bin")
        #expect(empty.isEmpty)
        harness.transport.enqueue(.data(empty, status: 204))
        let response = try await harness.client.send(
            Endpoint<EmptyResponse>(.delete, "/v1/session", authentication: .none))
        #expect(response == EmptyResponse())

        harness.transport.enqueue(.data(empty, status: 204))
        let error = await #expect(throws: APIError.self) { try await harness.client.send(Endpoint<Greeting>.greeting) }
        guard case .decoding(let failure) = error else {
            Issue.record("expected a decoding failure, got \(String(describing: error))")
            return
        }
        #expect(failure.type == "Greeting" && failure.reason.contains("empty body"))
    }

    @Test("a 2xx body of the wrong shape is a decoding failure naming type and path")
    func wrongShape() async throws {
        let error = await greetingError(answeredBy: .json(#"{"message": 42}"#))
        guard case .decoding(let failure) = error else {
            Issue.record("expected a decoding failure, got \(String(describing: error))")
            return
        }
        #expect(failure.type == "Greeting" && failure.codingPath == "message")
        #expect(error?.category == .unexpected && error?.isRetryable == false)
    }

    @Test("the rate-limit body's retry_after is read in seconds")
    func rateLimitedBody() throws {
        let envelope = try JSONDecoder().decode(
            [String: APIErrorBody].self, from: try Fixture.data("error_rate_limited.json"))
        #expect(envelope["error"]?.retryAfter == .seconds(3))
        let viaSnakeCase = try APIJSON.makeDecoder().decode(
            [String: APIErrorBody].self, from: try Fixture.data("error_rate_limited.json"))
        #expect(viaSnakeCase["error"]?.retryAfter == .seconds(3))
    }
}
