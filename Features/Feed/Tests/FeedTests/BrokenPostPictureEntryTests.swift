import FeatureKit
import FeaturePictures
import Feed
import Foundation
import Images
import Logging
import Models
import Networking
import NetworkingTestSupport
import Persistence
import Primitives
import TestSupport
import Testing

/// Feed's entry with a post whose `image_url` is broken: the commands print the post, a live `post.created` keeps it.
@MainActor
@Suite("FeedEntry: a post with a broken image_url in commands and live events")
struct BrokenPostPictureEntryTests {
    /// Collects what a command prints.
    private final class Collected: TextOutput {
        private let buffer = Locked("")
        var text: String { buffer.withLock { $0 } }
        func write(_ text: String) { buffer.withLock { $0 += text } }
    }

    /// An entry over `harness`'s database and transport, with pictures that never load.
    private func makeEntry(_ harness: RepositoryHarness, directory: TemporaryDirectory) -> FeedEntry {
        let logger = Logger(label: "feed-test", handler: harness.logs)
        let context = FeatureContext(
            account: .guest, database: harness.database, outbox: harness.outbox,
            client: .testing(transport: harness.transport, clock: harness.clock), logger: logger, clock: harness.clock,
            now: { referenceNow }, makeIdentifier: { UUID().uuidString }, flags: FlagValues([:]),
            layout: StorageLayout(rootDirectory: directory.url), locale: Locale(identifier: "en_US"),
            timeZone: TimeZone(identifier: "UTC") ?? .current, capabilities: EntryCapabilities())
        let loader = ImageLoader(
            baseURL: ScriptedTransport.baseURL, transport: harness.transport,
            memoryCache: MemoryImageCache(costLimit: 1 << 20), diskCache: nil, decoder: ImageDecoder(),
            maximumConcurrentDownloads: 1)
        let screens = ScreenPictures(isEnabled: true, loader: loader, logger: logger)
        context.capabilities.provide(EntryPictures(loader: loader, screens: screens))
        return FeedEntry(context: context)
    }

    /// Runs `arguments` (a command of Feed's and its operands and options) and returns the exit code and output.
    private func run(_ entry: FeedEntry, _ arguments: [String]) async throws -> (ExitCode, String, String) {
        let spec = try #require(FeedEntry.descriptor.commands.first { $0.name == arguments[0] })
        let parsed = try CommandOptions(spec.options + [.init("--json", help: "JSON.")]).parse(
            Array(arguments.dropFirst()))
        let (output, errors) = (Collected(), Collected())
        let invocation = CommandInvocation(
            spec: spec, arguments: parsed, operands: parsed.operands, output: output, errorOutput: errors,
            isInputTerminal: false, programName: "storefront", isSignedIn: false, sessionEndedMessage: nil,
            usageText: { "Usage: storefront\n" })
        let code = await entry.run(invocation)
        return (code, output.text, errors.text)
    }

    private static let brokenPost =
        #"{"id": "post_1973", "author_name": "ana", "caption": "Broken link", "image_url": "images/post_1973.jpg", "like_count": 3, "liked_by_me": false, "created_at": "2026-01-01T10:00:00Z", "kind": "photo"}"#

    @Test("storefront post ID prints the post with no picture, as text and as JSON without image_url")
    func postCommand() async throws {
        let directory = try TemporaryDirectory()
        let harness = try RepositoryHarness()
        let entry = makeEntry(harness, directory: directory)

        harness.transport.enqueue(.json(Self.brokenPost))
        let (code, text, errors) = try await run(entry, ["post", "post_1973"])
        #expect(code == .success, "\(errors)")
        #expect(text.contains("post_1973 by ana"))
        #expect(text.contains("image: none (the server's image_url is missing or broken)"))
        #expect(text.contains("Broken link"))

        harness.transport.enqueue(.json(Self.brokenPost))
        let (jsonCode, json, _) = try await run(entry, ["post", "post_1973", "--json"])
        #expect(jsonCode == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["id"] as? String == "post_1973")
        #expect(object["image_url"] == nil)
        #expect(object["like_count"] as? Int == 3)
    }

    @Test("storefront feed lists the post with a broken image_url, as text and as JSON")
    func feedCommand() async throws {
        let directory = try TemporaryDirectory()
        let harness = try RepositoryHarness()
        let entry = makeEntry(harness, directory: directory)
        let page = try BrokenPostPictureTests.messyPageJSON()

        harness.transport.enqueue(.json(page))
        let (code, text, errors) = try await run(entry, ["feed"])
        #expect(code == .success, "\(errors)")
        for number in 1...10 { #expect(text.contains("post_\(number) ")) }

        harness.transport.enqueue(.json(page))
        let (_, json, _) = try await run(entry, ["feed", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let posts = try #require(object["posts"] as? [[String: Any]])
        #expect(posts.compactMap { $0["id"] as? String } == (1...10).map { "post_\($0)" })
        #expect(posts.filter { $0["image_url"] != nil }.count == 1)
    }

    @Test("a live post.created with a broken image_url is announced without a picture, and logged once")
    func liveEvent() async throws {
        let directory = try TemporaryDirectory()
        let harness = try RepositoryHarness()
        let entry = makeEntry(harness, directory: directory)
        harness.transport.enqueue(.json(Samples.pageJSON(1...3, next: nil)))
        await entry.feature.start()
        try #require(entry.feature.posts.count == 3)

        let data = try JSONDecoder().decode(JSONValue.self, from: Data(Self.brokenPost.utf8))
        entry.receive(LiveEvent(id: "event-1", name: "post.created", data: data))
        #expect(entry.feature.newPosts.map(\.id.rawValue) == ["post_1973"])
        #expect(entry.feature.newPosts.first?.imageURL == nil)
        // The stream may send the event again after a reconnect: it is not logged twice.
        entry.receive(LiveEvent(id: "event-1", name: "post.created", data: data))
        #expect(entry.feature.newPosts.count == 1)
        let warnings = harness.warnings.map(\.message.description)
        #expect(warnings == ["feed post kept without its picture"])
    }
}
