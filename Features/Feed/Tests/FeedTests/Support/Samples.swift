import Feed
import Foundation
import Logging
import Models
import Networking
import NetworkingTestSupport
import Persistence
import PersistenceTestSupport
import TestSupport
import Testing

/// 2026-01-01T12:00:00Z: the "now" of tests that show times.
let referenceNow = Date(timeIntervalSince1970: 1_767_268_800)

/// Posts and pages for tests, with predictable values.
enum Samples {
    /// Post `number`: id `post_<number>`, author `author<number>`, published `number` minutes before
    /// `referenceNow`.
    static func post(
        _ number: Int, likes: Int = 10, liked: Bool = false, product: ProductID? = nil, kind: PostKind = .photo
    ) -> Post {
        Post(
            id: PostID(rawValue: "post_\(number)"), authorName: "author\(number)", caption: "Caption \(number)",
            imageURL: URL(string: "https://images.storefront.example/posts/post_\(number).jpg")!,
            likeCount: likes, isLiked: liked, createdAt: referenceNow.addingTimeInterval(TimeInterval(-60 * number)),
            kind: kind, productID: product)
    }

    /// Posts `numbers`, as `post(_:)` makes them.
    static func posts(_ numbers: ClosedRange<Int>) -> [Post] {
        numbers.map { post($0) }
    }

    /// A page of posts `numbers` followed by `cursor`.
    static func page(_ numbers: ClosedRange<Int>, next cursor: String?) -> FeedPage {
        FeedPage(posts: posts(numbers), nextCursor: cursor)
    }

    /// The JSON of a `GET /v1/feed` page of posts `numbers`, each with `likes` likes.
    static func pageJSON(_ numbers: ClosedRange<Int>, next cursor: String?, likes: Int = 10) -> String {
        let posts = numbers.map { number in
            """
            {"id": "post_\(number)", "author_name": "author\(number)", "caption": "Caption \(number)",
             "image_url": "https://images.storefront.example/posts/post_\(number).jpg", "like_count": \(likes),
             "liked_by_me": false, "created_at": "2026-01-01T10:\(String(format: "%02d", number % 60)):00Z",
             "kind": "photo"}
            """
        }
        let next = cursor.map { "\"\($0)\"" } ?? "null"
        return #"{"posts": [\#(posts.joined(separator: ", "))], "next_cursor": \#(next)}"#
    }

    /// The text of a fixture file in the test target's `Fixtures/`.
    static func fixture(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw FixtureMissing(name: name)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    struct FixtureMissing: Error {
        let name: String
    }
}

/// A live repository on an in-memory (or file) database, a scripted transport and a manual clock, with everything a
/// test reads afterwards.
struct RepositoryHarness {
    let clock = ManualClock()
    let transport: ScriptedTransport
    let logs = CapturingLogHandler()
    let trace = StatementTrace()
    let database: Database
    let outbox: Outbox
    let repository: LiveFeedRepository
    let tokens: InMemoryTokenProvider

    /// A harness on a new in-memory database, or on `location` (a file that may already hold a store), whose wall
    /// clock starts `startingAfter` seconds after `referenceNow` and moves with the manual clock.
    init(
        location: DatabaseLocation = .inMemory, startingAfter start: TimeInterval = 0, cacheLimit: Int = 100,
        token: String? = "token-1",
        mutationIDs: [String] = (1...20).map { "mutation-\($0)" }, transport: ScriptedTransport? = nil
    ) throws {
        let clock = clock
        let logger = Logger(label: "feed-test", handler: logs)
        let transport = transport ?? ScriptedTransport(clock: clock)
        self.transport = transport
        if location == .inMemory {
            database = try InMemoryDatabaseFactory(trace: trace, logger: logger)
                .makeDatabase(registering: [FeedStorage.migrations])
        } else {
            var migrator = DatabaseMigrator()
            try migrator.register(FeedStorage.migrations)
            database = Database(
                location: location, migrator: migrator, configuration: DatabaseConfiguration(trace: trace),
                logger: logger)
        }
        let now: @Sendable () -> Date = { referenceNow.addingTimeInterval(start + Self.seconds(clock.now.offset)) }
        outbox = Outbox(database: database, clock: clock, now: now, logger: logger)
        tokens = InMemoryTokenProvider(token: token)
        let ids = Guarded(mutationIDs)
        repository = LiveFeedRepository(
            client: .testing(transport: transport, clock: clock, tokenProvider: tokens), database: database,
            outbox: outbox, logger: logger, now: now,
            makeMutationID: { ids.withLock { $0.isEmpty ? UUID().uuidString : $0.removeFirst() } },
            cacheLimit: cacheLimit)
    }

    /// The ids of the cached posts, in cache order.
    func cachedIDs() async throws -> [String] {
        try await database.read { db in try db.fetchAll(String.self, "SELECT id FROM feed_posts ORDER BY position") }
    }

    /// The messages logged at warning level or above.
    var warnings: [LogRecord] {
        logs.records.filter { $0.level >= .warning }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        TimeInterval(duration.components.seconds) + TimeInterval(duration.components.attoseconds) / 1e18
    }
}

/// A Feature on a controlled repository, for tests: page size 3, prefetch distance 5, `now` at `referenceNow`,
/// likes on unless said.
@MainActor
func makeFeature(
    _ repository: ControlledFeedRepository, pageSize: Int = 3, likesEnabled: Bool = true,
    logs: CapturingLogHandler = CapturingLogHandler()
) -> FeedFeature {
    FeedFeature(
        repository: repository, logger: Logger(label: "feed-test", handler: logs), now: { referenceNow },
        pageSize: pageSize, prefetchDistance: 5, likesEnabled: likesEnabled)
}

/// A Feature (see `makeFeature`) that has loaded posts 1...3 (10 likes each, none liked) with cursor `c1`: page
/// request 0 of `repository`.
@MainActor
func loadedFeature(_ repository: ControlledFeedRepository) async throws -> FeedFeature {
    let feature = makeFeature(repository)
    repository.resolvePage(0, with: .success(Samples.page(1...3, next: "c1")))
    await feature.start()
    try #require(feature.posts.count == 3)
    return feature
}

/// A formatter at `referenceNow`, in US English and UTC.
func makeFormatter(excerptLength: Int = 24) -> FeedFormatter {
    FeedFormatter(
        now: { referenceNow }, locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!,
        excerptLength: excerptLength)
}
