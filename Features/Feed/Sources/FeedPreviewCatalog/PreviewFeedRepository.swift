import FeaturePreview
import Feed
import Foundation
import Models

/// The feed as a preview holds it: a cached copy (or none), pages of the server's posts (or an answer that never
/// comes, or an error), one post by id, and likes that are saved at once.
struct PreviewFeedRepository: FeedRepository {
    /// How the server answers.
    enum Answer: Sendable {
        /// With the posts.
        case posts([Post])
        /// Never (the request is still on its way).
        case pending
        /// With this error.
        case failure(FeedError)
    }

    var cached: CachedFeed?
    var server: Answer

    func cachedFeed() async throws -> CachedFeed? {
        cached
    }

    func fetchPage(cursor: String?, limit: Int) async throws -> FeedPage {
        let posts = try await answer()
        let start = cursor.flatMap(Int.init) ?? 0
        let end = min(start + limit, posts.count)
        return FeedPage(posts: Array(posts[start..<end]), nextCursor: end < posts.count ? "\(end)" : nil)
    }

    func cachedPost(id: PostID) async throws -> Post? {
        cached?.posts.first { $0.id == id }
    }

    func fetchPost(id: PostID) async throws -> Post {
        guard let post = try await answer().first(where: { $0.id == id }) else {
            throw FeedError(kind: .notFound, detail: "no post \(id) in the preview")
        }
        return post
    }

    func setLike(_ liked: Bool, postID: PostID) async throws {}

    func syncEvents() -> AsyncStream<FeedSyncEvent> {
        AsyncStream { _ in }
    }

    private func answer() async throws -> [Post] {
        switch server {
        case .posts(let posts): return posts
        case .pending: return try await PreviewData.pending()
        case .failure(let error): throw error
        }
    }
}

/// The preview's posts: fixed, each a few minutes older than the one before, measured from the preview's "now".
enum PreviewPosts {
    static let captions = [
        "The glaze came out better than expected.", "A set of stoneware bowls, glazed in ash and iron.",
        "Morning light on the new linen.", "Trying a darker roast this week.", "Cork lamps, fresh from the workshop.",
    ]

    /// Post `number`: `post_<number>` by `author<number>`, `number` × 7 minutes before `now`.
    static func post(_ number: Int, now: Date, caption: String? = nil) -> Post {
        Post(
            id: PostID(rawValue: "post_\(number)"), authorName: "author\(number)",
            caption: caption ?? captions[number % captions.count], imageURL: nil, likeCount: number * 37 % 2_000,
            isLiked: number.isMultiple(of: 4), createdAt: now.addingTimeInterval(TimeInterval(-420 * number)),
            kind: number.isMultiple(of: 5) ? .video : .photo,
            productID: number.isMultiple(of: 3) ? ProductID(rawValue: "sku_\(number)") : nil)
    }

    /// Posts 1 to `count`.
    static func posts(_ count: Int, now: Date) -> [Post] {
        count == 0 ? [] : (1...count).map { post($0, now: now) }
    }

    /// `count` posts with captions of several lines.
    static func longPosts(_ count: Int, now: Date) -> [Post] {
        (1...count).map { number in
            post(
                number, now: now,
                caption: String(
                    repeating: "Throwing a set of stoneware bowls on the wheel, glazed in ash and iron. ", count: 3))
        }
    }
}
