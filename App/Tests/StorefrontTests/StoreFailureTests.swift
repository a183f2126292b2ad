import Checkout
import FeatureKit
import Feed
import Foundation
import Logging
import Persistence
import Search
import StorefrontApp
import Testing

extension IntegrationTests {
    /// The account database cannot be opened: only what needs it fails, with an honest message, and the file is left
    /// exactly as it was.
    @Suite("an account database that cannot be opened")
    struct StoreFailureTests {
        enum Damage: String, CaseIterable, CustomTestStringConvertible {
            case garbageFile
            case directory
            case newerSchema

            var testDescription: String { rawValue }
        }

        @Test(
            "the feed shows a storage error, search answers from the network, the store is untouched",
            arguments: Damage.allCases)
        func unopenableStore(damage: Damage) async throws {
            let app = try StorefrontProcess()
            let layout = StorageLayout(rootDirectory: app.dataDirectory.url)
            let databaseURL = layout.databaseURL(for: .guest)
            try await Self.damage(databaseURL, with: damage)
            let before = try Self.snapshot(of: databaseURL.deletingLastPathComponent())

            let feed = try await app.run(["feed", "--limit", "3"])
            #expect(feed.status == 0, "\(feed)")
            #expect(feed.standardError.contains("storage error"), "\(feed)")
            #expect(feed.standardOutput.contains("next cursor"), "\(feed)")

            let search = try await app.run(["search", "leather"])
            #expect(search.status == 0, "\(search)")
            #expect(search.standardOutput.lowercased().contains("leather"), "\(search)")

            let cart = try await app.run(["cart", "list"])
            #expect(cart.status == 1, "\(cart)")
            #expect(cart.standardError.contains("cannot be used"), "\(cart)")

            #expect(try Self.snapshot(of: databaseURL.deletingLastPathComponent()) == before)
        }

        /// Puts a file of garbage, a directory, or a store written by a newer version at `url`.
        private static func damage(_ url: URL, with damage: Damage) async throws {
            let fileManager = FileManager()
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            switch damage {
            case .garbageFile:
                try Data("this is not a database, but it is someone's file\n".utf8).write(to: url)
            case .directory:
                try fileManager.createDirectory(at: url, withIntermediateDirectories: true)
                try Data("kept".utf8).write(to: url.appending(path: "inside.txt"))
            case .newerSchema:
                let future = Migration("feed_99_from_a_newer_version", sql: "CREATE TABLE feed_future (id TEXT);")
                let migrator = try DatabaseMigrator(groups: [
                    MigrationGroup(tablePrefix: "feed_", migrations: FeedStorage.migrations.migrations + [future]),
                    SearchStorage.migrations, CheckoutStorage.migrations,
                ])
                let database = Database(
                    location: .file(url), migrator: migrator, configuration: DatabaseConfiguration(),
                    logger: .init(label: "test", handler: CapturingLogHandler()))
                try await database.open()
                await database.close()
            }
        }

        /// Every file under `directory` with its bytes.
        private static func snapshot(of directory: URL) throws -> [String: Data] {
            var contents: [String: Data] = [:]
            for path in StorefrontProcess.files(under: directory) {
                contents[path] = try Data(contentsOf: directory.appending(path: path))
            }
            return contents
        }
    }
}
