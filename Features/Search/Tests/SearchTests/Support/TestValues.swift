import Foundation
import Logging
import Models
import Networking
import Persistence
import Search
import TestSupport
import Testing

/// Products and pages for tests, named after the query they answer so a test can tell whose results are shown.
enum TestValues {
    /// A product in euros whose title starts with `title`.
    static func product(
        _ id: String,
        title: String? = nil,
        priceMinor: Int64 = 1_999,
        availability: Availability = .inStock,
        hasImage: Bool = true,
        rating: Double? = 4.5
    ) -> ProductSummary {
        ProductSummary(
            id: ProductID(rawValue: id), title: title ?? "Product \(id)",
            price: Money(amountMinor: priceMinor, currency: .eur), availability: availability,
            imageURL: hasImage ? URL(string: "https://images.storefront.test/\(id).jpg") : nil, rating: rating)
    }

    /// A server page of `count` products for `query` starting at `offset`, with ids `<query>-<position>`.
    static func page(for query: String, offset: Int = 0, count: Int = 3, total: Int? = nil) -> SearchPage {
        let products = (0..<count).map { product("\(query)-\(offset + $0)", title: "\(query) result \(offset + $0)") }
        return SearchPage(
            results: OffsetPage(items: products, offset: offset, total: total ?? offset + count), source: .server)
    }

    /// A logger whose records nobody reads.
    static var logger: Logger {
        Logger(label: "search-test", handler: CapturingLogHandler())
    }

    /// A recent-searches list over a preferences file in `directory`.
    static func recentSearches(in directory: TemporaryDirectory, limit: Int = 10) -> RecentSearches {
        let store = PreferencesStore(
            fileURL: directory.url.appending(path: "preferences/search.json"),
            now: { Date(timeIntervalSince1970: 1_767_225_600) }, logger: logger)
        return RecentSearches(preferences: store, limit: limit)
    }

    /// The account database in `file`, with Search's migrations registered (opened on first use).
    static func fileDatabase(at file: URL) throws -> Database {
        var migrator = DatabaseMigrator()
        try migrator.register(SearchStorage.migrations)
        return Database(
            location: .file(file), migrator: migrator, configuration: DatabaseConfiguration(), logger: logger)
    }

    /// The contents of `Fixtures/<name>`.
    static func fixture(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil) else {
            throw FixtureMissing(name: name)
        }
        return try Data(contentsOf: url)
    }

    struct FixtureMissing: Error, CustomStringConvertible {
        let name: String
        var description: String { "no fixture named \(name)" }
    }
}

/// A feature over a controlled repository, a manual clock and a temporary preferences suite.
@MainActor
struct FeatureHarness {
    let clock = ManualClock()
    let directory: TemporaryDirectory
    let repository: ControlledSearchRepository
    let feature: SearchFeature

    init(
        repository: ControlledSearchRepository = ControlledSearchRepository(),
        debounce: Duration = .milliseconds(300),
        pageSize: Int = 3
    ) throws {
        let directory = try TemporaryDirectory()
        self.directory = directory
        self.repository = repository
        feature = SearchFeature(
            repository: repository, recentSearches: TestValues.recentSearches(in: directory), clock: clock,
            logger: TestValues.logger, debounce: debounce, pageSize: pageSize)
    }

    /// Types `text` and lets the debounce pass, then answers the search (call `call`) with `page`; returns when the
    /// results are published.
    func search(_ text: String, call: Int, answer page: SearchPage) async throws {
        let task = feature.updateQuery(text)
        try await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(300))
        try await repository.waitForCalls(count: call + 1)
        repository.resolve(call, with: .success(page))
        try await task?.finish()
    }

    /// Types `text`, submits it (no debounce) and answers the search (call `call`) with `answer`; returns when the
    /// answer is published or discarded.
    func submit(_ text: String, call: Int, answer: Result<SearchPage, any Error>) async throws {
        feature.updateQuery(text)
        let task = feature.submit()
        try await repository.waitForCalls(count: call + 1)
        repository.resolve(call, with: answer)
        try await task?.finish()
    }
}
