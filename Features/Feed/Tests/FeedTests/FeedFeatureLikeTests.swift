import Foundation
import Logging
import Models
import Networking
import TestSupport
import Testing

@testable import Feed

@MainActor
@Suite("FeedFeature: likes, sync events and navigation events")
struct FeedFeatureLikeTests {
    let repository = ControlledFeedRepository()

    @Test("toggleLike changes the post at once and records the like through the repository")
    func optimisticLike() async throws {
        let feature = try await loadedFeature(repository)
        await feature.toggleLike(PostID(rawValue: "post_2"))
        let post = try #require(feature.post(withID: PostID(rawValue: "post_2")))
        #expect(post.isLiked)
        #expect(post.likeCount == 11)
        #expect(repository.likes.map(\.liked) == [true])

        await feature.toggleLike(PostID(rawValue: "post_2"))
        #expect(feature.post(withID: PostID(rawValue: "post_2"))?.isLiked == false)
        #expect(feature.post(withID: PostID(rawValue: "post_2"))?.likeCount == 10)
        #expect(repository.likes.map(\.liked) == [true, false])
    }

    @Test("a like that cannot be recorded is undone and shown as a like failure")
    func likeStoreFailure() async throws {
        let feature = try await loadedFeature(repository)
        repository.setLikeFailure(FeedStoreError(reason: "disk I/O error"))
        await feature.toggleLike(PostID(rawValue: "post_1"))

        #expect(feature.post(withID: PostID(rawValue: "post_1"))?.isLiked == false)
        #expect(feature.post(withID: PostID(rawValue: "post_1"))?.likeCount == 10)
        #expect(feature.likeError?.kind == .storeUnavailable)
        #expect(feature.error == nil)
    }

    @Test("the server's count wins when it answers")
    func likeSaved() async throws {
        let feature = try await loadedFeature(repository)
        await feature.toggleLike(PostID(rawValue: "post_3"))
        repository.send(.likeSaved(LikeStatus(postID: PostID(rawValue: "post_3"), isLiked: true, likeCount: 42)))
        try await waitUntil { feature.post(withID: PostID(rawValue: "post_3"))?.likeCount == 42 }
        #expect(feature.post(withID: PostID(rawValue: "post_3"))?.isLiked == true)
    }

    @Test("a refused like is undone and reported")
    func likeRejected() async throws {
        let feature = try await loadedFeature(repository)
        await feature.toggleLike(PostID(rawValue: "post_1"))
        repository.send(
            .likeRejected(LikeStatus(postID: PostID(rawValue: "post_1"), isLiked: false, likeCount: nil), reason: "404")
        )
        try await waitUntil { feature.likeError != nil }
        #expect(feature.post(withID: PostID(rawValue: "post_1"))?.isLiked == false)
        #expect(feature.post(withID: PostID(rawValue: "post_1"))?.likeCount == 10)
    }

    @Test("a like that needs sign-in calls onSignInRequired with the post and marks the wait")
    func signInRequired() async throws {
        let feature = try await loadedFeature(repository)
        let requests = CountedLog<PostID>()
        feature.onSignInRequired = { requests.append($0) }
        repository.send(.signInRequired(PostID(rawValue: "post_2")))
        #expect(try await requests.waitForCount(1) == [PostID(rawValue: "post_2")])
        #expect(feature.isWaitingForSignIn)

        repository.send(.likeSaved(LikeStatus(postID: PostID(rawValue: "post_2"), isLiked: true, likeCount: 11)))
        try await waitUntil { !feature.isWaitingForSignIn }
    }

    @Test("signed out or with likes off, a like reaches no repository; signed out, it asks for sign-in at once")
    func likesThatReachNoRepository() async throws {
        let signedOut = FeedFeature(
            repository: StrictFeedRepository(), logger: Logger(label: "feed-test", handler: CapturingLogHandler()),
            now: { referenceNow }, pageSize: 3, prefetchDistance: 5, likesEnabled: true)
        signedOut.isSignedIn = false
        let asked = CountedLog<PostID>()
        signedOut.onSignInRequired = { asked.append($0) }
        await signedOut.toggleLike(PostID(rawValue: "post_2"))
        #expect(asked.elements == [PostID(rawValue: "post_2")])

        let likesOff = FeedFeature(
            repository: StrictFeedRepository(), logger: Logger(label: "feed-test", handler: CapturingLogHandler()),
            now: { referenceNow }, pageSize: 3, prefetchDistance: 5, likesEnabled: false)
        likesOff.onSignInRequired = { asked.append($0) }
        await likesOff.toggleLike(PostID(rawValue: "post_1"))
        #expect(asked.elements.count == 1, "likes off: not even a sign-in question")
        #expect(likesOff.likeError == nil)
    }

    @Test("opening a post and its product report events; a post without a product reports nothing")
    func navigationEvents() async throws {
        let repository = ControlledFeedRepository()
        let feature = makeFeature(repository)
        repository.resolvePage(
            0, with: .success(FeedPage(posts: [Samples.post(1, product: "sku_9"), Samples.post(2)], nextCursor: nil)))
        await feature.start()
        var opened: [String] = []
        feature.onOpenPost = { opened.append("post:\($0)") }
        feature.onOpenProduct = { opened.append("product:\($0)") }

        feature.openPost(PostID(rawValue: "post_2"))
        feature.openProduct(of: PostID(rawValue: "post_1"))
        feature.openProduct(of: PostID(rawValue: "post_2"))
        #expect(opened == ["post:post_2", "product:sku_9"])
    }

    @Test("loadPost shows a post that is not in the feed, and falls back on the cached copy offline")
    func loadPost() async throws {
        let feature = try await loadedFeature(repository)
        repository.setPost(.success(Samples.post(50, likes: 7)))
        #expect(await feature.loadPost(PostID(rawValue: "post_50")) == nil)
        #expect(feature.post(withID: PostID(rawValue: "post_50"))?.likeCount == 7)

        repository.setPost(.failure(APIError.transport(.notConnectedToInternet)), cached: [Samples.post(60)])
        let failure = await feature.loadPost(PostID(rawValue: "post_60"))
        #expect(failure?.kind == .offline)
        #expect(feature.post(withID: PostID(rawValue: "post_60")) != nil)

        #expect(await feature.loadPost(PostID(rawValue: "post_61"))?.kind == .offline)
        #expect(feature.post(withID: PostID(rawValue: "post_61")) == nil)
    }

    @Test("a released Feature stops following queued likes")
    func releaseStopsFollowing() async throws {
        var feature: FeedFeature? = try await loadedFeature(repository)
        await feature?.toggleLike(PostID(rawValue: "post_1"))
        weak let released = feature
        feature = nil
        #expect(released == nil)
        try await waitUntil { repository.eventStreamsEnded == 1 }
    }

    @Test("stop ends the following of queued likes; start follows them again")
    func stopAndStart() async throws {
        let feature = try await loadedFeature(repository)
        feature.stop()
        try await waitUntil { repository.eventStreamsEnded == 1 }
        repository.resolvePage(1, with: .success(Samples.page(1...3, next: "c1")))
        await feature.start()
        repository.send(.signInRequired(PostID(rawValue: "post_1")))
        try await waitUntil { feature.isWaitingForSignIn }
    }
}
