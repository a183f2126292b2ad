import Foundation
import Models
import Persistence

/// Feed's tables in the account database, all under the `feed_` prefix, and the queries that read them.
///
/// - `feed_posts`: the cached posts, one row per server id, `position` 0, 1, 2 … in feed order (newest first);
///   `image_url` is the empty string for a post without a usable picture (the column is `NOT NULL`, and an empty
///   value is one `ImageURL.parse(_:)` refuses, so the row reads back as the same post without a picture).
/// - `feed_snapshot`: one row (id 1) once a first page was cached: the cursor that continues after the cached posts,
///   whether the feed goes on, and when the first page was fetched.
/// - `feed_pending_likes`: the like state the user chose for a post while its mutation waits in the outbox, with
///   that mutation's id; the row goes when the server has applied that mutation.
///
/// Register `FeedStorage.migrations` with the account database's `DatabaseMigrator`. History:
/// `feed_1_create_cache` (the three tables).
public enum FeedStorage {
    /// Feed's migrations, oldest first; append-only.
    public static let migrations = MigrationGroup(
        tablePrefix: "feed_",
        migrations: [
            Migration(
                "feed_1_create_cache",
                sql: """
                    CREATE TABLE feed_posts (
                        id TEXT PRIMARY KEY,
                        position INTEGER NOT NULL,
                        author_name TEXT NOT NULL,
                        caption TEXT NOT NULL,
                        image_url TEXT NOT NULL,
                        like_count INTEGER NOT NULL,
                        liked_by_me INTEGER NOT NULL,
                        created_at TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        product_id TEXT
                    );
                    CREATE INDEX feed_posts_by_position ON feed_posts (position);
                    CREATE TABLE feed_snapshot (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        next_cursor TEXT,
                        has_more INTEGER NOT NULL,
                        refreshed_at TEXT NOT NULL
                    );
                    CREATE TABLE feed_pending_likes (
                        post_id TEXT PRIMARY KEY,
                        liked INTEGER NOT NULL,
                        mutation_id TEXT NOT NULL
                    );
                    """)
        ])

    /// The columns of a `PostRow`, in the order `postValues(_:position:)` binds them.
    static let postColumns: SQL =
        "id, position, author_name, caption, image_url, like_count, liked_by_me, created_at, kind, product_id"

    /// The cached feed, or nil before the first page was cached.
    static func cachedFeed(in db: some DatabaseQuerying) throws -> CachedFeed? {
        guard
            let snapshot = try db.fetchOne(
                SnapshotRow.self, "SELECT next_cursor, has_more, refreshed_at FROM feed_snapshot WHERE id = 1")
        else { return nil }
        let rows = try db.fetchAll(PostRow.self, "SELECT " + postColumns + " FROM feed_posts ORDER BY position")
        return CachedFeed(
            posts: rows.map(\.post), nextCursor: snapshot.nextCursor, hasMore: snapshot.hasMore,
            refreshedAt: snapshot.refreshedAt)
    }

    /// The cached post with `id`, or nil.
    static func cachedPost(_ id: PostID, in db: some DatabaseQuerying) throws -> Post? {
        try db.fetchOne(PostRow.self, "SELECT " + postColumns + " FROM feed_posts WHERE id = ?", id.rawValue)?.post
    }

    /// The values of one `feed_posts` row, in `postColumns` order.
    static func postValues(_ post: Post, position: Int) -> [DatabaseValue] {
        [
            post.id.rawValue.databaseValue, position.databaseValue, post.authorName.databaseValue,
            post.caption.databaseValue, (post.imageURL?.absoluteString ?? "").databaseValue,
            post.likeCount.databaseValue,
            post.isLiked.databaseValue, post.createdAt.databaseValue, post.kind.wireValue.databaseValue,
            post.productID?.rawValue.databaseValue ?? .null,
        ]
    }
}

/// A `feed_posts` row.
struct PostRow: Decodable {
    let id: String
    let authorName: String
    let caption: String
    let imageURL: String
    let likeCount: Int
    let likedByMe: Bool
    let createdAt: Date
    let kind: String
    let productID: String?

    private enum CodingKeys: String, CodingKey {
        case id, caption, kind
        case authorName = "author_name"
        case imageURL = "image_url"
        case likeCount = "like_count"
        case likedByMe = "liked_by_me"
        case createdAt = "created_at"
        case productID = "product_id"
    }

    /// The domain value; a stored image URL that does not parse (the empty string of a post without a picture)
    /// reads back as no picture.
    var post: Post {
        Post(
            id: PostID(rawValue: id), authorName: authorName, caption: caption, imageURL: ImageURL.parse(imageURL),
            likeCount: likeCount, isLiked: likedByMe, createdAt: createdAt, kind: PostKind(wireValue: kind),
            productID: productID.map(ProductID.init(rawValue:)))
    }
}

/// The `feed_snapshot` row.
struct SnapshotRow: Decodable {
    let nextCursor: String?
    let hasMore: Bool
    let refreshedAt: Date

    private enum CodingKeys: String, CodingKey {
        case nextCursor = "next_cursor"
        case hasMore = "has_more"
        case refreshedAt = "refreshed_at"
    }
}

/// A `feed_pending_likes` row.
struct PendingLikeRow: Decodable {
    let liked: Bool
    let mutationID: String

    private enum CodingKeys: String, CodingKey {
        case liked
        case mutationID = "mutation_id"
    }
}

/// How a like the user made locally shows on top of the server's state.
enum LikeMerge {
    /// The count to show when the user's choice is `local` and the server counted with `serverLiked`: the server's
    /// count moved by one when they differ, never below zero.
    static func count(server count: Int, serverLiked: Bool, local: Bool) -> Int {
        guard local != serverLiked else { return count }
        return max(0, count + (local ? 1 : -1))
    }
}
