import Foundation
import Models
import Networking
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Endpoint → URLRequest", .timeLimit(.minutes(1)))
struct EndpointRequestTests {
    let base = URL(string: "https://api.storefront.test")!
    let encoder = APIJSON.makeEncoder()

    @Test(
        "an interpolated id is percent-encoded as exactly one path segment",
        arguments: [
            ("p_1", "/v1/posts/p_1/like"),
            ("a b", "/v1/posts/a%20b/like"),
            ("a/b", "/v1/posts/a%2Fb/like"),
            ("what?x=1", "/v1/posts/what%3Fx%3D1/like"),
            ("tag#1", "/v1/posts/tag%231/like"),
            ("100%", "/v1/posts/100%25/like"),
            ("a+b", "/v1/posts/a%2Bb/like"),
            ("café", "/v1/posts/caf%C3%A9/like"),
            ("日本", "/v1/posts/%E6%97%A5%E6%9C%AC/like"),
            ("..x", "/v1/posts/..x/like"),
        ]
    )
    func pathSegmentEncoding(id: String, expectedPath: String) throws {
        let postID = PostID(rawValue: id)
        let endpoint = Endpoint<EmptyResponse>(.put, "/v1/posts/\(postID)/like", authentication: .required)
        let request = try endpoint.urlRequest(baseURL: base, encoder: encoder)
        #expect(request.url?.absoluteString == "https://api.storefront.test" + expectedPath)
        #expect(endpoint.path.encoded == expectedPath)
    }

    @Test("segments given at run time are encoded like interpolations")
    func runtimeSegments() {
        #expect(EndpointPath(segments: ["v1", "products", "sku/12"]).encoded == "/v1/products/sku%2F12")
        #expect(EndpointPath(segments: []).encoded == "/")
        #expect(EndpointPath(segments: ["v1", ""]).problem != nil)
    }

    @Test(
        "an unusable path fails the request with invalidRequest before anything is sent",
        arguments: [
            EndpointPath(stringLiteral: "v1/feed"),
            EndpointPath(stringLiteral: "/v1/search?q=shoes"),
            EndpointPath(stringLiteral: "/v1/feed#top"),
            EndpointPath(stringLiteral: "/v1/my feed"),
            EndpointPath(stringLiteral: "/v1//feed"),
            EndpointPath(stringLiteral: "/v1/../admin"),
            EndpointPath(stringLiteral: "/v1/100%"),
            EndpointPath(stringLiteral: "/v1/café"),
            "/v1/posts/\("")/like",
            "/v1/posts/\("..")/like",
            "/v1/posts/\(".")",
        ]
    )
    func invalidPaths(path: EndpointPath) {
        let endpoint = Endpoint<EmptyResponse>(.get, path, authentication: .none)
        #expect(path.problem != nil)
        #expect {
            try endpoint.urlRequest(baseURL: base, encoder: encoder)
        } throws: { error in
            guard case .invalidRequest(let reason) = error as? APIError else { return false }
            return reason == path.problem
        }
    }

    @Test(
        "a base URL must be an absolute http(s) URL with a host and without query or fragment",
        arguments: [
            "file:///tmp/api", "/relative/path", "ftp://api.storefront.test", "https://h.test/?a=1",
            "https://h.test/#x",
        ]
    )
    func invalidBaseURLs(text: String) throws {
        let url = try #require(URL(string: text))
        #expect(throws: APIError.self) {
            try Endpoint<EmptyResponse>.init(.get, "/v1/feed", authentication: .none)
                .urlRequest(baseURL: url, encoder: encoder)
        }
    }

    @Test("a base URL's path is kept as a prefix and a trailing slash is dropped")
    func baseURLPrefix() throws {
        let endpoint = Endpoint<EmptyResponse>(.get, "/v1/feed", authentication: .none)
        for text in ["http://127.0.0.1:8080/api", "http://127.0.0.1:8080/api/", "http://127.0.0.1:8080/api//"] {
            let request = try endpoint.urlRequest(baseURL: try #require(URL(string: text)), encoder: encoder)
            #expect(request.url?.absoluteString == "http://127.0.0.1:8080/api/v1/feed")
        }
    }

    @Test("query names and values are percent-encoded, plus and ampersand included, in order")
    func queryEncoding() throws {
        let endpoint = Endpoint<EmptyResponse>(
            .get,
            "/v1/search",
            query: ["q": "red shoes & socks+1 = 100% café", "offset": "0", "cursor": nil, "limit": "20"],
            authentication: .none
        )
        let request = try endpoint.urlRequest(baseURL: base, encoder: encoder)
        let components = try #require(request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) })
        #expect(
            components.percentEncodedQuery
                == "q=red%20shoes%20%26%20socks%2B1%20%3D%20100%25%20caf%C3%A9&offset=0&limit=20"
        )
        #expect(components.queryItems?.first?.value == "red shoes & socks+1 = 100% café")
    }

    @Test("an item without a value is written as its name alone; no query leaves no question mark")
    func valuelessQueryItems() throws {
        let flagged = Endpoint<EmptyResponse>(
            .get, "/v1/feed", query: [URLQueryItem(name: "fresh", value: nil)], authentication: .none)
        #expect(
            try flagged.urlRequest(baseURL: base, encoder: encoder).url?.absoluteString.hasSuffix("/v1/feed?fresh")
                == true)
        let plain = Endpoint<EmptyResponse>(.get, "/v1/feed", authentication: .none)
        #expect(
            try plain.urlRequest(baseURL: base, encoder: encoder).url?.absoluteString
                == "https://api.storefront.test/v1/feed")
    }

    @Test("the body is encoded with the shared encoder: snake_case, sorted keys, unescaped slashes")
    func bodyEncoding() throws {
        struct SignIn: Encodable, Sendable {
            var userName: String
            var avatarUrl: String
            var acceptedAt: Date
        }
        let body = SignIn(
            userName: "ana",
            avatarUrl: "https://img.storefront.test/a/1.png",
            acceptedAt: Date(timeIntervalSince1970: 1_767_348_000)
        )
        let endpoint = Endpoint<EmptyResponse>(.post, "/v1/session", body: body, authentication: .none)
        let request = try endpoint.urlRequest(baseURL: base, encoder: encoder)
        let text = String(decoding: try #require(request.httpBody), as: UTF8.self)
        #expect(
            text
                == #"{"accepted_at":"2026-01-02T10:00:00Z","avatar_url":"https://img.storefront.test/a/1.png","user_name":"ana"}"#
        )
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.httpMethod == "POST")
    }

    @Test("a request without a body has no Content-Type")
    func noBodyNoContentType() throws {
        let request = try Endpoint<EmptyResponse>(.get, "/v1/feed", authentication: .none)
            .urlRequest(baseURL: base, encoder: encoder)
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test("a body that cannot be encoded is an invalid request")
    func unencodableBody() {
        struct Measure: Encodable, Sendable { var value: Double }
        let endpoint = Endpoint<EmptyResponse>(
            .post, "/v1/measure", body: Measure(value: .nan), authentication: .none)
        #expect(throws: APIError.self) { try endpoint.urlRequest(baseURL: base, encoder: encoder) }
    }

    @Test("the idempotency key goes into the Idempotency-Key header")
    func idempotencyKeyHeader() throws {
        let endpoint = Endpoint<EmptyResponse>(
            .post, "/v1/orders", body: ["client_id": "k-1"], authentication: .required, idempotencyKey: "k-1")
        let request = try endpoint.urlRequest(baseURL: base, encoder: encoder)
        #expect(request.value(forHTTPHeaderField: "Idempotency-Key") == "k-1")
        #expect(endpoint.isSafeToRepeat)
    }

    @Test(
        "headers the client owns, malformed names and values with line breaks are rejected",
        arguments: [
            ["Authorization": "Bearer x"], ["authorization": "Bearer x"], ["Idempotency-Key": "k"],
            ["X-Request-ID": "r"], ["Bad Name": "v"], ["": "v"], ["X-Note": "a\r\nInjected: yes"],
        ]
    )
    func rejectedHeaders(headers: [String: String]) {
        let endpoint = Endpoint<EmptyResponse>(.get, "/v1/feed", headers: headers, authentication: .none)
        #expect(throws: APIError.self) { try endpoint.urlRequest(baseURL: base, encoder: encoder) }
    }

    @Test("an empty idempotency key is rejected; extra headers are sent")
    func headersAndKeys() throws {
        let emptyKey = Endpoint<EmptyResponse>(.post, "/v1/orders", authentication: .none, idempotencyKey: "")
        #expect(throws: APIError.self) { try emptyKey.urlRequest(baseURL: base, encoder: encoder) }
        let withHeader = Endpoint<EmptyResponse>(
            .get, "/v1/feed", headers: ["X-Client-Version": "1.4.0"], authentication: .none)
        let request = try withHeader.urlRequest(baseURL: base, encoder: encoder)
        #expect(request.value(forHTTPHeaderField: "X-Client-Version") == "1.4.0")
    }

    @Test("idempotent methods follow RFC 9110 §9.2.2")
    func idempotentMethods() {
        #expect(HTTPMethod.allCases.filter(\.isIdempotent) == [.get, .head, .put, .delete])
        #expect(!Endpoint<EmptyResponse>(.post, "/v1/orders", authentication: .required).isSafeToRepeat)
        #expect(Endpoint<EmptyResponse>(.delete, "/v1/session", authentication: .required).isSafeToRepeat)
    }
}
