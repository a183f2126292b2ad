/// `GET /v1/feed`, `GET /v1/posts/{id}`, `PUT` and `DELETE /v1/posts/{id}/like`.
extension StorefrontAPI {
    /// `GET /v1/feed?cursor=&limit=1..50` (auth optional): `{"posts": [Post], "next_cursor": "..." | null}`.
    ///
    /// Keyset pagination: the cursor holds the position of the page's last post (its `created_at` and `id`), and
    /// the next page starts strictly after it in (`created_at`, `id`) descending order, so posts added at the top meanwhile neither shift nor repeat a page.
    /// With `--grow-feed-every N`, every Nth feed request first adds a post at the top. The answer holds
    /// `liked_by_me`, so it is `private, no-cache` with a per-user `ETag` (`HTTPCaching`).
    ///
    /// Answered at once on the server's thread (`feedImmediately`) unless the feed grows, which writes.
    func feed(_ routed: RoutedRequest) async throws -> HTTPResponse {
        if let every = growFeedEvery {
            let count = feedRequestCount.withLock { count in
                count += 1
                return count
            }
            if count % every == 0 {
                try await store.growFeed(now: now())
            }
        }
        return try await BlockingWork.run { try feedPage(routed) }
    }

    /// The feed at once, with blocking reads; nil when the feed grows (`--grow-feed-every`), which `feed` does.
    func feedImmediately(_ routed: RoutedRequest) throws -> HTTPResponse? {
        guard growFeedEvery == nil else { return nil }
        return try feedPage(routed)
    }

    private func feedPage(_ routed: RoutedRequest) throws -> HTTPResponse {
        let request = routed.request
        let limit = try RequestSupport.integerParameter("limit", in: request, default: 20, range: 1...50)
        let position = try request.queryValue("cursor").flatMap { $0.isEmpty ? nil : $0 }.map(Cursor.feedPosition)
        let user = try userBlocking(of: request, required: false)
        return try feedCache.answer(
            to: request, key: (user?.id ?? "") + "\u{2}" + Self.answerKey(request),
            version: try store.changeVersion(of: .feed), policy: .privateAnswer(userID: user?.id)
        ) {
            let (rows, hasMore) = try store.feedPage(after: position, limit: limit, userID: user?.id)
            let next =
                hasMore
                ? rows.last.map { Cursor.feed(FeedPosition(createdMilliseconds: $0.createdMilliseconds, id: $0.id)) }
                : nil
            return RequestSupport.json(
                FeedPagePayload(
                    posts: rows.map { PostPayload($0, origin: ImageLinks.origin(of: request)) }, nextCursor: next))
        }
    }

    /// `GET /v1/posts/{id}` (auth optional): `Post`, or 404 `not_found`.
    func post(_ routed: RoutedRequest) async throws -> HTTPResponse {
        let user = try await user(of: routed.request, required: false)
        let id = routed.parameter("id")
        guard let row = try await store.post(id: id, userID: user?.id) else {
            throw APIError.notFound("There is no post \(id).")
        }
        return HTTPCaching.finish(
            RequestSupport.json(PostPayload(row, origin: ImageLinks.origin(of: routed.request))), for: routed.request,
            policy: .privateAnswer(userID: user?.id))
    }

    /// `PUT /v1/posts/{id}/like` (auth required): likes the post; repeating it changes nothing.
    func like(_ routed: RoutedRequest) async throws -> HTTPResponse {
        try await setLike(routed, liked: true)
    }

    /// `DELETE /v1/posts/{id}/like` (auth required): unlikes the post; repeating it changes nothing.
    func unlike(_ routed: RoutedRequest) async throws -> HTTPResponse {
        try await setLike(routed, liked: false)
    }

    private func setLike(_ routed: RoutedRequest, liked: Bool) async throws -> HTTPResponse {
        let user = try await requiredUser(of: routed.request)
        let id = routed.parameter("id")
        guard
            let (postID, count, likedNow) = try await store.setLike(
                postID: id, userID: user.id, liked: liked, nowMilliseconds: nowMilliseconds())
        else {
            throw APIError.notFound("There is no post \(id).")
        }
        return try RequestSupport.json(LikePayload(postID: WireID(postID), likeCount: count, likedByMe: likedNow))
    }
}
