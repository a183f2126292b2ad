import Foundation
import Logging
import Networking
import NetworkingTestSupport
import Persistence
import PersistenceTestSupport
import Search
import TestSupport

/// The live repository over a scripted transport, a manual clock and an in-memory account database (or a given
/// one), with the records it logs and the statements it runs.
struct LiveHarness {
    let clock = ManualClock()
    let transport: ScriptedTransport
    let log = CapturingLogHandler()
    let trace = StatementTrace()
    let database: Database
    let repository: LiveSearchRepository

    init(database: Database? = nil, maximumSavedProducts: Int = 1_000) throws {
        transport = ScriptedTransport(clock: clock)
        let logger = Logger(label: "search-test", handler: log)
        let database =
            try database
            ?? InMemoryDatabaseFactory(trace: trace, logger: logger).makeDatabase(registering: [
                SearchStorage.migrations
            ])
        self.database = database
        repository = LiveSearchRepository(
            client: .testing(transport: transport, clock: clock), database: database, logger: logger,
            maximumSavedProducts: maximumSavedProducts)
    }

    /// A search page body with `products`, as the server writes it.
    static func searchBody(_ products: [(id: String, title: String)], total: Int? = nil, offset: Int = 0) -> String {
        let items = products.map { product in
            """
            {"id": "\(product.id)", "title": "\(product.title.replacingOccurrences(of: "\"", with: "\\\""))", \
            "price": {"amount_minor": 1000, "currency": "EUR"}, "availability": "in_stock"}
            """
        }
        return #"{"products": [\#(items.joined(separator: ", "))], "total": \#(total ?? offset + products.count), "#
            + #""offset": \#(offset)}"#
    }

    /// The ids of the products saved for offline search, in id order.
    func savedIDs() async throws -> [String] {
        try await database.read { db in try db.fetchAll(String.self, "SELECT id FROM search_products ORDER BY id") }
    }
}
