import Foundation
import Testing

@testable import SampleBackend

@Suite("Strict input: duplicate keys, text limits, user names, feed ties")
struct StrictInputTests {
    @Test(
        "a repeated key is found wherever it is, escapes resolved, and named by its path",
        arguments: [
            (#"{"a":1,"a":2}"#, "a"),
            (#"{"a":1,"\u0061":2}"#, "a"),
            (#"{"x":{"n":"1","m":{"n":2},"n":3}}"#, "x.n"),
            (#"{"items":[{"id":1},{"id":2,"id":3}]}"#, "items[1].id"),
            (#"[{"k":"a,\"k\":"},{"k":1,"k":2}]"#, "[1].k"),
        ])
    func duplicateKeyPaths(json: String, path: String) {
        #expect(DuplicateKeyCheck.firstDuplicate(in: Array(json.utf8)) == path)
    }

    @Test(
        "objects with distinct keys pass, also when one key repeats in sibling objects or inside a string",
        arguments: [
            #"{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}"#, #"{"s":"\"a\":1,\"a\":2"}"#, #"[1,2,{"a":[]}]"#,
            "{\"\u{E9}\":1,\"e\u{301}\":2}",
        ])
    func distinctKeys(json: String) {
        #expect(DuplicateKeyCheck.firstDuplicate(in: Array(json.utf8)) == nil)
    }

    @Test("a body with a duplicate key is 400 malformed_json naming the key, and a duplicate items stores nothing")
    func duplicateKeysOverHTTP() async throws {
        try await withTestServer { server in
            let client = server.client
            let session = try await client.send(
                "POST", "/v1/session", body: Data(#"{"user_name":"ada","user_name":"eve"}"#.utf8))
            #expect(session.status == 400)
            #expect(session.errorCode == "malformed_json")
            #expect((session.error["message"] as? String)?.contains("user_name") == true)
            #expect(session.header("content-type") == "application/json")

            let token = try await client.signIn("dup")
            let price =
                try #require(
                    try await client.get("/v1/products/sku_1").object["price"] as? [String: Any])["amount_minor"]
                as? Int
            let single = try JSONSerialization.data(
                withJSONObject: orderBody(
                    clientID: "dup-1", items: [("sku_1", 1)], expectedTotal: Int64(try #require(price)) + 490),
                options: [.sortedKeys])
            // The same body with a second `items` key after the first.
            var text = String(decoding: single, as: UTF8.self)
            text.removeLast()
            text += #","items":[{"product_id":"sku_1","quantity":2}]}"#
            let duplicated = try await client.send(
                "POST", "/v1/orders", body: Data(text.utf8), token: token, headers: ["Idempotency-Key": "dup-1"])
            #expect(duplicated.status == 400)
            #expect(duplicated.errorCode == "malformed_json")
            #expect((duplicated.error["message"] as? String)?.contains("items") == true)
            let placed = try await client.send(
                "POST", "/v1/orders", body: single, token: token, headers: ["Idempotency-Key": "dup-1"])
            #expect(placed.status == 201, "the refused body left nothing under the key")
            #expect(placed.header("Idempotent-Replayed") == nil)
        }
    }

    @Test("q is limited in Unicode scalars and bytes, so combining marks cannot slip past the limit")
    func searchTextLimits() async throws {
        try await withTestServer { server in
            func search(_ text: String) async throws -> TestResponse {
                let escaped = try #require(text.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
                return try await server.client.get("/v1/search?q=\(escaped)")
            }
            let stacked = "e" + String(repeating: "\u{301}", count: 250)
            #expect(stacked.count == 1, "one grapheme cluster")
            let refused = try await search(stacked)
            #expect(refused.status == 400)
            #expect(refused.errorCode == "invalid_parameter")
            let huge = try await search("e" + String(repeating: "\u{301}", count: 3000))
            #expect(huge.status == 414, "18 KB of percent-encoded marks are past the URI limit")
            #expect(huge.errorCode == "uri_too_long")
            #expect(try await search(String(repeating: "a", count: 200)).status == 200)
            #expect(try await search(String(repeating: "a", count: 201)).status == 400)
            #expect(try await search(String(repeating: "😀", count: 200)).status == 200, "200 scalars, 800 bytes")
            #expect(try await search("e" + String(repeating: "\u{301}", count: 199)).status == 200)
        }
    }

    @Test("look-alike spellings of a name are one user; invisible or over-long names are refused")
    func userNames() async throws {
        try await withTestServer { server in
            let client = server.client
            func signIn(_ name: String) async throws -> TestResponse {
                try await client.send("POST", "/v1/session", json: ["user_name": name])
            }
            func userID(_ name: String) async throws -> String? {
                let response = try await signIn(name)
                #expect(response.status == 201, "\(name.debugDescription)")
                return (response.object["user"] as? [String: Any])?["id"] as? String
            }
            let ada = try await userID("Ada")
            #expect(ada != nil)
            for spelling in ["ada", "ADA", "ＡＤＡ", " Ａda "] {
                #expect(try await userID(spelling) == ada, "\(spelling.debugDescription)")
            }
            let composed = try await userID("Ad\u{E8}le")
            #expect(try await userID("Ade\u{300}le") == composed, "NFD and NFC are one user")
            #expect(try await userID("ADÈLE") == composed)
            #expect(composed != ada)
            #expect(try await userID("Straße") == (try await userID("STRASSE")), "case folding, not lowercasing")
            let shown = try await signIn("ＡＤＡ")
            #expect((shown.object["user"] as? [String: Any])?["name"] as? String == "Ada", "the first spelling")

            for refused in ["ad\u{200B}a", "a\u{202E}da", "a\u{7}b", "e" + String(repeating: "\u{301}", count: 65)] {
                let response = try await signIn(refused)
                #expect(response.status == 422, "\(refused.debugDescription)")
                #expect((response.error["details"] as? [String: Any])?["field"] as? String == "user_name")
            }
        }
    }

    @Test("posts sharing one created_at are ordered by id descending, each exactly once across page boundaries")
    func tiedTimestamps() async throws {
        try await withTestServer { server in
            let inserted = try await server.server.addPostsSharingOneTime(count: 9)
            #expect(
                inserted != inserted.sorted() && inserted != inserted.sorted(by: >), "insertion order is not id order")
            var cursor: String?
            var seen: [(time: String, id: String)] = []
            repeat {
                let page = try await server.client.get("/v1/feed?limit=4" + (cursor.map { "&cursor=\($0)" } ?? ""))
                #expect(page.status == 200)
                let posts = try #require(page.object["posts"] as? [[String: Any]])
                seen += posts.map { (time: $0["created_at"] as? String ?? "", id: "\($0["id"] ?? "")") }
                cursor = page.object["next_cursor"] as? String
            } while cursor != nil
            #expect(seen.count == 69)
            #expect(Set(seen.map(\.id)).count == 69, "no post repeated or skipped")
            #expect(Array(seen.prefix(9).map(\.id)) == inserted.sorted(by: >), "the tied posts, id descending")
            #expect(Set(seen.prefix(9).map(\.time)).count == 1)
            let milliseconds = try seen.map { try #require(Self.milliseconds($0.time), "\($0.time)") }
            for index in seen.indices.dropFirst() {
                let before = (milliseconds[index - 1], Array(seen[index - 1].id.utf8))
                let after = (milliseconds[index], Array(seen[index].id.utf8))
                #expect(
                    before.0 > after.0 || (before.0 == after.0 && before.1.lexicographicallyPrecedes(after.1) == false),
                    "\(seen[index - 1].id) before \(seen[index].id)")
            }
        }
    }

    /// An API timestamp (with or without fractional seconds) in milliseconds since 1970.
    static func milliseconds(_ text: String) -> Int64? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let date = formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)
        return date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
    }

    @Test("a cursor without the documented shape is 400 invalid_cursor; any text of that shape is a position")
    func cursorShapes() async throws {
        try await withTestServer { server in
            for cursor in [
                Base64URL.encode(Array("f1:1767225600000:12".utf8)), "f2.abc.706f7374", "f2.1767225600000.",
                "f2.1767225600000.7", "f2.1767225600000.ZZ", "f2.1234567890123456.70", "not-a-cursor",
            ] {
                let response = try await server.client.get("/v1/feed?cursor=\(cursor)")
                #expect(response.status == 400, "\(cursor)")
                #expect(response.errorCode == "invalid_cursor")
            }
            // "ff" is not UTF-8 on its own: still a position, so the answer is a page.
            for cursor in ["f2.0.70", "f2.999999999999999.ff", "f2.1767225600000.706f73745f3130"] {
                #expect(try await server.client.get("/v1/feed?cursor=\(cursor)").status == 200, "\(cursor)")
            }
            let far = try await server.client.get("/v1/feed?cursor=f2.999999999999999.ff&limit=50")
            #expect((far.object["posts"] as? [Any])?.count == 50, "a position after every post starts at the top")
            let orders = try await server.client.get(
                "/v1/orders?cursor=o2.5", token: try await server.client.signIn("o"))
            #expect(orders.status == 200)
        }
    }
}
