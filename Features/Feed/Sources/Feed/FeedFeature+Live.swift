import Foundation
import Models

extension FeedFeature {
    /// Shows a like count the live stream reported (`post.likes`) in place, on the feed and on an open post; nothing
    /// while a like of that post made here is still being recorded or waits for the server's answer (the count
    /// shown then includes it, and the server's answer to it settles the count).
    public func applyLiveLikeCount(_ likeCount: Int, of id: PostID) {
        guard likeCount >= 0, likesBeingRecorded[id] == nil, likesAwaitingServer[id] == nil,
            var shown = post(withID: id), shown.likeCount != likeCount
        else { return }
        shown.likeCount = likeCount
        replace(shown)
    }

    /// Keeps a post the live stream announced (`post.created`) in `newPosts` until `showNewPosts()`; one already
    /// shown or announced is ignored. Nothing is announced before the feed has loaded (the first page brings it).
    public func announceNewPost(_ post: Post) {
        guard hasLoaded, !posts.contains(where: { $0.id == post.id }), !newPosts.contains(where: { $0.id == post.id })
        else { return }
        newPosts.insert(post, at: 0)
        newPosts.sort { $0.createdAt > $1.createdAt }
    }

    /// Puts `newPosts` at the top of `posts` and empties it.
    ///
    /// - Returns: How many posts were inserted above the ones shown before.
    @discardableResult
    public func showNewPosts() -> Int {
        let known = Set(posts.map(\.id))
        let inserted = newPosts.filter { !known.contains($0.id) }
        newPosts = []
        posts = inserted + posts
        return inserted.count
    }

    /// One awaited like of `id` was answered (or never queued).
    func settleAwaitedLike(of id: PostID) {
        guard let count = likesAwaitingServer[id] else { return }
        likesAwaitingServer[id] = count > 1 ? count - 1 : nil
    }
}
