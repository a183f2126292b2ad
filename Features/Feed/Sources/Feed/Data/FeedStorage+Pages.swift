import Foundation
import Models
import Persistence

extension FeedStorage {
    /// Stores a fetched page in the caller's transaction and returns its posts with the local like state on top
    /// (a like still waiting in the outbox keeps the user's choice, the count moved by one).
    ///
    /// Existing rows are read with one statement for the whole page and written with one multi-row upsert keyed by
    /// server id, so the statements do not grow with the page. The cache keeps the first `cacheLimit` posts of the
    /// feed (the newest):
    /// - a first page (`requestCursor == nil`) starts the cache over: its posts take positions 0, 1, …, every other
    ///   row goes, and the snapshot records the page's cursor;
    /// - a later page extends the cache only when it is the page that follows the cached posts (its request cursor
    ///   is the snapshot's cursor); otherwise only posts already cached are updated;
    /// - when the limit cuts a page, the snapshot keeps the cursor that asked for that page, so continuing from the
    ///   cache asks for it again (the Feature drops the repeats by id).
    static func store(
        _ posts: [Post], requestCursor: String?, nextCursor: String?, cacheLimit: Int, refreshedAt: Date,
        in transaction: DatabaseTransaction
    ) throws -> [Post] {
        let context = try pageContext(for: posts.map(\.id), in: transaction)
        let merged = posts.map { post in
            guard let pending = context.pendingLikes[post.id] else { return post }
            var copy = post
            copy.isLiked = pending
            copy.likeCount = LikeMerge.count(server: post.likeCount, serverLiked: post.isLiked, local: pending)
            return copy
        }
        let limit = max(cacheLimit, 0)
        var rows: [(post: Post, position: Int)] = []
        var isCut = false
        var addedCount = 0
        if requestCursor == nil {
            for (index, post) in merged.enumerated() {
                if index < limit { rows.append((post, index)) } else { isCut = true }
            }
        } else {
            let continuesCache = context.hasSnapshot && context.snapshotCursor == requestCursor
            var next = context.nextPosition
            for post in merged {
                if let position = context.positions[post.id] {
                    rows.append((post, position))
                } else if continuesCache && next < limit {
                    rows.append((post, next))
                    next += 1
                    addedCount += 1
                } else {
                    isCut = true
                }
            }
        }
        try upsert(rows, in: transaction)
        if requestCursor == nil {
            let kept = rows.map { $0.post.id.rawValue.databaseValue }
            try transaction.execute(
                "DELETE FROM feed_posts WHERE id NOT IN (" + .placeholders(count: kept.count) + ")", arguments: kept)
            try transaction.execute(
                """
                INSERT INTO feed_snapshot (id, next_cursor, has_more, refreshed_at) VALUES (1, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET next_cursor = excluded.next_cursor, has_more = excluded.has_more,
                    refreshed_at = excluded.refreshed_at
                """,
                isCut ? nil : nextCursor, isCut || nextCursor != nil, refreshedAt)
        } else if !isCut || addedCount > 0 {
            let continuation = isCut ? requestCursor : nextCursor
            try transaction.execute(
                "UPDATE feed_snapshot SET next_cursor = ?, has_more = ? WHERE id = 1 AND next_cursor IS ?",
                continuation, isCut || nextCursor != nil, requestCursor)
        }
        return merged
    }

    /// Refreshes the cached copy of one post (if it is cached) and returns it with the local like state on top.
    static func store(_ post: Post, in transaction: DatabaseTransaction) throws -> Post {
        var merged = post
        if let pending = try pendingLike(post.id, in: transaction) {
            merged.isLiked = pending.liked
            merged.likeCount = LikeMerge.count(server: post.likeCount, serverLiked: post.isLiked, local: pending.liked)
        }
        try transaction.execute(
            """
            UPDATE feed_posts SET author_name = ?, caption = ?, image_url = ?, like_count = ?, liked_by_me = ?,
                created_at = ?, kind = ?, product_id = ?
            WHERE id = ?
            """,
            arguments: Array(postValues(merged, position: 0).dropFirst(2)) + [merged.id.rawValue.databaseValue])
        return merged
    }

    // MARK: - Private

    /// What the cache knows about a page's posts, read with one statement.
    private struct PageContext {
        var positions: [PostID: Int] = [:]
        var pendingLikes: [PostID: Bool] = [:]
        var nextPosition = 0
        var snapshotCursor: String?
        var hasSnapshot = false
    }

    private struct PageContextRow: Decodable {
        let id: String
        let position: Int?
        let pendingLiked: Bool?
        let nextPosition: Int
        let snapshotCursor: String?
        let hasSnapshot: Bool

        private enum CodingKeys: String, CodingKey {
            case id, position
            case pendingLiked = "pending_liked"
            case nextPosition = "next_position"
            case snapshotCursor = "snapshot_cursor"
            case hasSnapshot = "has_snapshot"
        }
    }

    /// The cached positions and pending likes of `ids`, the next free position and the snapshot's cursor, in one
    /// query; nothing is read for an empty page.
    private static func pageContext(for ids: [PostID], in db: some DatabaseQuerying) throws -> PageContext {
        var context = PageContext()
        guard !ids.isEmpty else { return context }
        let values = SQL.joined(Array(repeating: "(?)", count: ids.count))
        let rows = try db.fetchAll(
            PageContextRow.self,
            "WITH page(id) AS (VALUES " + values
                + """
                )
                SELECT page.id AS id, posts.position AS position, likes.liked AS pending_liked,
                    (SELECT coalesce(max(position) + 1, 0) FROM feed_posts) AS next_position,
                    (SELECT next_cursor FROM feed_snapshot WHERE id = 1) AS snapshot_cursor,
                    (SELECT count(*) FROM feed_snapshot) AS has_snapshot
                FROM page
                LEFT JOIN feed_posts AS posts ON posts.id = page.id
                LEFT JOIN feed_pending_likes AS likes ON likes.post_id = page.id
                """,
            arguments: ids.map { $0.rawValue.databaseValue })
        for row in rows {
            let id = PostID(rawValue: row.id)
            context.positions[id] = row.position
            context.pendingLikes[id] = row.pendingLiked
            context.nextPosition = row.nextPosition
            context.snapshotCursor = row.snapshotCursor
            context.hasSnapshot = row.hasSnapshot
        }
        return context
    }

    /// Inserts or updates `rows` by id with one statement.
    private static func upsert(_ rows: [(post: Post, position: Int)], in transaction: DatabaseTransaction) throws {
        guard !rows.isEmpty else { return }
        let row: SQL = "(" + .placeholders(count: 10) + ")"
        try transaction.execute(
            "INSERT INTO feed_posts (" + postColumns + ") VALUES " + .joined(Array(repeating: row, count: rows.count))
                + """
                 ON CONFLICT (id) DO UPDATE SET position = excluded.position, author_name = excluded.author_name,
                    caption = excluded.caption, image_url = excluded.image_url, like_count = excluded.like_count,
                    liked_by_me = excluded.liked_by_me, created_at = excluded.created_at, kind = excluded.kind,
                    product_id = excluded.product_id
                """,
            arguments: rows.flatMap { postValues($0.post, position: $0.position) })
    }
}
