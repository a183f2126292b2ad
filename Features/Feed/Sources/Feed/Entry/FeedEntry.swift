import FeatureKit
import FeaturePictures
import Foundation
import Logging
import Models
import Persistence
import TerminalUI

/// The screens of Feed: the feed (the Feed tab's first screen) and one post.
public enum FeedDestination: EntryDestination {
    /// The feed, newest first: `storefront://feed`.
    case feed
    /// One post: `storefront://post/ID`.
    case post(PostID)

    /// `storefront://feed` and `storefront://post/ID`.
    public static var patterns: [RoutePattern] { [FeedEntry.feedPattern, FeedEntry.postPattern] }

    /// The destination of `route`, when it is Feed's.
    public init?(route: Route) {
        if FeedEntry.feedPattern.matches(route) {
            self = .feed
        } else if FeedEntry.postPattern.matches(route) {
            self = .post(PostID(rawValue: route.id(0)))
        } else {
            return nil
        }
    }

    /// The erased route.
    public var route: Route {
        switch self {
        case .feed: FeedEntry.feedPattern.route()
        case .post(let id): FeedEntry.postPattern.route(ids: [id.rawValue])
        }
    }
}

/// What Feed does later: like a post once the user signed in.
public enum FeedAction: EntryActionSet {
    /// Like the post.
    case like(PostID)

    /// `feed.like POST_ID`, the form every version parked.
    public init?(parked: EntryAction) {
        guard parked.feature == FeedEntry.name, parked.name == "like", parked.ids.count == 1 else { return nil }
        self = .like(PostID(rawValue: parked.ids[0]))
    }

    /// `feed.like POST_ID`.
    public var parked: EntryAction {
        switch self {
        case .like(let id): EntryAction(feature: FeedEntry.name, name: "like", ids: [id.rawValue])
        }
    }
}

/// What Feed asks of other entries.
public enum FeedOutgoing: Hashable, Sendable {
    /// Show the product a post is about (whichever entry owns product pages).
    case showProduct(ProductID)
}

/// The Feed package's entry: the feed and post screens (the Feed tab), the `feed`, `post` and `like` commands, the
/// `feed_likes` flag, Feed's tables and the live events of posts. Built per account over its context; the feature,
/// its repository and the outbox's push handler for likes live here, so the App never constructs them. Its pictures
/// come from the context (`EntryPictures`, which the App provides: the process's one image pipeline).
@MainActor
public final class FeedEntry: FeatureEntry {
    /// Feed's screens.
    public typealias Destination = FeedDestination
    /// Feed's actions.
    public typealias Action = FeedAction
    /// What Feed asks of others.
    public typealias Outgoing = FeedOutgoing

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

    /// The routes, commands, flags, tables, live events, tab and keys of Feed.
    public nonisolated static let descriptor = FeatureDescriptor(
        name: name, routes: FeedDestination.patterns, commands: FeedCommands.specs, flags: [likesFlag],
        migrations: [FeedStorage.migrations], liveEvents: ["post.created", "post.likes", "reset"],
        tab: EntryTab(title: "Feed", key: "feed", order: 10, root: FeedDestination.feed.route),
        keys: FeedListKeys.declarations + PostDetailKeys.declarations)

    /// The feed's route.
    public nonisolated static var feedRoute: Route { FeedDestination.feed.route }

    /// The route of post `id`.
    public nonisolated static func postRoute(_ id: PostID) -> Route { FeedDestination.post(id).route }

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
    /// through the context's `EntryPictures` (none when the App provides none); opens nothing.
    public init(context: FeatureContext) {
        let pictures = context.pictures
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
        self.pictures = pictures?.screens ?? .none(logger: context.logger)
        formatter = FeedFormatter(
            now: context.now, locale: context.locale, timeZone: context.timeZone, excerptLength: 72)
        feature.onOpenPost = { [weak self] id in self?.open(.post(id)) }
        feature.onOpenProduct = { [weak self] id in self?.ask(.showProduct(id)) }
        feature.onSignInRequired = { [weak self] id in
            self?.onIntent?(
                .needsSignIn(prompt: "Sign in to like posts.", resume: .perform(FeedAction.like(id).parked)))
        }
    }

    /// The feed or a post screen.
    public func makeScreen(for destination: FeedDestination, context: ScreenContext) -> any TerminalView {
        switch destination {
        case .post(let id):
            let viewModel = PostDetailViewModel(
                postID: id, feature: feature, formatter: formatter, pictures: pictures)
            viewModel.send(.load)
            return PostDetailView(viewModel: viewModel, theme: context.theme, keyMap: context.keyMap)
        case .feed:
            return FeedListView(
                viewModel: FeedListViewModel(feature: feature, formatter: formatter, pictures: pictures),
                theme: context.theme, keyMap: context.keyMap)
        }
    }

    /// Likes the post once (a like parked behind sign-in).
    public func perform(_ action: FeedAction) async {
        switch action {
        case .like(let id): await feature.like(id)
        }
    }

    /// "offline" while the feed shows its saved copy.
    public var statuses: Set<EntryStatus> { feature.isOffline ? [.offline] : [] }

    /// Shows the cached feed, then refreshes it.
    public func start() async {
        await feature.start()
    }

    /// Stops loading.
    public func stop() {
        feature.stop()
    }

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

    /// The feed's first page, or one post.
    public func print(_ destination: FeedDestination, to invocation: CommandInvocation) async -> ExitCode {
        switch destination {
        case .post(let id):
            await run(invocation.redirected(to: FeedCommands.postCommand, operands: [id.rawValue]))
        case .feed:
            await run(invocation.redirected(to: FeedCommands.feedCommand, operands: []))
        }
    }
}
