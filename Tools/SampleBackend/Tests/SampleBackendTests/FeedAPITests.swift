import Foundation
import Testing

@testable import SampleBackend

@Suite("API: feed, posts, likes")
struct FeedAPITests {
    @Test("the feed pages newest first with an opaque cursor and ends with next_cursor null")
    func pages() async throws {
        try await withTestServer { server in
            var cursor: String?
            var ids: [String] = []
            var times: [String] = []
            repeat {
                let path = "/v1/feed?limit=25" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await server.client.get(path)
                #expect(page.status == 200)
                #expect(page.header("content-type") == "application/json")
                let posts = try #require(page.object["posts"] as? [[String: Any]])
                ids += posts.map { "\($0["id"] ?? "")" }
                times += posts.compactMap { $0["created_at"] as? String }
                cursor = page.object["next_cursor"] as? String
                #expect(page.object.keys.contains("next_cursor"))
            } while cursor != nil
            #expect(ids.count == 60)
            #expect(Set(ids).count == 60)
            #expect(times == times.sorted(by: >))
        }
    }

    @Test("posts added at the top between page requests are neither skipped nor repeated")
    func keysetUnderGrowth() async throws {
        try await withTestServer(growFeedEvery: 1) { server in
            var cursor: String?
            var seen: [String] = []
            var pages = 0
            repeat {
                let page = try await server.client.get("/v1/feed?limit=7" + (cursor.map { "&cursor=\($0)" } ?? ""))
                let posts = try #require(page.object["posts"] as? [[String: Any]])
                seen += posts.map { "\($0["id"] ?? "")" }
                cursor = page.object["next_cursor"] as? String
                pages += 1
                if pages == 3 {
                    try await server.server.addPostToFeed()
                }
            } while cursor != nil
            #expect(Set(seen).count == seen.count, "a post was repeated")
            #expect(seen.count == 61, "the first page's grown post plus the 60 seeded ones, each once")
            let top = try await server.client.get("/v1/feed?limit=50")
            let newest = try #require(top.object["posts"] as? [[String: Any]]).prefix(pages + 1).map {
                "\($0["id"] ?? "")"
            }
            #expect(newest.allSatisfy { !seen.contains($0) }, "posts grown later sit above every page read")
        }
    }

    @Test("bad limits and cursors are 400 with the error shape")
    func badParameters() async throws {
        try await withTestServer { server in
            for path in ["/v1/feed?limit=0", "/v1/feed?limit=51", "/v1/feed?limit=ten"] {
                let response = try await server.client.get(path)
                #expect(response.status == 400)
                #expect(response.errorCode == "invalid_parameter")
                #expect((response.error["message"] as? String)?.isEmpty == false)
            }
            for cursor in ["garbage", "Zm9vOjE6Mg", "%00%01"] {
                let response = try await server.client.get("/v1/feed?cursor=\(cursor)")
                #expect(response.status == 400)
                #expect(response.errorCode == "invalid_cursor")
            }
        }
    }

    @Test("a post by id; an unknown id is 404")
    func postByID() async throws {
        try await withTestServer(catalog: CatalogConfiguration(productCount: 50, postCount: 20, messyShare: 0)) {
            server in
            let post = try await server.client.get("/v1/posts/post_7")
            #expect(post.status == 200)
            #expect(post.object["id"] as? String == "post_7")
            for key in ["author_name", "caption", "image_url", "like_count", "liked_by_me", "created_at", "kind"] {
                #expect(post.object[key] != nil, "missing \(key)")
            }
            let missing = try await server.client.get("/v1/posts/post_999")
            #expect(missing.status == 404)
            #expect(missing.errorCode == "not_found")
        }
    }

    @Test("likes need a token, are idempotent, and show as liked_by_me")
    func likes() async throws {
        try await withTestServer { server in
            let client = server.client
            let anonymous = try await client.send("PUT", "/v1/posts/post_3/like")
            #expect(anonymous.status == 401)
            #expect(anonymous.errorCode == "unauthorized")
            #expect(anonymous.header("WWW-Authenticate") == "Bearer")

            let token = try await client.signIn("liker")
            let before = try #require(try await client.get("/v1/posts/post_3").object["like_count"] as? Int)
            let first = try await client.send("PUT", "/v1/posts/post_3/like", token: token)
            let second = try await client.send("PUT", "/v1/posts/post_3/like", token: token)
            #expect(first.status == 200)
            #expect(first.object["like_count"] as? Int == before + 1)
            #expect(first.object["liked_by_me"] as? Bool == true)
            #expect(first.object["post_id"] as? String == "post_3")
            #expect(second.body == first.body)

            let mine = try await client.get("/v1/posts/post_3", headers: ["authorization": "bearer \(token)"])
            #expect(mine.object["liked_by_me"] as? Bool == true)
            let theirs = try await client.get("/v1/posts/post_3")
            #expect(theirs.object["liked_by_me"] as? Bool == false)

            let unliked = try await client.send("DELETE", "/v1/posts/post_3/like", token: token)
            let unlikedAgain = try await client.send("DELETE", "/v1/posts/post_3/like", token: token)
            #expect(unliked.object["like_count"] as? Int == before)
            #expect(unliked.object["liked_by_me"] as? Bool == false)
            #expect(unlikedAgain.body == unliked.body)

            let unknown = try await client.send("PUT", "/v1/posts/nope/like", token: token)
            #expect(unknown.status == 404)
            let badToken = try await client.get("/v1/feed", token: "not-a-token")
            #expect(badToken.status == 401)
        }
    }

    @Test("messy records carry the flaws real servers send")
    func messyRecords() async throws {
        let catalog = CatalogConfiguration(productCount: 200, postCount: 200, authorCount: 10, messyShare: 1)
        try await withTestServer(catalog: catalog) { server in
            var posts: [[String: Any]] = []
            var cursor: String?
            repeat {
                let page = try await server.client.get("/v1/feed?limit=50" + (cursor.map { "&cursor=\($0)" } ?? ""))
                posts += try #require(page.object["posts"] as? [[String: Any]])
                cursor = page.object["next_cursor"] as? String
            } while cursor != nil
            #expect(posts.contains { $0["id"] is NSNumber }, "numeric ids")
            #expect(posts.contains { $0["caption"] == nil }, "missing captions")
            #expect(posts.contains { ($0["created_at"] as? String)?.contains(".") == true }, "fractional seconds")
            #expect(posts.contains { !["photo", "video", "carousel"].contains($0["kind"] as? String ?? "") })
            #expect(posts.contains { ($0["image_url"] as? String).map { URL(string: $0)?.host == nil } ?? false })
            let numeric = try #require(posts.first { $0["id"] is NSNumber }?["id"] as? NSNumber)
            let byNumber = try await server.client.get("/v1/posts/\(numeric.int64Value)")
            #expect(byNumber.status == 200)
        }
        let tidy = CatalogConfiguration(productCount: 100, postCount: 100, authorCount: 10, messyShare: 0)
        try await withTestServer(catalog: tidy) { server in
            let page = try await server.client.get("/v1/feed?limit=50")
            let posts = try #require(page.object["posts"] as? [[String: Any]])
            #expect(posts.allSatisfy { $0["id"] is String && $0["caption"] != nil })
        }
    }
}
