import Foundation
import Logging
import Models
import Persistence
import PersistenceTestSupport
import TestSupport
import Testing

@testable import Checkout

@Suite("Checkout draft repository", .timeLimit(.minutes(2)))
struct CheckoutDraftRepositoryTests {
    private func makeDraft(flowID: String, savedAt: Date) -> SavedCheckoutDraft {
        SavedCheckoutDraft(
            flowID: flowID, step: .review, savedAt: savedAt,
            lines: [CartLine(product: Sample.harborLamp, quantity: 2)], address: Sample.address,
            shippingOptionID: "standard", paymentMethod: "card",
            paymentFields: ["card_token": "card_tok_1", "brand": "visa", "last4": "4242"], submissionID: "sub-1",
            quotedTotal: Money(amountMinor: 1234, currency: .eur), outOfStockProductIDs: ["sku_196"])
    }

    @Test("a draft round-trips exactly, money as integer minor units")
    func roundTrip() async throws {
        let logger = Logger(label: "test", handler: CapturingLogHandler())
        let database = try InMemoryDatabaseFactory(logger: logger).makeDatabase(registering: [
            CheckoutStorage.migrations
        ])
        let repository = LiveCheckoutDraftRepository(database: database, logger: logger)
        let draft = makeDraft(flowID: "flow-1", savedAt: Date(timeIntervalSince1970: 1_768_435_200.25))

        try await repository.save(draft)

        #expect(try await repository.latest() == draft)
        let body = try await database.read { try $0.fetchAll(String.self, "SELECT body FROM checkout_drafts") }
        #expect(body.first?.contains("\"amount_minor\":1234") == true)
    }

    @Test("saving again replaces the flow's draft; the latest of several flows wins; delete removes one")
    func replaceLatestDelete() async throws {
        let logger = Logger(label: "test", handler: CapturingLogHandler())
        let database = try InMemoryDatabaseFactory(logger: logger).makeDatabase(registering: [
            CheckoutStorage.migrations
        ])
        let repository = LiveCheckoutDraftRepository(database: database, logger: logger)
        try await repository.save(makeDraft(flowID: "a", savedAt: Date(timeIntervalSince1970: 100)))
        try await repository.save(makeDraft(flowID: "b", savedAt: Date(timeIntervalSince1970: 200)))
        try await repository.save(makeDraft(flowID: "a", savedAt: Date(timeIntervalSince1970: 300)))

        #expect(try await repository.latest()?.flowID == "a")
        let count = try await database.read { try $0.fetchOne(Int.self, "SELECT count(*) FROM checkout_drafts") }
        #expect(count == 2)
        try await repository.delete(flowID: "a")
        #expect(try await repository.latest()?.flowID == "b")
        try await repository.delete(flowID: "missing")
        try await repository.delete(flowID: "b")
        #expect(try await repository.latest() == nil)
    }

    @Test("a draft that cannot be read is skipped and logged, never deleted")
    func unreadableDraftIsSkipped() async throws {
        let logs = CapturingLogHandler()
        let logger = Logger(label: "test", handler: logs)
        let database = try InMemoryDatabaseFactory(logger: logger).makeDatabase(registering: [
            CheckoutStorage.migrations
        ])
        let repository = LiveCheckoutDraftRepository(database: database, logger: logger)
        try await repository.save(makeDraft(flowID: "old", savedAt: Date(timeIntervalSince1970: 100)))
        try await database.transaction { transaction in
            try transaction.execute(
                "INSERT INTO checkout_drafts (flow_id, step, saved_at, body) VALUES (?, ?, ?, ?)", "newer", "review",
                Date(timeIntervalSince1970: 500), #"{"flow_id": "newer", "step": "gift_wrap"}"#)
        }

        #expect(try await repository.latest()?.flowID == "old")
        #expect(logs.messages.contains("skipped a saved checkout draft that cannot be read"))
        let count = try await database.read { try $0.fetchOne(Int.self, "SELECT count(*) FROM checkout_drafts") }
        #expect(count == 2)
    }

    @Test("a store that cannot be opened fails each call and is left as it is")
    func corruptStore() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("storefront.sqlite")
        let garbage = Data(repeating: 0x5A, count: 4096)
        try garbage.write(to: file)
        let logger = Logger(label: "test", handler: CapturingLogHandler())
        var migrator = DatabaseMigrator()
        try migrator.register(CheckoutStorage.migrations)
        let database = Database(
            location: .file(file), migrator: migrator, configuration: DatabaseConfiguration(), logger: logger)
        let repository = LiveCheckoutDraftRepository(database: database, logger: logger)

        await #expect(throws: DraftStoreError.self) { try await repository.latest() }
        await #expect(throws: DraftStoreError.self) {
            try await repository.save(makeDraft(flowID: "a", savedAt: Date(timeIntervalSince1970: 1)))
        }

        #expect(try Data(contentsOf: file) == garbage)
        await database.close()
    }
}
