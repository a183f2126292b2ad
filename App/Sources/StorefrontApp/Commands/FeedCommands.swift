import Feed
import Foundation
import Models

extension CommandRunner {
    /// `storefront feed [--limit N] [--cursor C]`: one page of the feed and the cursor of the next.
    func feed() async throws(UsageError) -> ExitCode {
        let limit = try context.integer("--limit", in: 1...50) ?? 20
        let cursor = context.arguments.value("--cursor")
        let dependencies = context.dependencies
        let page: FeedPage
        do {
            page = try await dependencies.scope.stores.feed.fetchPage(cursor: cursor, limit: limit)
        } catch {
            return context.fail("the feed could not be loaded", error)
        }
        if let failure = page.storeFailure {
            context.warn(
                "storage error: the feed's local store cannot be used, so nothing was kept for offline use "
                    + "(\(failure.reason))")
        }
        let rows = page.posts.map { FeedRow($0, formatter: dependencies.feedFormatter) }
        var lines = rows.map(Self.line)
        lines.append(page.nextCursor.map { "next cursor: \($0)" } ?? "end of the feed")
        let output = FeedPageOutput(
            posts: page.posts.map(PostOutput.init), nextCursor: page.nextCursor,
            storeError: page.storeFailure?.reason)
        return context.emit(lines, json: output)
    }

    /// `storefront post ID`: one post, fetched from the server (its cached copy when the server cannot be reached).
    func post() async -> ExitCode {
        let id = PostID(rawValue: context.operands[0])
        let repository = context.dependencies.scope.stores.feed
        let post: Post
        do {
            post = try await repository.fetchPost(id: id)
        } catch {
            guard let cached = try? await repository.cachedPost(id: id) else {
                return context.fail("post \(id) could not be loaded", error)
            }
            context.warn("showing the copy saved on this device: \(ErrorText.describe(error))")
            post = cached
        }
        return context.emit(postLines(post), json: PostOutput(post))
    }

    /// `storefront like ID`: likes the post through the outbox and pushes it now; fails when it did not reach the
    /// server (it stays queued on this device).
    func like() async -> ExitCode {
        if let refused = context.requireSignIn(to: "like posts") { return refused }
        let dependencies = context.dependencies
        guard dependencies.flags.flags.feedLikes else {
            return context.fail("liking posts is turned off (feature flag feed_likes)")
        }
        let id = PostID(rawValue: context.operands[0])
        let stores = dependencies.scope.stores
        do {
            _ = try await stores.feed.fetchPost(id: id)
        } catch {
            return context.fail("post \(id) could not be liked", error)
        }
        do {
            try await stores.feed.setLike(true, postID: id)
        } catch {
            return context.fail("the like could not be saved", error)
        }
        do {
            let report = try await stores.outbox.pushPending()
            if report.deadLettered > 0 {
                return context.fail("the server refused the like of post \(id)")
            }
            if report.remaining > 0 {
                return context.fail(
                    "the like is saved on this device but has not reached the server yet; it is sent on the next run")
            }
        } catch {
            return context.fail("the like could not be sent", error)
        }
        guard let post = try? await stores.feed.fetchPost(id: id) else {
            return context.emit(["Liked \(id)."], json: ["post_id": id.rawValue])
        }
        let likes = dependencies.feedFormatter.likes(post.likeCount)
        return context.emit(["Liked \(id) (\(likes))."], json: PostOutput(post))
    }

    // MARK: - Private

    private static func line(_ row: FeedRow) -> String {
        var parts = ["\(row.id)", "\(row.author), \(row.age)"]
        if let kind = row.kind { parts.append(kind) }
        parts.append((row.isLiked ? "liked, " : "") + "\(row.likeCount) likes")
        if row.hasProduct { parts.append("shop") }
        if !row.caption.isEmpty { parts.append(row.caption) }
        return parts.joined(separator: "  ")
    }

    private func postLines(_ post: Post) -> [String] {
        let formatter = context.dependencies.feedFormatter
        var lines = [
            "\(post.id) by \(post.authorName), \(formatter.dateTime(post.createdAt))",
            "\(formatter.likes(post.likeCount))" + (post.isLiked ? ", liked by you" : ""),
            "image: \(post.imageURL.absoluteString)",
        ]
        if let product = post.productID { lines.append("product: \(product)") }
        if !post.caption.isEmpty { lines += ["", post.caption] }
        return lines
    }
}

/// A post as `--json` prints it (the API's field names).
struct PostOutput: Encodable {
    let id: String
    let authorName: String
    let caption: String
    let imageUrl: String
    let likeCount: Int
    let likedByMe: Bool
    let createdAt: Date
    let kind: String
    let productId: String?

    init(_ post: Post) {
        id = post.id.rawValue
        authorName = post.authorName
        caption = post.caption
        imageUrl = post.imageURL.absoluteString
        likeCount = post.likeCount
        likedByMe = post.isLiked
        createdAt = post.createdAt
        kind = post.kind.wireValue
        productId = post.productID?.rawValue
    }
}

/// A page of the feed as `--json` prints it.
struct FeedPageOutput: Encodable {
    let posts: [PostOutput]
    let nextCursor: String?
    let storeError: String?
}
