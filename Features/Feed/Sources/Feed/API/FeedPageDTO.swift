import Models
import Networking

/// One page of `GET /v1/feed`: `{"posts": [Post], "next_cursor": "..." | null}` (API contract).
///
/// `posts` decodes element by element, so an element without a usable id is dropped (and reported in
/// `LossyArray.dropped`) while the rest of the page is kept.
struct FeedPageDTO: Decodable, Sendable {
    let posts: LossyArray<PostDTO>
    let nextCursor: String?
}

/// The answer of `PUT` and `DELETE /v1/posts/{id}/like`: `{"post_id", "like_count", "liked_by_me"}` (API contract).
struct LikeResultDTO: Decodable, Sendable, Equatable {
    let postID: PostID
    let likeCount: Int
    let likedByMe: Bool

    private enum CodingKeys: String, CodingKey {
        case postID = "postId"
        case likeCount, likedByMe
    }
}
