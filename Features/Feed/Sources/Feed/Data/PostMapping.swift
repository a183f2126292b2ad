import Foundation
import Logging
import Models
import Networking
import Primitives

/// The one place where server posts become domain `Post` values.
///
/// A post needs an author, a creation date in the API's ISO 8601 forms and a like count of zero or more; without one
/// of these it is dropped and logged with its id. A missing or broken `image_url` (not an absolute `http`/`https`
/// URL with a host, `ImageURL.parse(_:)`, the rule products follow too) costs only the picture: the post is kept
/// with no `imageURL`, its picture area shows a neutral placeholder, and `MissingPictureLog` logs one warning naming
/// the post. A missing caption becomes empty, a missing `liked_by_me` false, an unknown or missing `kind`
/// `PostKind.unknown`. A post whose id already appeared on the page is dropped as a repeat.
enum PostMapping {
    /// Why a post could not become a `Post`.
    struct Rejection: Error, Equatable {
        let postID: PostID
        let reason: String
    }

    /// The valid posts of `dto`, in order, each id once, and how many items were dropped (each is logged to
    /// `logger`; posts without a usable picture to `pictures`).
    static func posts(
        of dto: FeedPageDTO, logger: Logger, pictures: MissingPictureLog
    ) -> (posts: [Post], droppedCount: Int) {
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
                let post = try post(from: item, pictures: pictures)
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

    /// The domain value of one server post; a missing or broken `image_url` leaves the post without a picture and
    /// is recorded in `pictures` (which logs it once).
    ///
    /// - Throws: `Rejection` naming the first field that makes the post unusable.
    static func post(from dto: PostDTO, pictures: MissingPictureLog) throws(Rejection) -> Post {
        func reject(_ reason: String) -> Rejection { Rejection(postID: dto.id, reason: reason) }
        guard let author = dto.authorName?.trimmingCharacters(in: .whitespacesAndNewlines), !author.isEmpty else {
            throw reject("author_name is missing or empty")
        }
        let imageURL = ImageURL.parse(dto.imageURL)
        guard let createdText = dto.createdAt else { throw reject("created_at is missing") }
        guard let createdAt = APIJSON.date(from: createdText) else {
            throw reject("created_at is not an ISO 8601 date-time")
        }
        guard let likeCount = dto.likeCount, likeCount >= 0 else {
            throw reject("like_count is missing or negative")
        }
        if imageURL == nil { pictures.record(dto) }
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

/// The log of posts kept without their picture: each post and `image_url` value is logged once (warning
/// `feed post kept without its picture` with `post_id`, `reason` and the value as received, at most 200 characters
/// so a garbage value cannot flood the log). Fetching the page again, a refresh or a live event repeating the post
/// logs nothing more; another broken value for the same post is logged again. One per repository, shared with the
/// entry's live events.
final class MissingPictureLog: Sendable {
    private struct Key: Hashable {
        let postID: PostID
        let wireValue: String?
    }

    private let logger: Logger
    private let reported = Locked<Set<Key>>([])

    /// A log writing to `logger`.
    init(logger: Logger) {
        self.logger = logger
    }

    /// Records that the post of `dto` has no usable picture; logs it the first time only.
    func record(_ dto: PostDTO) {
        let key = Key(postID: dto.id, wireValue: dto.imageURL)
        guard reported.withLock({ $0.insert(key).inserted }) else { return }
        var metadata: Logger.Metadata = ["post_id": .string(dto.id.rawValue)]
        if let wire = dto.imageURL {
            metadata["reason"] = "image_url is not an absolute http(s) URL with a host"
            metadata["image_url"] = .string(wire.count > 200 ? String(wire.prefix(200)) + "\u{2026}" : wire)
        } else {
            metadata["reason"] = "image_url is missing"
        }
        logger.warning("feed post kept without its picture", metadata: metadata)
    }
}
