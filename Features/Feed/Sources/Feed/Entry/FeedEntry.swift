import FeatureKit
import FeaturePictures
import Foundation
import Logging
import Models
import Persistence
import TerminalUI

/// The Feed package's entry: the feed and post screens, the `feed`, `post` and `like` commands, the `feed_likes`
/// flag and Feed's tables. Built per account over its context; the feature, its repository and the outbox's push
/// handler for likes live here, so the App never constructs them. Its pictures come from the App (`EntryPictures`: the
/// process's one image pipeline).
@MainActor
public final class FeedEntry: PicturedFeatureEntry {
    /// The entry's name in routes and actions.
    public nonisolated static let name = "feed"
    /// The feed, newest first (the Feed tab's first screen): `storefront://feed`.
    public nonisolated static let feedPattern = RoutePattern(
        feature: name, screen: "feed", summary: "the feed, newest first")
    /// One post: `storefront://post/ID`.
    public nonisolated static let postPattern = RoutePattern(
        feature: name, screen: "post", idNames: ["ID"], summary: "one post with its caption and likes")
    /// Whether posts can be liked (`feed_likes`; on by default).
    public nonisolated static let likesFlag = FlagDeclaration(
        name: "feed_likes", defaultValue: true, summary: "allow liking posts")

    /// The routes, commands, flags and tables of Feed.
    public nonisolated static let descriptor = FeatureDescriptor(
        name: name, routes: [feedPattern, postPattern], commands: FeedCommands.specs, flags: [likesFlag],
        migrations: [FeedStorage.migrations])

    /// The feed's route.
    public nonisolated static var feedRoute: Route { feedPattern.route() }

    /// The route of post `id`.
    public nonisolated static func postRoute(_ id: PostID) -> Route { postPattern.route(ids: [id.rawValue]) }

    /// Where the entry's intents go.
    public var onIntent: (@MainActor (FeatureIntent) -> Void)?
    /// The feed over this account's cache.
    public let feature: FeedFeature
    /// The server and the cache.
    public let repository: LiveFeedRepository
    /// How times, counts and captions are written.
    public let formatter: FeedFormatter
    /// The account's outbox (the `like` command pushes it at once).
    let outbox: Outbox
    private let logger: Logger
    /// Posts' pictures on the post screen and loaded ahead by the list, through the process's image pipeline (shared
    /// with every entry of the account).
    public let pictures: ScreenPictures

    /// Builds the feature over `context` (the like push handler is set on the account's outbox), showing pictures
    /// through `pictures`; opens nothing.
    public init(context: FeatureContext, pictures: EntryPictures) {
        let context = context.labelled("storefront.feed")
        outbox = context.outbox
        logger = context.logger
        repository = LiveFeedRepository(
            client: context.client, database: context.database, outbox: context.outbox, logger: context.logger,
            now: context.now, makeMutationID: context.makeIdentifier, cacheLimit: 200)
        repository.registerPushHandlers()
        feature = FeedFeature(
            repository: repository, logger: context.logger, now: context.now, pageSize: 20, prefetchDistance: 5,
            likesEnabled: context.flags.isOn(Self.likesFlag))
        feature.isSignedIn = context.account != .guest
        self.pictures = pictures.screens
        formatter = FeedFormatter(
            now: context.now, locale: context.locale, timeZone: context.timeZone, excerptLength: 72)
        feature.onOpenPost = { [weak self] id in self?.onIntent?(.open(Self.postRoute(id))) }
        feature.onOpenProduct = { [weak self] id in self?.onIntent?(.openProduct(id)) }
        feature.onSignInRequired = { [weak self] id in
            self?.onIntent?(
                .needsSignIn(
                    prompt: "Sign in to like posts.",
                    resume: .perform(EntryAction(feature: Self.name, name: "like", ids: [id.rawValue]))))
        }
    }

    /// The feed or a post screen.
    public func makeScreen(for route: Route, context: ScreenContext) -> any TerminalView {
        if Self.postPattern.matches(route) {
            let viewModel = PostDetailViewModel(
                postID: PostID(rawValue: route.id(0)), feature: feature, formatter: formatter, pictures: pictures)
            Task { await viewModel.load() }
            return PostDetailView(viewModel: viewModel, theme: context.theme)
        }
        return FeedListView(
            viewModel: FeedListViewModel(feature: feature, formatter: formatter, pictures: pictures),
            theme: context.theme)
    }

    /// `like`: likes the post once (a like parked behind sign-in).
    public func perform(_ action: EntryAction) async {
        guard action.name == "like", let id = action.ids.first else { return }
        await feature.like(PostID(rawValue: id))
    }

    /// Shows the cached feed, then refreshes it.
    public func start() async {
        await feature.start()
    }

    /// Stops loading.
    public func stop() {
        feature.stop()
    }

    /// New posts, like counts, and `reset` (the feed is refetched).
    public var liveEventNames: Set<String> { ["post.created", "post.likes", "reset"] }

    /// Announces a new post, shows a like count in place, or refreshes after a `reset`; an event whose data does
    /// not fit the contract (openapi.yaml: `Post`, `PostLikes`) is logged and skipped.
    public func receive(_ event: LiveEvent) {
        do {
            switch event.name {
            case "post.created":
                feature.announceNewPost(
                    try PostMapping.post(from: try event.decode(PostDTO.self), pictures: repository.missingPictures))
            case "post.likes":
                let likes = try event.decode(PostLikesDTO.self)
                feature.applyLiveLikeCount(likes.likeCount, of: likes.postID)
            case "reset":
                let feature = feature
                Task { await feature.refresh() }
            default:
                break
            }
        } catch {
            logger.warning("a live event was skipped: \(error)", metadata: ["event_id": .string(event.id)])
        }
    }

    /// Runs `feed`, `post` or `like`.
    public func run(_ invocation: CommandInvocation) async -> ExitCode {
        await FeedCommands(entry: self, invocation: invocation).run()
    }

    /// The feed's first page, or one post.
    public func print(_ route: Route, to invocation: CommandInvocation) async -> ExitCode {
        if Self.postPattern.matches(route) {
            let spec = FeedCommands.spec(named: "post")
            return await FeedCommands(entry: self, invocation: invocation.redirected(to: spec, operands: route.ids))
                .run()
        }
        let spec = FeedCommands.spec(named: "feed")
        return await FeedCommands(entry: self, invocation: invocation.redirected(to: spec, operands: [])).run()
    }
}
