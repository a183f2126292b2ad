import Foundation
import Testing

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("EntityTagCache: If-None-Match and 304 revalidation")
struct EntityTagCacheTests {
    private static let url = URL(string: "http://127.0.0.1:9/v1/products/sku_1")!

    private static func request(token: String? = nil, method: String = "GET") -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return request
    }

    private static func response(_ status: Int, _ headers: [String: String]) -> HTTPURLResponse {
        HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
    }

    @Test("a kept ETag is sent as If-None-Match, and a 304 comes back as the kept 200 answer")
    func revalidates() throws {
        let cache = EntityTagCache()
        let body = Data(#"{"id":"sku_1"}"#.utf8)
        #expect(cache.conditional(Self.request()).value(forHTTPHeaderField: "If-None-Match") == nil)
        _ = cache.resolve(
            Self.request(), data: body,
            response: Self.response(
                200, ["ETag": "\"a1\"", "Content-Type": "application/json", "Cache-Control": "public, max-age=60"]))
        let conditional = cache.conditional(Self.request())
        #expect(conditional.value(forHTTPHeaderField: "If-None-Match") == "\"a1\"")
        let (data, response) = cache.resolve(
            conditional, data: Data(),
            response: Self.response(304, ["ETag": "\"a1\"", "Cache-Control": "public, max-age=90"]))
        #expect(response.statusCode == 200)
        #expect(data == body)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(response.value(forHTTPHeaderField: "Cache-Control") == "public, max-age=90", "updated by the 304")
        #expect(cache.revalidatedCount == 1)
    }

    @Test("answers are kept per Authorization value; other methods and no-store answers are not kept")
    func scope() {
        let cache = EntityTagCache()
        _ = cache.resolve(
            Self.request(token: "ada"), data: Data("a".utf8), response: Self.response(200, ["ETag": "\"ada\""]))
        #expect(cache.conditional(Self.request(token: "eve")).value(forHTTPHeaderField: "If-None-Match") == nil)
        #expect(cache.conditional(Self.request()).value(forHTTPHeaderField: "If-None-Match") == nil)
        #expect(cache.conditional(Self.request(token: "ada")).value(forHTTPHeaderField: "If-None-Match") == "\"ada\"")
        _ = cache.resolve(
            Self.request(method: "POST"), data: Data("p".utf8), response: Self.response(200, ["ETag": "\"p\""]))
        #expect(cache.conditional(Self.request(method: "POST")).value(forHTTPHeaderField: "If-None-Match") == nil)
        _ = cache.resolve(
            Self.request(), data: Data("s".utf8),
            response: Self.response(200, ["ETag": "\"s\"", "Cache-Control": "no-store"]))
        #expect(cache.conditional(Self.request()).value(forHTTPHeaderField: "If-None-Match") == nil)
    }

    @Test("a changed answer replaces the kept one; an error answer drops it; a caller's own 304 passes through")
    func replacement() {
        let cache = EntityTagCache()
        _ = cache.resolve(Self.request(), data: Data("1".utf8), response: Self.response(200, ["ETag": "\"1\""]))
        _ = cache.resolve(
            cache.conditional(Self.request()), data: Data("2".utf8), response: Self.response(200, ["ETag": "\"2\""]))
        #expect(cache.conditional(Self.request()).value(forHTTPHeaderField: "If-None-Match") == "\"2\"")
        var own = Self.request()
        own.setValue("\"mine\"", forHTTPHeaderField: "If-None-Match")
        #expect(cache.conditional(own).value(forHTTPHeaderField: "If-None-Match") == "\"mine\"")
        let (data, passed) = cache.resolve(own, data: Data(), response: Self.response(304, ["ETag": "\"mine\""]))
        #expect(passed.statusCode == 304 && data.isEmpty)
        _ = cache.resolve(Self.request(), data: Data("gone".utf8), response: Self.response(404, [:]))
        #expect(cache.count == 0)
    }

    @Test("the cache stays within its count and byte bounds, dropping the least recently used")
    func bounds() {
        let cache = EntityTagCache(capacity: 2, maximumBytes: 10)
        func keep(_ path: String, _ body: String) {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:9/\(path)")!)
            request.httpMethod = "GET"
            _ = cache.resolve(
                request, data: Data(body.utf8),
                response: HTTPURLResponse(
                    url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["ETag": "\"\(path)\""])!
            )
        }
        keep("a", "1234")
        keep("b", "1234")
        keep("c", "1234")
        #expect(cache.count == 2)
        keep("d", "12345678901")
        #expect(cache.count == 2, "a body over the byte bound is not kept")
    }
}
