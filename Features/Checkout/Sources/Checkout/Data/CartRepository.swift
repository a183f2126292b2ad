import FeatureKit
import Foundation
import Logging
import Models
import Persistence

/// Where the cart's lines are kept. Every change is one read-modify-write transaction, so a change the cart's rules
/// refuse (`Cart`) leaves the stored lines as they were.
public protocol CartRepository: Sendable {
    /// The stored lines, in the order they were added.
    ///
    /// - Throws: `CartError.storeUnavailable` when the store cannot be opened or read.
    func lines() async throws(CartError) -> [CartLine]

    /// Reads the lines, applies `change` to them as a `Cart`, and stores the result, all in one transaction.
    ///
    /// - Returns: The lines as stored now and what `change` returned.
    /// - Throws: `change`'s `CartError` (nothing is written); `CartError.storeUnavailable` for the store.
    func update<Value: Sendable>(_ change: @escaping @Sendable (inout Cart) throws(CartError) -> Value)
        async throws(CartError) -> (lines: [CartLine], value: Value)
}

/// `CartRepository` in the account database's `checkout_cart_lines` table (see `CheckoutStorage`).
///
/// The database opens lazily on the first call; when it cannot be opened (a corrupt file, a newer schema), each call
/// throws `CartError.storeUnavailable` and the file is left as it is. A stored row that cannot be read (an unknown
/// currency) is logged and skipped, never deleted.
public struct LiveCartRepository: CartRepository {
    private let database: Database
    private let logger: Logger

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - database: The account database, with `CheckoutStorage.migrations` registered.
    ///   - logger: Receives store failures and skipped rows.
    public init(database: Database, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    /// See `CartRepository.lines()`.
    public func lines() async throws(CartError) -> [CartLine] {
        let logger = self.logger
        do {
            return try await database.read { reader in try Self.readLines(reader, logger: logger) }
        } catch {
            throw storeError(error, operation: "reading the cart")
        }
    }

    /// See `CartRepository.update(_:)`.
    public func update<Value: Sendable>(_ change: @escaping @Sendable (inout Cart) throws(CartError) -> Value)
        async throws(CartError) -> (lines: [CartLine], value: Value)
    {
        let logger = self.logger
        do {
            return try await database.transaction { transaction in
                try Self.update(in: transaction, logger: logger, change)
            }
        } catch let error as CartError {
            throw error
        } catch {
            throw storeError(error, operation: "changing the cart")
        }
    }

    // MARK: - Inside other transactions of the account database

    /// Reads the lines, applies `change` and writes what changed, inside `transaction` (so a placement can take its
    /// lines out of the cart in the transaction that records it).
    ///
    /// - Throws: `change`'s `CartError` (nothing is written); `DatabaseError` for the store.
    static func update<Value>(
        in transaction: DatabaseTransaction, logger: Logger, _ change: (inout Cart) throws(CartError) -> Value
    ) throws -> (lines: [CartLine], value: Value) {
        let before = try readLines(transaction, logger: logger)
        var cart = Cart(lines: before)
        let value = try change(&cart)
        if cart.lines != before {
            try write(cart.lines, replacing: before, transaction)
        }
        return (cart.lines, value)
    }

    /// The stored lines that can be read, in the order they were added.
    ///
    /// - Throws: `DatabaseError`.
    static func readLines(_ db: some DatabaseQuerying, logger: Logger) throws -> [CartLine] {
        let rows = try db.fetchAll(
            Row.self,
            """
            SELECT product_id, title, unit_price_minor, currency, quantity, availability, image_url
            FROM checkout_cart_lines ORDER BY position, rowid
            """)
        return rows.compactMap { row in
            guard let currency = try? Currency(code: row.currency) else {
                logger.warning(
                    "skipped a cart line with an unknown currency", metadata: ["product_id": "\(row.productID)"])
                return nil
            }
            return CartLine(
                productID: ProductID(rawValue: row.productID),
                title: row.title,
                unitPrice: Money(amountMinor: row.unitPriceMinor, currency: currency),
                quantity: row.quantity,
                availability: Availability(wireValue: row.availability),
                imageURL: row.imageURL.flatMap(URL.init(string:))
            )
        }
    }

    // MARK: - Private

    private struct Row: Decodable {
        let productID: String
        let title: String
        let unitPriceMinor: Int64
        let currency: String
        let quantity: Int
        let availability: String
        let imageURL: String?

        enum CodingKeys: String, CodingKey {
            case title, currency, quantity, availability
            case productID = "product_id"
            case unitPriceMinor = "unit_price_minor"
            case imageURL = "image_url"
        }
    }

    /// Writes `lines` over `before`: removed products are deleted and the rest upserted with their positions. Rows
    /// that could not be read are not in `before` and stay as they are.
    private static func write(_ lines: [CartLine], replacing before: [CartLine], _ transaction: DatabaseTransaction)
        throws
    {
        let kept = Set(lines.map(\.productID))
        for removed in before where !kept.contains(removed.productID) {
            try transaction.execute("DELETE FROM checkout_cart_lines WHERE product_id = ?", removed.productID.rawValue)
        }
        for (position, line) in lines.enumerated() {
            try transaction.execute(
                """
                INSERT INTO checkout_cart_lines
                    (product_id, position, title, unit_price_minor, currency, quantity, availability, image_url)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (product_id) DO UPDATE SET
                    position = excluded.position, title = excluded.title,
                    unit_price_minor = excluded.unit_price_minor, currency = excluded.currency,
                    quantity = excluded.quantity, availability = excluded.availability, image_url = excluded.image_url
                """,
                line.productID.rawValue, position, line.title, line.unitPrice.amountMinor, line.unitPrice.currency.code,
                line.quantity, line.availability.wireValue, line.imageURL?.absoluteString)
        }
    }

    private func storeError(_ error: any Error, operation: String) -> CartError {
        logger.error("\(operation) failed", metadata: ["error": "\(error)"])
        return .storeUnavailable(reason: String(describing: error), diskFull: DiskFull(in: error))
    }
}
