import Foundation
import Logging
import Models
import Networking

/// The one place where server posts become domain `Post` values.
///
/// A post needs an author, a valid image URL (`ImageURL.parse`: absolute `http`/`https` with a host), a creation
/// date in the API's ISO 8601 forms and a like count of zero or more; without one of these it is dropped and logged
/// with its id. A missing caption becomes empty, a missing `liked_by_me` false, an unknown or missing `kind`
/// `PostKind.unknown`. A post whose id already appeared on the page is dropped as a repeat.
enum PostMapping {
    /// Why a post could not become a `Post`.
    struct Rejection: Error, Equatable {
        let postID: PostID
        let reason: String
    }

    /// The valid posts of `dto`, in order, each id once, and how many items were dropped (each is logged).
    static func posts(of dto: FeedPageDTO, logger: Logger) -> (posts: [Post], droppedCount: Int) {
        for dropped in dto.posts.dropped {
            logger.warning(
                "feed item dropped: it has no usable id",
                metadata: ["index": "\(dropped.index)", "reason": .string(dropped.failure.description)])
        }
        var seen: Set<PostID> = []
        var posts: [Post] = []
        var droppedCount = dto.posts.dropped.count
        for item in dto.posts.elements {
            do {
                let post = try post(from: item)
                guard seen.insert(post.id).inserted else {
                    throw Rejection(postID: post.id, reason: "the post appears twice on the page")
                }
                posts.append(post)
            } catch {
                droppedCount += 1
                log(error, logger: logger)
            }
        }
        return (posts, droppedCount)
    }

    /// The domain value of one server post.
    ///
    /// - Throws: `Rejection` naming the first field that makes the post unusable.
    static func post(from dto: PostDTO) throws(Rejection) -> Post {
        func reject(_ reason: String) -> Rejection { Rejection(postID: dto.id, reason: reason) }
        guard let author = dto.authorName?.trimmingCharacters(in: .whitespacesAndNewlines), !author.isEmpty else {
            throw reject("author_name is missing or empty")
        }
        guard let imageURL = ImageURL.parse(dto.imageURL) else {
            throw reject(dto.imageURL == nil ? "image_url is missing" : "image_url is not an absolute http(s) URL")
        }
        guard let createdText = dto.createdAt else { throw reject("created_at is missing") }
        guard let createdAt = APIJSON.date(from: createdText) else {
            throw reject("created_at is not an ISO 8601 date-time")
        }
        guard let likeCount = dto.likeCount, likeCount >= 0 else {
            throw reject("like_count is missing or negative")
        }
        return Post(
            id: dto.id, authorName: author, caption: dto.caption ?? "", imageURL: imageURL, likeCount: likeCount,
            isLiked: dto.likedByMe ?? false, createdAt: createdAt, kind: PostKind(wireValue: dto.kind ?? ""),
            productID: dto.productID)
    }

    /// Logs a dropped post with its id and the reason.
    static func log(_ error: any Error, logger: Logger) {
        if let rejection = error as? Rejection {
            logger.warning(
                "feed post dropped",
                metadata: ["post_id": .string(rejection.postID.rawValue), "reason": .string(rejection.reason)])
        } else {
            logger.warning("feed post dropped", metadata: ["reason": .string("\(error)")])
        }
    }
}
