import DesignSystem
import FeatureKit
import FeaturePictures
import Foundation
import Models
import Observation

/// One post in full, every value a string or a flag, ready to show.
public struct PostDetail: Sendable, Hashable {
    /// The post.
    public var id: PostID
    /// The author's name.
    public var author: String
    /// How long ago it was published: `"3h"`.
    public var age: String
    /// When it was published, in full: `"Mar 4, 2024 at 12:00 PM"`.
    public var publishedAt: String
    /// `"Photo"`, `"Video"`, `"Carousel"` or `"Post"`.
    public var kind: String
    /// The whole caption, line breaks kept; empty when there is none.
    public var caption: String
    /// `"1 like"`, `"1,234 likes"`.
    public var likes: String
    /// Whether the user likes the post.
    public var isLiked: Bool
    /// The picture's address, or nil when the server's `image_url` is missing or broken.
    public var imageURL: String?
    /// Whether the post features a product that can be opened.
    public var hasProduct: Bool

    /// Creates a detail.
    public init(
        id: PostID, author: String, age: String, publishedAt: String, kind: String, caption: String, likes: String,
        isLiked: Bool, imageURL: String?, hasProduct: Bool
    ) {
        self.id = id
        self.author = author
        self.age = age
        self.publishedAt = publishedAt
        self.kind = kind
        self.caption = caption
        self.likes = likes
        self.isLiked = isLiked
        self.imageURL = imageURL
        self.hasProduct = hasProduct
    }
}

/// What the post detail screen shows.
public enum PostDetailContent: Sendable, Hashable {
    /// The post is loading and no copy of it is known yet.
    case loading
    /// The post could not be loaded and no copy of it is known.
    case failed(Notice)
    /// The post.
    case loaded(PostDetail)
}

/// The post detail screen: one post by id (shown from the feed's copy at once when there is one, then loaded fresh
/// from the server), its like and its product.
///
/// The screen works for any post id, also one that is not in the feed (a deep link): `load()` fetches it, falling
/// back on the cached copy when the server cannot be reached.
@MainActor
@Observable
public final class PostDetailViewModel {
    /// The post shown.
    public let postID: PostID
    /// The Feature that owns the posts.
    public let feature: FeedFeature
    /// The formatter of times, counts and captions.
    public let formatter: FeedFormatter
    /// Whether a load is running.
    public private(set) var isLoading = false
    /// Why the last load failed, or nil.
    public private(set) var loadFailure: FeedError?

    /// The post's picture (none when pictures are off).
    public let picture = PictureSlot()
    @ObservationIgnored private let pictures: ScreenPictures?

    /// Creates the view model of post `postID`; call `load()` to fetch it.
    ///
    /// - Parameter pictures: Loads the post's picture; nil shows none.
    public init(postID: PostID, feature: FeedFeature, formatter: FeedFormatter, pictures: ScreenPictures? = nil) {
        self.postID = postID
        self.feature = feature
        self.formatter = formatter
        self.pictures = pictures
        showPicture()
    }

    isolated deinit {
        // A closed screen stops waiting for its picture; the shared download stops if nobody else waits.
        picture.cancel()
    }

    /// What the screen shows (see `PostDetailContent`).
    public var content: PostDetailContent {
        if let post = feature.post(withID: postID) {
            return .loaded(detail(post))
        }
        if let loadFailure, !isLoading {
            return .failed(
                Notice(
                    .error, message: "Couldn't load this post. \(loadFailure.userMessage)",
                    actionHint: loadFailure.kind == .notFound ? nil : "Press r to retry"))
        }
        return .loading
    }

    /// A message above a post that is shown: the fresh copy could not be loaded, or a like failed or waits for
    /// sign-in; nil otherwise.
    public var notice: Notice? {
        guard feature.post(withID: postID) != nil else { return nil }
        if let likeError = feature.likeError {
            return Notice(.error, message: "Couldn't save your like. \(likeError.userMessage)")
        }
        if feature.isWaitingForSignIn {
            return Notice(.info, message: "Sign in to save your likes.")
        }
        if let loadFailure {
            return Notice(
                .warning, message: "Showing a saved copy. \(loadFailure.userMessage)",
                actionHint: "Press r to retry")
        }
        return nil
    }

    // MARK: - Intents

    /// What the post screen asks of its view model.
    public enum Intent: Hashable, Sendable {
        /// Load the post fresh from the server.
        case load
        /// Like or unlike the post.
        case toggleLike
        /// Open the post's product.
        case openProduct
        /// Load the post again.
        case retry
    }

    /// The screen's one entry point: does `intent`, starting (and owning) the task of what waits.
    ///
    /// - Returns: Whether it applied (a like before the post is shown, or with likes off, does not), and the task.
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        switch intent {
        case .load, .retry:
            return .started(retry())
        case .toggleLike:
            return toggleLike().map(IntentOutcome.started) ?? .ignored
        case .openProduct:
            openProduct()
            return .handled
        }
    }

    // MARK: - Actions

    /// Loads the post fresh from the server (the cached copy when it cannot be reached); returns when done.
    func load() async {
        isLoading = true
        defer { isLoading = false }
        loadFailure = await feature.loadPost(postID)
        showPicture()
    }

    /// Whether the screen offers the like action (the `feed_likes` flag).
    public var canLike: Bool { feature.likesEnabled }

    /// Likes or unlikes the post.
    ///
    /// - Returns: The task recording the like, or nil when the post is not shown yet or likes are off.
    @discardableResult
    func toggleLike() -> Task<Void, Never>? {
        guard canLike else { return nil }
        if feature.askedForSignIn(toLike: postID) { return Task {} }
        guard feature.post(withID: postID) != nil else { return nil }
        let (feature, id) = (feature, postID)
        return Task { await feature.toggleLike(id) }
    }

    /// Opens the post's product (`FeedFeature.onOpenProduct`), when it has one.
    func openProduct() {
        feature.openProduct(of: postID)
    }

    /// Loads the post again.
    ///
    /// - Returns: The task doing it.
    @discardableResult
    func retry() -> Task<Void, Never> {
        Task { await load() }
    }

    // MARK: - Private

    /// Loads the shown post's picture, or shows the placeholder when its address is missing or broken.
    private func showPicture() {
        guard let post = feature.post(withID: postID) else {
            picture.show(nil, pictures: pictures)
            return
        }
        if let url = post.imageURL {
            picture.show(url, pictures: pictures)
        } else {
            picture.showUnavailable(pictures: pictures)
        }
    }

    private func detail(_ post: Post) -> PostDetail {
        PostDetail(
            id: post.id, author: post.authorName, age: formatter.relativeTime(since: post.createdAt),
            publishedAt: formatter.dateTime(post.createdAt), kind: post.kind.label, caption: post.caption,
            likes: formatter.likes(post.likeCount), isLiked: post.isLiked, imageURL: post.imageURL?.absoluteString,
            hasProduct: post.productID != nil)
    }
}
