import Foundation
import Models
import Persistence

extension FeedStorage {
    /// Records the user's like choice locally in the caller's transaction: the cached post (if any) flips its state
    /// and moves its count by one, and the pending choice is remembered with its mutation's id (replacing an older
    /// pending choice for the post).
    static func recordLike(_ liked: Bool, postID: PostID, mutationID: String, in transaction: DatabaseTransaction)
        throws
    {
        try transaction.execute(
            """
            UPDATE feed_posts SET like_count = max(0, like_count + ?), liked_by_me = ?
            WHERE id = ? AND liked_by_me <> ?
            """,
            liked ? 1 : -1, liked, postID.rawValue, liked)
        try transaction.execute(
            """
            INSERT INTO feed_pending_likes (post_id, liked, mutation_id) VALUES (?, ?, ?)
            ON CONFLICT (post_id) DO UPDATE SET liked = excluded.liked, mutation_id = excluded.mutation_id
            """,
            postID.rawValue, liked, mutationID)
    }

    /// Stores the server's answer to the mutation `mutationID` and returns what the post should show: the server's
    /// state, unless a later choice for the post is still pending, which keeps its liked state (the server's count
    /// moved by one).
    static func applyServerLike(
        postID: PostID, likeCount: Int, likedByMe: Bool, mutationID: String, in transaction: DatabaseTransaction
    ) throws -> LikeStatus {
        var pending = try pendingLike(postID, in: transaction)
        if pending?.mutationID == mutationID {
            try transaction.execute("DELETE FROM feed_pending_likes WHERE post_id = ?", postID.rawValue)
            pending = nil
        }
        let liked = pending?.liked ?? likedByMe
        let count = LikeMerge.count(server: max(likeCount, 0), serverLiked: likedByMe, local: liked)
        try transaction.execute(
            "UPDATE feed_posts SET like_count = ?, liked_by_me = ? WHERE id = ?", count, liked, postID.rawValue)
        return LikeStatus(postID: postID, isLiked: liked, likeCount: count)
    }

    /// Undoes the local effect of the mutation `mutationID` (`liked` is what it asked for) after the server refused
    /// it for good; returns what the post should show, or nil when a later choice for the post replaced it (that
    /// choice stands).
    static func revertLike(_ liked: Bool, postID: PostID, mutationID: String, in transaction: DatabaseTransaction)
        throws -> LikeStatus?
    {
        guard try pendingLike(postID, in: transaction)?.mutationID == mutationID else { return nil }
        try transaction.execute("DELETE FROM feed_pending_likes WHERE post_id = ?", postID.rawValue)
        try transaction.execute(
            """
            UPDATE feed_posts SET like_count = max(0, like_count + ?), liked_by_me = ?
            WHERE id = ? AND liked_by_me = ?
            """,
            liked ? -1 : 1, !liked, postID.rawValue, liked)
        let count = try transaction.fetchOne(
            Int.self, "SELECT like_count FROM feed_posts WHERE id = ?", postID.rawValue)
        return LikeStatus(postID: postID, isLiked: !liked, likeCount: count)
    }

    /// The pending like choice for `postID`, if any.
    static func pendingLike(_ postID: PostID, in db: some DatabaseQuerying) throws -> PendingLikeRow? {
        try db.fetchOne(
            PendingLikeRow.self, "SELECT liked, mutation_id FROM feed_pending_likes WHERE post_id = ?", postID.rawValue)
    }
}
