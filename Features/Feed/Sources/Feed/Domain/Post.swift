import Foundation
import Models

/// A post of the feed, as the rest of the feature uses it: every field present and valid, except the picture, which
/// may be unusable without costing the post.
///
/// Built once, from the server's JSON, by the repository (a post that cannot become one is dropped and logged);
/// read back from Feed's local cache as the same value.
public struct Post: Sendable, Hashable, Identifiable {
    /// The server's id.
    public let id: PostID
    /// The author's display name; never empty.
    public var authorName: String
    /// The caption; empty when the server sent none.
    public var caption: String
    /// The picture, an absolute `http` or `https` URL (`ImageURL.parse(_:)`), or nil when the server's `image_url`
    /// is missing or broken: the post is kept and its picture area shows a neutral placeholder.
    public var imageURL: URL?
    /// How many users like the post; never negative.
    public var likeCount: Int
    /// Whether the signed-in user likes it (false when signed out).
    public var isLiked: Bool
    /// When the post was published.
    public var createdAt: Date
    /// What the post shows.
    public var kind: PostKind
    /// The product the post features, if any.
    public var productID: ProductID?

    /// Creates a post.
    public init(
        id: PostID, authorName: String, caption: String, imageURL: URL?, likeCount: Int, isLiked: Bool,
        createdAt: Date, kind: PostKind, productID: ProductID?
    ) {
        self.id = id
        self.authorName = authorName
        self.caption = caption
        self.imageURL = imageURL
        self.likeCount = likeCount
        self.isLiked = isLiked
        self.createdAt = createdAt
        self.kind = kind
        self.productID = productID
    }

    /// The same post with the like state set to `liked`, the count moved by one when the state changes (never
    /// below zero): what the screen shows right after a tap, before the server answers.
    public func settingLike(_ liked: Bool) -> Post {
        guard liked != isLiked else { return self }
        var copy = self
        copy.isLiked = liked
        copy.likeCount = max(0, likeCount + (liked ? 1 : -1))
        return copy
    }
}

/// What a post shows: the contract's `kind` values, and `unknown` for values added after this version.
public enum PostKind: Sendable, Hashable {
    /// One photo.
    case photo
    /// A video.
    case video
    /// Several photos to swipe through.
    case carousel
    /// A kind this version does not know, with the server's spelling (empty when the server sent none).
    case unknown(String)

    /// The kind for the server's `kind` string.
    public init(wireValue: String) {
        switch wireValue {
        case "photo": self = .photo
        case "video": self = .video
        case "carousel": self = .carousel
        default: self = .unknown(wireValue)
        }
    }

    /// The server's spelling: `"photo"`, `"video"`, `"carousel"`, or the unknown value as received.
    public var wireValue: String {
        switch self {
        case .photo: "photo"
        case .video: "video"
        case .carousel: "carousel"
        case .unknown(let value): value
        }
    }
}
