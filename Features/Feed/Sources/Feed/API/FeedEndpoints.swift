import Models
import Networking

/// The feed's calls of the API contract (`/v1/feed`, `/v1/posts/{id}`, `/v1/posts/{id}/like`).
extension Endpoint where Response == FeedPageDTO {
    /// `GET /v1/feed?cursor=&limit=`: one page of the feed, newest first; auth optional (`liked_by_me` needs it).
    ///
    /// - Parameters:
    ///   - cursor: The opaque `next_cursor` of the previous page, or nil for the first page.
    ///   - limit: Posts per page; the contract allows 1...50 and the value is clamped to that range.
    static func feed(cursor: String?, limit: Int) -> Endpoint {
        Endpoint(
            .get, "/v1/feed", query: ["cursor": cursor, "limit": String(min(max(limit, 1), 50))],
            authentication: .optional)
    }
}

extension Endpoint where Response == PostDTO {
    /// `GET /v1/posts/{id}`: one post; auth optional.
    static func post(_ id: PostID) -> Endpoint {
        Endpoint(.get, "/v1/posts/\(id.rawValue)", authentication: .optional)
    }
}

extension Endpoint where Response == LikeResultDTO {
    /// `PUT /v1/posts/{id}/like` when `liked`, `DELETE /v1/posts/{id}/like` otherwise: idempotent, auth required.
    ///
    /// - Parameter idempotencyKey: The outbox entry's id, sent on every attempt of the same mutation.
    static func setLike(_ liked: Bool, on id: PostID, idempotencyKey: String) -> Endpoint {
        Endpoint(
            liked ? .put : .delete, "/v1/posts/\(id.rawValue)/like", authentication: .required,
            idempotencyKey: idempotencyKey)
    }
}
