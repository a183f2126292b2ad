import Foundation
import Logging
import Models
import Persistence
import PersistenceTestSupport
import Testing

@testable import Checkout

@Suite("Cart repository", .timeLimit(.minutes(2)))
struct CartRepositoryTests {
    private func makeRepository() throws -> (LiveCartRepository, Database, CapturingLogHandler) {
        let logs = CapturingLogHandler()
        let logger = Logger(label: "test", handler: logs)
        let database = try InMemoryDatabaseFactory(logger: logger).makeDatabase(registering: [
            CheckoutStorage.migrations
        ])
        return (LiveCartRepository(database: database, logger: logger), database, logs)
    }

    @Test("prices are stored as integer minor units with the currency code")
    func storesMinorUnits() async throws {
        let (repository, database, _) = try makeRepository()
        _ = try await repository.update { cart throws(CartError) in
            try cart.add(Sample.harborLamp, quantity: 2)
        }

        let rows = try await database.read { reader in
            try reader.fetchRows("SELECT unit_price_minor, currency, quantity FROM checkout_cart_lines")
        }
        #expect(rows.count == 1)
        #expect(rows.first?["unit_price_minor"] == .integer(32_295))
        #expect(rows.first?["currency"] == .text("EUR"))
        #expect(rows.first?["quantity"] == .integer(2))
    }

    @Test("a refused change writes nothing")
    func refusedChangeWritesNothing() async throws {
        let (repository, _, _) = try makeRepository()
        _ = try await repository.update { cart throws(CartError) in try cart.add(Sample.harborLamp) }

        await #expect(throws: CartError.invalidQuantity(0)) {
            _ = try await repository.update { cart throws(CartError) in
                try cart.add(Sample.weekendLamp)
                try cart.setQuantity(0, for: "sku_94")
            }
        }

        #expect(try await repository.lines().map(\.productID) == ["sku_94"])
    }

    @Test("the store refuses quantities outside 1 to 99 even when asked directly")
    func schemaChecksQuantity() async throws {
        let (_, database, _) = try makeRepository()
        await #expect(throws: DatabaseError.self) {
            try await database.transaction { transaction in
                try transaction.execute(
                    """
                    INSERT INTO checkout_cart_lines
                        (product_id, position, title, unit_price_minor, currency, quantity, availability)
                    VALUES ('x', 0, 'X', 1, 'EUR', 100, 'in_stock')
                    """)
            }
        }
    }

    @Test("a row that cannot be read is skipped and logged, and survives later changes")
    func unreadableRowIsKept() async throws {
        let (repository, database, logs) = try makeRepository()
        try await database.transaction { transaction in
            try transaction.execute(
                """
                INSERT INTO checkout_cart_lines
                    (product_id, position, title, unit_price_minor, currency, quantity, availability)
                VALUES ('sku_old', 0, 'Old', 100, 'XYZ', 1, 'in_stock')
                """)
        }

        #expect(try await repository.lines().isEmpty)
        _ = try await repository.update { cart throws(CartError) in try cart.add(Sample.harborLamp) }

        #expect(try await repository.lines().map(\.productID) == ["sku_94"])
        let count = try await database.read { try $0.fetchOne(Int.self, "SELECT count(*) FROM checkout_cart_lines") }
        #expect(count == 2)
        #expect(logs.messages.contains("skipped a cart line with an unknown currency"))
    }

    @Test("lines keep the order they were added in, also after removals")
    func order() async throws {
        let (repository, _, _) = try makeRepository()
        let third = ProductSummary(
            id: "sku_3", title: "Third", price: Money(amountMinor: 1, currency: .eur), availability: .preorder,
            imageURL: nil)
        _ = try await repository.update { cart throws(CartError) in
            try cart.add(Sample.weekendLamp)
            try cart.add(Sample.harborLamp)
            try cart.add(third)
        }
        _ = try await repository.update { cart throws(CartError) in try cart.remove("sku_94") }
        _ = try await repository.update { cart throws(CartError) in try cart.add(Sample.harborLamp) }

        #expect(try await repository.lines().map(\.productID) == ["sku_196", "sku_3", "sku_94"])
        #expect(try await repository.lines()[1].availability == .preorder)
    }
}
