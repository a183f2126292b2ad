import Models

/// The like state of one post after the server answered (or refused) a like.
public struct LikeStatus: Sendable, Hashable {
    /// The post.
    public var postID: PostID
    /// Whether the post is liked, as it should show now: the local choice while a later like of the post is still
    /// waiting in the outbox, the server's answer otherwise.
    public var isLiked: Bool
    /// The count to show (the server's, adjusted by one for a like still waiting), or nil when unknown (the post is
    /// not cached and the server did not say).
    public var likeCount: Int?

    /// Creates a status.
    public init(postID: PostID, isLiked: Bool, likeCount: Int?) {
        self.postID = postID
        self.isLiked = isLiked
        self.likeCount = likeCount
    }
}

/// What happened to queued likes in the background, as the repository reports it to the Feature.
public enum FeedSyncEvent: Sendable, Hashable {
    /// The server applied a like or unlike; show `status`.
    case likeSaved(LikeStatus)
    /// The server refused a like for good (the post is gone, the request was rejected); the local change was undone
    /// and the post should show `status`.
    case likeRejected(LikeStatus, reason: String)
    /// A like cannot be pushed without a signed-in user; the outbox waits until the App calls
    /// `Outbox.resumeAfterSignIn()`.
    case signInRequired(PostID)
}
