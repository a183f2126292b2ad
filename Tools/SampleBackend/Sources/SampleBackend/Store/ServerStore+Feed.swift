import Foundation
import Persistence

/// A position in the feed: after the post with this time and id (posts are ordered newest first by `created_at`,
/// then by `id` descending, compared as bytes of UTF-8, so positions are unique and stable while new posts arrive
/// at the top, and posts with the same time keep an order that does not depend on how they were inserted).
struct FeedPosition: Sendable, Hashable {
    let createdMilliseconds: Int64
    let id: String
}

extension ServerStore {
    static let postColumns: SQL = """
        p.seq, p.id, p.author_name, p.caption, p.image_url, p.like_count, p.created_at, p.created_ms, p.kind,
        p.product_id, EXISTS (SELECT 1 FROM server_likes l WHERE l.post_seq = p.seq AND l.user_id = ?) AS liked_by_me
        """

    /// Up to `limit` posts after `position` (from the newest without one), newest first, and whether more follow.
    /// Blocks the calling thread for the read (`Database.readBlocking`): not for tasks.
    func feedPage(after position: FeedPosition?, limit: Int, userID: String?) throws -> ([PostRow], Bool) {
        let rows = try database.readBlocking { reader in
            if let position {
                return try reader.fetchRows(
                    "SELECT " + Self.postColumns + """
                         FROM server_posts p WHERE (p.created_ms, p.id) < (?, ?)
                        ORDER BY p.created_ms DESC, p.id DESC LIMIT ?
                        """,
                    userID, position.createdMilliseconds, position.id, limit + 1)
            }
            return try reader.fetchRows(
                "SELECT " + Self.postColumns + " FROM server_posts p ORDER BY p.created_ms DESC, p.id DESC LIMIT ?",
                userID, limit + 1)
        }.map(PostRow.init)
        return (Array(rows.prefix(limit)), rows.count > limit)
    }

    /// The post with `id`, or nil.
    func post(id: String, userID: String?) async throws -> PostRow? {
        try await database.read { reader in
            try reader.fetchRows("SELECT " + Self.postColumns + " FROM server_posts p WHERE p.id = ?", userID, id)
        }.first.map(PostRow.init)
    }

    /// Likes or unlikes a post for a user; liking twice or unliking what is not liked changes nothing. A change
    /// writes a `post.likes` event with the new count in the same transaction.
    ///
    /// - Returns: the post's id, like count and whether the user likes it now; nil when there is no such post.
    func setLike(
        postID: String, userID: String, liked: Bool, nowMilliseconds: Int64
    ) async throws -> (String, Int, Bool)? {
        try await database.transaction { transaction in
            guard
                let seq = try transaction.fetchOne(Int64.self, "SELECT seq FROM server_posts WHERE id = ?", postID)
            else { return nil }
            if liked {
                try transaction.execute(
                    "INSERT OR IGNORE INTO server_likes (post_seq, user_id) VALUES (?, ?)", seq, userID)
            } else {
                try transaction.execute("DELETE FROM server_likes WHERE post_seq = ? AND user_id = ?", seq, userID)
            }
            let changed = transaction.changedRowCount > 0
            if changed {
                try transaction.execute(
                    "UPDATE server_posts SET like_count = max(0, like_count + ?) WHERE seq = ?", liked ? 1 : -1, seq)
            }
            let count = try transaction.fetchOne(Int.self, "SELECT like_count FROM server_posts WHERE seq = ?", seq)
            if changed {
                try Self.appendEvent(
                    "post.likes", data: Self.postLikesData(postID: postID, likeCount: count ?? 0),
                    nowMilliseconds: nowMilliseconds, in: transaction)
            }
            return (postID, count ?? 0, liked)
        }
    }

    /// Adds `count` posts dated one second after the newest post, all at the same millisecond, inserted so that
    /// insertion order and id order differ (ids `tie_NNNN`, their ranks inserted from both ends in alternation).
    ///
    /// - Returns: the new posts' ids in insertion order.
    func addPostsSharingOneTime(count: Int) async throws -> [String] {
        let generator = self.generator
        return try await database.transaction { transaction in
            let newest =
                try transaction.fetchOne(Int64.self, "SELECT coalesce(max(created_ms), 0) FROM server_posts") ?? 0
            let milliseconds = newest - newest % 1000 + 1000
            var seq = (try transaction.fetchOne(Int.self, "SELECT coalesce(max(seq), 0) FROM server_posts") ?? 0)
            var ids: [String] = []
            for index in 0..<count {
                seq += 1
                // Alternate ends of the alphabet so neither insertion order nor its reverse is id order.
                let rank = index % 2 == 0 ? count - 1 - index / 2 : index / 2
                var post = generator.grownPost(
                    ordinal: 10_000 + seq, number: seq, milliseconds: milliseconds, productIDs: [])
                post.id = "tie_\(String(format: "%04d", rank))"
                post.createdMilliseconds = milliseconds
                post.createdAt = Timestamp.string(milliseconds: milliseconds)
                try Self.insert(post, seq: seq, into: transaction)
                if let data = try Self.postCreatedData(seq: seq, in: transaction) {
                    try Self.appendEvent("post.created", data: data, nowMilliseconds: milliseconds, in: transaction)
                }
                ids.append(post.id)
            }
            return ids
        }
    }

    /// Adds a post at the top of the feed, dated `now` or just after the newest post, whichever is later, with a
    /// `post.created` event in the same transaction.
    ///
    /// - Returns: the new post's id.
    @discardableResult
    func growFeed(now: Date) async throws -> String {
        let generator = self.generator
        return try await database.transaction { transaction in
            let newest =
                try transaction.fetchOne(Int64.self, "SELECT coalesce(max(created_ms), 0) FROM server_posts") ?? 0
            let seq = (try transaction.fetchOne(Int.self, "SELECT coalesce(max(seq), 0) FROM server_posts") ?? 0) + 1
            let productIDs = try transaction.fetchAll(
                String.self, "SELECT id FROM server_products ORDER BY seq LIMIT 200")
            let nowMilliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
            let milliseconds = max(nowMilliseconds - nowMilliseconds % 1000, newest - newest % 1000 + 1000)
            let grownCount =
                try transaction.fetchOne(
                    Int.self, "SELECT CAST(value AS INTEGER) FROM server_meta WHERE key = 'grown_posts'") ?? 0
            let post = generator.grownPost(
                ordinal: grownCount + 1, number: seq, milliseconds: milliseconds, productIDs: productIDs)
            try Self.insert(post, seq: seq, into: transaction)
            if let data = try Self.postCreatedData(seq: seq, in: transaction) {
                try Self.appendEvent("post.created", data: data, nowMilliseconds: nowMilliseconds, in: transaction)
            }
            try transaction.execute(
                "INSERT OR REPLACE INTO server_meta (key, value) VALUES ('grown_posts', ?)", String(grownCount + 1))
            return post.id
        }
    }
}
