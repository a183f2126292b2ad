import FeatureKit
import Foundation
import Models

/// The Feed commands: `feed [--limit N] [--cursor C]`, `post ID` and `like ID`, printed as text or `--json`.
@MainActor
struct FeedCommands {
    /// `feed [--limit N] [--cursor C]`.
    nonisolated static let feedCommand = CommandSpec(
        ["feed"],
        options: [
            .init("--limit", valueName: "N", help: "Posts per page, 1 to 50 (default 20)."),
            .init("--cursor", valueName: "CURSOR", help: "Continue after the page that printed this cursor."),
        ],
        help: "Show a page of the feed, newest first, and the cursor of the next page.",
        run: .on(FeedEntry.self) { entry, invocation in
            do throws(UsageError) {
                return try await FeedCommands(entry: entry, invocation: invocation).feed()
            } catch {
                return invocation.usage(error.message)
            }
        })
    /// `post ID`.
    nonisolated static let postCommand = CommandSpec(
        ["post"], operands: ["ID"], help: "Show one post.",
        run: .on(FeedEntry.self) { await FeedCommands(entry: $0, invocation: $1).post() })
    /// `like ID`.
    nonisolated static let likeCommand = CommandSpec(
        ["like"], operands: ["ID"], help: "Like a post (needs sign-in).",
        run: .on(FeedEntry.self) { await FeedCommands(entry: $0, invocation: $1).like() })

    /// The commands, as `storefront --help` lists them.
    nonisolated static let specs: [CommandSpec] = [feedCommand, postCommand, likeCommand]

    let entry: FeedEntry
    let invocation: CommandInvocation

    /// `storefront feed [--limit N] [--cursor C]`: one page of the feed and the cursor of the next.
    func feed() async throws(UsageError) -> ExitCode {
        let limit = try invocation.integer("--limit", in: 1...50) ?? 20
        let cursor = invocation.arguments.value("--cursor")
        let page: FeedPage
        do {
            page = try await entry.repository.fetchPage(cursor: cursor, limit: limit)
        } catch {
            return invocation.fail("the feed could not be loaded", error)
        }
        if let full = page.storeFailure?.diskFull {
            invocation.warn("nothing was kept for offline use: \(full)")
        } else if let failure = page.storeFailure {
            invocation.warn(
                "storage error: the feed's local store cannot be used, so nothing was kept for offline use "
                    + "(\(failure.reason))")
        }
        let rows = page.posts.map { FeedRow($0, formatter: entry.formatter) }
        var lines = rows.map(Self.line)
        lines.append(page.nextCursor.map { "next cursor: \($0)" } ?? "end of the feed")
        let output = FeedPageOutput(
            posts: page.posts.map(PostOutput.init), nextCursor: page.nextCursor,
            storeError: page.storeFailure.map { $0.diskFull?.description ?? $0.reason },
            storeErrorCode: page.storeFailure.map(ErrorText.code))
        return invocation.emit(lines, json: output)
    }

    /// `storefront post ID`: one post, fetched from the server (its cached copy when the server cannot be reached).
    func post() async -> ExitCode {
        let id = PostID(rawValue: invocation.firstOperand)
        let repository = entry.repository
        let post: Post
        do {
            post = try await repository.fetchPost(id: id)
        } catch {
            guard let cached = try? await repository.cachedPost(id: id) else {
                return invocation.fail("post \(id) could not be loaded", error)
            }
            invocation.warn("showing the copy saved on this device: \(ErrorText.describe(error))")
            post = cached
        }
        return invocation.emit(postLines(post), json: PostOutput(post))
    }

    /// `storefront like ID`: likes the post through the outbox and pushes it now; fails when it did not reach the
    /// server (it stays queued on this device).
    func like() async -> ExitCode {
        if let refused = invocation.requireSignIn(to: "like posts") { return refused }
        guard entry.feature.likesEnabled else {
            return invocation.fail("liking posts is turned off (feature flag feed_likes)")
        }
        let id = PostID(rawValue: invocation.firstOperand)
        let repository = entry.repository
        do {
            _ = try await repository.fetchPost(id: id)
        } catch {
            return invocation.fail("post \(id) could not be liked", error)
        }
        do {
            try await repository.setLike(true, postID: id)
        } catch {
            return invocation.fail("the like could not be saved", error)
        }
        do {
            let report = try await entry.outbox.pushPending()
            if report.deadLettered > 0 {
                return invocation.fail("the server refused the like of post \(id)")
            }
            if report.remaining > 0 {
                return invocation.fail(
                    "the like is saved on this device but has not reached the server yet; it is sent on the next run")
            }
        } catch {
            return invocation.fail("the like could not be sent", error)
        }
        guard let post = try? await repository.fetchPost(id: id) else {
            return invocation.emit(["Liked \(id)."], json: ["post_id": id.rawValue])
        }
        let likes = entry.formatter.likes(post.likeCount)
        return invocation.emit(["Liked \(id) (\(likes))."], json: PostOutput(post))
    }

    private static func line(_ row: FeedRow) -> String {
        var parts = ["\(row.id)", "\(row.author), \(row.age)"]
        if let kind = row.kind { parts.append(kind) }
        parts.append((row.isLiked ? "liked, " : "") + row.likeCount + (row.likeCount == "1" ? " like" : " likes"))
        if row.hasProduct { parts.append("shop") }
        if !row.caption.isEmpty { parts.append(row.caption) }
        return parts.joined(separator: "  ")
    }

    private func postLines(_ post: Post) -> [String] {
        let formatter = entry.formatter
        var lines = [
            "\(post.id) by \(post.authorName), \(formatter.dateTime(post.createdAt))",
            "\(formatter.likes(post.likeCount))" + (post.isLiked ? ", liked by you" : ""),
            "image: " + (post.imageURL?.absoluteString ?? "none (the server's image_url is missing or broken)"),
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
    /// Absent when the server's `image_url` is missing or broken (the post is kept without its picture).
    let imageUrl: String?
    let likeCount: Int
    let likedByMe: Bool
    let createdAt: Date
    let kind: String
    let productId: String?

    init(_ post: Post) {
        id = post.id.rawValue
        authorName = post.authorName
        caption = post.caption
        imageUrl = post.imageURL?.absoluteString
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
    /// `disk_full` for a full disk, else `failed` (the shared error codes); nil when the store took the page.
    let storeErrorCode: String?
}
