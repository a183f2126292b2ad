import Foundation
import Logging
import Models
import Networking
import Persistence

/// Where checkout drafts are saved between steps and across restarts.
public protocol CheckoutDraftRepository: Sendable {
    /// Saves `draft` under its flow id, replacing what was saved for that flow before.
    ///
    /// - Throws: `DraftStoreError.unavailable` when the store cannot be opened or written.
    func save(_ draft: SavedCheckoutDraft) async throws(DraftStoreError)

    /// The most recently saved draft that can be read, or nil when there is none.
    ///
    /// - Throws: `DraftStoreError.unavailable` when the store cannot be opened or read.
    func latest() async throws(DraftStoreError) -> SavedCheckoutDraft?

    /// Deletes the draft saved for `flowID`; nothing happens when there is none.
    ///
    /// - Throws: `DraftStoreError.unavailable` when the store cannot be opened or written.
    func delete(flowID: String) async throws(DraftStoreError)

    /// Ends the flow `flowID` with the order `orderID` (placed as submission `clientID`, by this flow or another
    /// run): deletes its draft and every draft carrying `clientID`, and keeps the flow from being saved again (a
    /// run that resumed the draft earlier saves nothing more under it). Doing it again changes nothing.
    ///
    /// - Throws: `DraftStoreError.unavailable` when the store cannot be opened or written.
    func retire(flowID: String, orderID: OrderID, clientID: String, now: Date) async throws(DraftStoreError)
}

/// Why a draft could not be saved, read or deleted.
public enum DraftStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The store cannot be opened or written (a corrupt file, a newer schema, a full disk); the reason is for
    /// diagnostics.
    case unavailable(reason: String)

    /// One sentence for the user.
    public var description: String {
        "Your progress could not be saved on this device."
    }
}

/// `CheckoutDraftRepository` in the account database's `checkout_drafts` table (see `CheckoutStorage`): one row per
/// flow, the draft as JSON.
///
/// A row that cannot be decoded (written by a newer version) is logged and skipped, never deleted. A store that
/// cannot be opened fails each call with `DraftStoreError.unavailable` and is left as it is.
public struct LiveCheckoutDraftRepository: CheckoutDraftRepository {
    private let database: Database
    private let logger: Logger

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - database: The account database, with `CheckoutStorage.migrations` registered.
    ///   - logger: Receives store failures and skipped rows (never the draft's contents).
    public init(database: Database, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    /// See `CheckoutDraftRepository.save(_:)`.
    public func save(_ draft: SavedCheckoutDraft) async throws(DraftStoreError) {
        do {
            let body = String(decoding: try Self.encoder.encode(draft), as: UTF8.self)
            let saved = try await database.transaction { transaction in
                // A flow that ended with an order stays ended: a run that resumed its draft before the order was
                // recorded must not bring the draft back for the next run to resume.
                try transaction.execute(
                    """
                    INSERT INTO checkout_drafts (flow_id, step, saved_at, body)
                    SELECT ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM checkout_retired_flows WHERE flow_id = ?)
                    ON CONFLICT (flow_id) DO UPDATE SET
                        step = excluded.step, saved_at = excluded.saved_at, body = excluded.body
                    """,
                    draft.flowID, draft.step.rawValue, draft.savedAt, body, draft.flowID)
                return transaction.changedRowCount > 0
            }
            if !saved {
                logger.info(
                    "a checkout that ended with an order was not saved again", metadata: ["flow_id": "\(draft.flowID)"])
            }
        } catch {
            throw storeError(error, operation: "saving the checkout draft")
        }
    }

    /// See `CheckoutDraftRepository.latest()`.
    public func latest() async throws(DraftStoreError) -> SavedCheckoutDraft? {
        let rows: [StoredRow]
        do {
            rows = try await database.read { reader in
                try reader.fetchAll(
                    StoredRow.self, "SELECT flow_id, body FROM checkout_drafts ORDER BY saved_at DESC, rowid DESC")
            }
        } catch {
            throw storeError(error, operation: "reading checkout drafts")
        }
        for row in rows {
            do {
                return try Self.decoder.decode(SavedCheckoutDraft.self, from: Data(row.body.utf8))
            } catch {
                logger.warning(
                    "skipped a saved checkout draft that cannot be read",
                    metadata: [
                        "flow_id": "\(row.flowID)",
                        "reason": "\(DecodingFailure(error, decoding: SavedCheckoutDraft.self))",
                    ])
            }
        }
        return nil
    }

    /// See `CheckoutDraftRepository.delete(flowID:)`.
    public func delete(flowID: String) async throws(DraftStoreError) {
        do {
            try await database.transaction { transaction in
                try transaction.execute("DELETE FROM checkout_drafts WHERE flow_id = ?", flowID)
            }
        } catch {
            throw storeError(error, operation: "deleting the checkout draft")
        }
    }

    /// See `CheckoutDraftRepository.retire(flowID:orderID:clientID:now:)`.
    public func retire(flowID: String, orderID: OrderID, clientID: String, now: Date) async throws(DraftStoreError) {
        do {
            try await database.transaction { transaction in
                try Self.retire(flowID: flowID, orderID: orderID, clientID: clientID, now: now, in: transaction)
            }
        } catch {
            throw storeError(error, operation: "retiring the checkout draft")
        }
    }

    /// How long a retired flow is remembered: far longer than any run that resumed its draft can last.
    static let retiredFlowMemory: TimeInterval = 7 * 24 * 3600

    /// Retires a flow inside `transaction` (see `retire(flowID:orderID:clientID:now:)`); with a nil `flowID`, only
    /// the drafts carrying `clientID` are deleted. Flows retired longer ago than `retiredFlowMemory` are forgotten.
    ///
    /// - Throws: `DatabaseError`.
    static func retire(
        flowID: String?, orderID: OrderID, clientID: String, now: Date, in transaction: DatabaseTransaction
    ) throws {
        try transaction.execute(
            "DELETE FROM checkout_drafts WHERE flow_id = ? OR json_extract(body, '$.submission_id') = ?",
            flowID, clientID)
        if let flowID {
            try transaction.execute(
                """
                INSERT INTO checkout_retired_flows (flow_id, client_id, order_id, retired_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (flow_id) DO NOTHING
                """,
                flowID, clientID, orderID.rawValue, now)
        }
        try transaction.execute(
            "DELETE FROM checkout_retired_flows WHERE retired_at < ?", now.addingTimeInterval(-retiredFlowMemory))
    }

    // MARK: - Private

    private struct StoredRow: Decodable {
        let flowID: String
        let body: String

        enum CodingKeys: String, CodingKey {
            case body
            case flowID = "flow_id"
        }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        }
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let milliseconds = try decoder.singleValueContainer().decode(Int64.self)
            return Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
        }
        return decoder
    }

    private func storeError(_ error: any Error, operation: String) -> DraftStoreError {
        logger.error("\(operation) failed", metadata: ["error": "\(error)"])
        return .unavailable(reason: String(describing: error))
    }
}
