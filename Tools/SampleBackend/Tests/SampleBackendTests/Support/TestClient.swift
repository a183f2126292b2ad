import Foundation
import Networking
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One answer from the server, with the body parsed as JSON when it is JSON.
struct TestResponse: @unchecked Sendable {
    // Sound: every stored property is a value set once in init; `json` is a tree of Foundation value objects
    // (dictionaries, arrays, strings, numbers) that nothing mutates after parsing.
    let status: Int
    let headers: [String: String]
    let body: Data
    let json: Any?

    init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
        self.json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
    }

    /// A header by name in any casing.
    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The top-level object.
    var object: [String: Any] { json as? [String: Any] ?? [:] }

    /// `error.code` of an error answer.
    var errorCode: String? { (object["error"] as? [String: Any])?["code"] as? String }

    /// `error` of an error answer.
    var error: [String: Any] { object["error"] as? [String: Any] ?? [:] }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Calls a server over real HTTP with Core/Networking's libcurl transport on a driver of its own (its own
/// connections).
struct TestClient: Sendable {
    let baseURL: URL
    let transport: CurlTransport

    init(baseURL: URL) throws {
        self.baseURL = baseURL
        // Every request reaches the server as written: no entity tags, so 304 answers arrive as 304.
        transport = try LiveTransports.api(entityTags: nil)
    }

    /// Sends a request; `path` may carry a query and percent-escapes, and is appended to the base URL as written.
    func send(
        _ method: String, _ path: String, body: Data? = nil, token: String? = nil, headers: [String: String] = [:]
    ) async throws -> TestResponse {
        let url = try #require(URL(string: baseURL.absoluteString + path))
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let (data, http) = try await transport.send(request)
        var headerFields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headerFields[String(describing: name)] = String(describing: value)
        }
        return TestResponse(status: http.statusCode, headers: headerFields, body: data)
    }

    func get(_ path: String, token: String? = nil, headers: [String: String] = [:]) async throws -> TestResponse {
        try await send("GET", path, token: token, headers: headers)
    }

    /// Sends `json` (any JSONSerialization value) as the body.
    func send(
        _ method: String, _ path: String, json: Any, token: String? = nil, headers: [String: String] = [:]
    ) async throws -> TestResponse {
        let body = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        return try await send(method, path, body: body, token: token, headers: headers)
    }

    /// `POST /v1/orders` with `body` under the idempotency key `key`.
    func placeOrder(_ body: Any, key: String, token: String?) async throws -> TestResponse {
        try await send("POST", "/v1/orders", json: body, token: token, headers: ["Idempotency-Key": key])
    }

    /// Signs in as `name` and returns the token.
    func signIn(_ name: String) async throws -> String {
        let response = try await send("POST", "/v1/session", json: ["user_name": name])
        #expect(response.status == 201)
        return try #require(response.object["token"] as? String)
    }

    /// Tokenizes the test Visa card for the signed-in user and returns the card token.
    func cardToken(token: String) async throws -> String {
        let response = try await send(
            "POST", "/v1/payment-methods/card",
            json: ["number": "4242424242424242", "exp_month": 12, "exp_year": 2099, "cvc": "123"], token: token)
        #expect(response.status == 200)
        return try #require(response.object["token"] as? String)
    }
}

/// Core/Networking's libcurl transports as the app builds them, each on a driver of its own.
enum LiveTransports {
    /// A whole-answer transport (60 s idle backstop, 64 MiB cap) with `entityTags`.
    static func api(entityTags: EntityTagCache?) throws -> CurlTransport {
        CurlTransport(
            driver: try CurlDriver(), idleTimeout: .seconds(60), maximumBodyBytes: 64 << 20, additionalHeaders: [:],
            entityTags: entityTags)
    }

    /// A streaming transport (30 s idle backstop, 256 buffered chunks).
    static func stream() throws -> CurlStreamingTransport {
        CurlStreamingTransport(
            driver: try CurlDriver(), idleTimeout: .seconds(30), maximumBufferedChunks: 256, additionalHeaders: [:])
    }
}
