import Foundation
import Models

extension FeedFeature {
    /// Likes the post when it is not liked, unlikes it otherwise (nothing when `likesEnabled` is false or the post is
    /// unknown): the post changes at once (state and count), and
    /// the choice is recorded in the local store and queued in the outbox in one transaction, in the order the
    /// user made the choices. Returns when the choice is recorded.
    ///
    /// When recording fails (the store cannot be used) the post goes back to how it was and `likeError` tells why.
    /// The server's answer arrives later (see `FeedSyncEvent`); a like that needs sign-in calls `onSignInRequired`.
    public func toggleLike(_ id: PostID) async {
        guard likesEnabled, askedForSignIn(toLike: id) == false, let current = post(withID: id) else { return }
        let liked = !current.isLiked
        replace(current.settingLike(liked))
        likesBeingRecorded[id] = liked
        likesAwaitingServer[id, default: 0] += 1
        let previous = likeChain
        let task = Task {
            await previous?.value
            await record(liked, for: id)
        }
        likeChain = task
        await task.value
    }

    /// Signed out, asks for sign-in before a like of `id` (`onSignInRequired`, at once) and returns true; signed in,
    /// returns false and does nothing.
    @discardableResult
    public func askedForSignIn(toLike id: PostID) -> Bool {
        guard !isSignedIn else { return false }
        onSignInRequired?(id)
        return true
    }

    /// Likes the post with `id` once (loading it first when it is not shown): what a like made while signed out
    /// becomes after sign-in. Nothing happens when it is liked already.
    public func like(_ id: PostID) async {
        if post(withID: id) == nil {
            await loadPost(id)
        }
        if post(withID: id)?.isLiked == false {
            await toggleLike(id)
        }
    }

    /// Loads the post with `id` from the server for a detail screen (also when it is not among `posts`), so that
    /// `post(withID:)` returns it; when the server cannot be reached, the cached copy is used.
    ///
    /// - Returns: Why the post could not be loaded fresh, or nil when it was (or the load was cancelled). With a
    ///   failure, `post(withID:)` still returns the copy shown before or the cached one, if there is one.
    @discardableResult
    public func loadPost(_ id: PostID) async -> FeedError? {
        do {
            let post = try await repository.fetchPost(id: id)
            try Task.checkCancellation()
            replace(post, opening: true)
            return nil
        } catch {
            guard let failure = FeedError(error) else { return nil }
            logger.warning(
                "feed post could not be loaded",
                metadata: ["post_id": .string(id.rawValue), "error": .string(failure.description)])
            if post(withID: id) == nil, let cached = try? await repository.cachedPost(id: id) {
                replace(cached, opening: true)
            }
            return failure
        }
    }

    // MARK: - Internal

    /// Follows the repository's reports on queued likes until `stop()`.
    func followSyncEvents() {
        guard eventsTask == nil else { return }
        let events = repository.syncEvents()
        eventsTask = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                self.apply(event)
            }
        }
    }

    // MARK: - Private

    private func record(_ liked: Bool, for id: PostID) async {
        defer {
            if likesBeingRecorded[id] == liked {
                likesBeingRecorded[id] = nil
            }
        }
        do {
            try await repository.setLike(liked, postID: id)
            likeError = nil
        } catch {
            settleAwaitedLike(of: id)
            guard let failure = FeedError(error) else { return }
            if let shown = post(withID: id), shown.isLiked == liked {
                replace(shown.settingLike(!liked))
            }
            likeError = failure
            logger.warning(
                "feed like could not be recorded",
                metadata: ["post_id": .string(id.rawValue), "error": .string(failure.description)])
        }
    }

    private func apply(_ event: FeedSyncEvent) {
        switch event {
        case .likeSaved(let status):
            isWaitingForSignIn = false
            settleAwaitedLike(of: status.postID)
            apply(status)
        case .likeRejected(let status, let reason):
            settleAwaitedLike(of: status.postID)
            apply(status)
            likeError = FeedError(kind: .unexpected, detail: reason)
        case .signInRequired(let id):
            isWaitingForSignIn = true
            onSignInRequired?(id)
        }
    }

    /// Shows the server's like state of a post; a choice the user made that is still being recorded stays shown.
    private func apply(_ status: LikeStatus) {
        guard let shown = post(withID: status.postID) else { return }
        var updated = shown
        if let count = status.likeCount {
            updated.isLiked = status.isLiked
            updated.likeCount = count
        } else {
            updated = shown.settingLike(status.isLiked)
        }
        if let local = likesBeingRecorded[status.postID] {
            updated = updated.settingLike(local)
        }
        replace(updated)
    }

    /// Puts `post` in place of the copies shown with its id; `opening` also keeps it for its detail screen.
    func replace(_ post: Post, opening: Bool = false) {
        if let index = posts.firstIndex(where: { $0.id == post.id }) {
            posts[index] = post
        }
        if opening || openedPosts[post.id] != nil {
            openedPosts[post.id] = post
        }
    }
}
