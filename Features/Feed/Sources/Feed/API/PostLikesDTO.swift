import Foundation
import Models

/// The data of a `post.likes` live event (`PostLikes` of the API contract): a post's like count changed.
struct PostLikesDTO: Decodable, Sendable, Equatable {
    let postID: PostID
    let likeCount: Int

    /// Keys as the shared decoder presents them (`post_id` becomes `postId`).
    private enum CodingKeys: String, CodingKey {
        case postID = "postId"
        case likeCount
    }
}
