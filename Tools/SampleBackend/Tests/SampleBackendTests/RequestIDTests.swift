import Foundation
import Testing

@testable import SampleBackend

@Suite("API: X-Request-Id on every answer, errors included")
struct RequestIDTests {
    @Test("error answers of the routes, the fault rules and the HTTP layer echo the request's id")
    func errorsEchoTheID() async throws {
        try await withTestServer(faults: ["GET /v1/feed status=503 times=1"]) { server in
            let client = server.client
            let token = try await client.signIn("tracer")
            let answers: [(String, TestResponse)] = [
                ("unknown path", try await client.get("/v1/nowhere", headers: ["X-Request-Id": "id-404"])),
                (
                    "malformed JSON",
                    try await client.send(
                        "POST", "/v1/session", body: Data("{\"user_name\":".utf8), headers: ["X-Request-Id": "id-400"])
                ),
                ("no session", try await client.get("/v1/orders", headers: ["X-Request-Id": "id-401"])),
                ("wrong method", try await client.send("PATCH", "/v1/feed", headers: ["X-Request-Id": "id-405"])),
                ("injected 503", try await client.get("/v1/feed", headers: ["X-Request-Id": "id-503"])),
                (
                    "missing key",
                    try await client.send(
                        "POST", "/v1/orders", json: [:] as [String: Any], token: token,
                        headers: ["X-Request-Id": "id-key"])
                ),
                (
                    "body too large",
                    try await client.send(
                        "POST", "/v1/session", body: Data(repeating: 0x20, count: 70_000),
                        headers: ["X-Request-Id": "id-413"])
                ),
            ]
            let expected = [
                "unknown path": (404, "id-404"), "malformed JSON": (400, "id-400"), "no session": (401, "id-401"),
                "wrong method": (405, "id-405"), "injected 503": (503, "id-503"), "missing key": (400, "id-key"),
                "body too large": (413, "id-413"),
            ]
            for (name, answer) in answers {
                let (status, id) = try #require(expected[name])
                #expect(answer.status == status, "\(name)")
                #expect(answer.header("X-Request-Id") == id, "\(name)")
                #expect(answer.errorCode != nil, "\(name) is in the error shape")
            }
            let logged = Set(
                server.log.records.filter { $0.message.description == "request" }
                    .compactMap { $0.metadata["request_id"]?.description })
            for id in ["id-404", "id-400", "id-401", "id-405", "id-503", "id-key"] {
                #expect(logged.contains(id), "the access line of \(id) carries it")
            }
        }
    }

    @Test("an id that is missing, too long or not visible ASCII is replaced by one the server makes, per request")
    func unusableIDsReplaced() async throws {
        try await withTestServer { server in
            var made: Set<String> = []
            for sent in [nil, String(repeating: "x", count: 129), "tab\there", "ünicode"] {
                let answer = try await server.client.get(
                    "/v1/nowhere", headers: sent.map { ["X-Request-Id": $0] } ?? [:])
                let id = try #require(answer.header("X-Request-Id"))
                #expect(id.hasPrefix("req_"), "\(sent ?? "no id") → \(id)")
                made.insert(id)
            }
            #expect(made.count == 4, "every made id is new")
            let longest = String(repeating: "y", count: 128)
            #expect(
                try await server.client.get("/v1/config", headers: ["X-Request-Id": longest]).header("X-Request-Id")
                    == longest)
        }
    }
}
