import Foundation
import Models
import Persistence

/// The SQL of `search_products`: saving the products seen in results and searching them offline. Every value is a
/// bound parameter; user text reaches `MATCH` only as quoted tokens and `instr` only as a plain value
/// (`SavedProductsQuery`).
enum SavedProducts {
    /// One product to save, with its description when the product route sent one.
    struct Entry: Sendable {
        let summary: ProductSummary
        let description: String?
    }

    /// Upserts `entries` by product id in one statement (one save batch, newer than every earlier one), then keeps
    /// only the newest `limit` products. With `replacesDescription`, a missing description clears the saved one
    /// (the product route is authoritative); otherwise (search results carry none) the saved one is kept.
    static func save(_ entries: [Entry], replacesDescription: Bool, limit: Int, in tx: DatabaseTransaction) throws {
        guard !entries.isEmpty else { return }
        let batch = (try tx.fetchOne(Int64.self, "SELECT coalesce(max(seen), 0) + 1 FROM search_products")) ?? 1
        let row: SQL = "(" + .placeholders(count: 11) + ")"
        let values = SQL.joined(Array(repeating: row, count: entries.count))
        let insert: SQL = """
            INSERT INTO search_products
                (id, title, title_key, price_minor, currency, image_url, availability, rating, description,
                 description_key, seen)
            VALUES
            """
        let update: SQL =
            replacesDescription
            ? " ON CONFLICT (id) DO UPDATE SET " + updatedColumns
                + ", description = excluded.description, description_key = excluded.description_key"
            : " ON CONFLICT (id) DO UPDATE SET " + updatedColumns
                + """
                , description = coalesce(excluded.description, search_products.description),
                description_key = coalesce(excluded.description_key, search_products.description_key)
                """
        var arguments: [DatabaseValue] = []
        arguments.reserveCapacity(entries.count * 11)
        for entry in entries {
            let product = entry.summary
            arguments += [
                product.id.rawValue.databaseValue, product.title.databaseValue,
                SearchKey.fold(product.title).databaseValue, product.price.amountMinor.databaseValue,
                product.price.currency.code.databaseValue, product.imageURL.databaseValue,
                product.availability.wireValue.databaseValue, product.rating.databaseValue,
                entry.description.databaseValue, entry.description.map(SearchKey.fold).databaseValue,
                batch.databaseValue,
            ]
        }
        try tx.execute(insert + " " + values + update, arguments: arguments)
        try tx.execute(
            """
            DELETE FROM search_products WHERE seq IN
                (SELECT seq FROM search_products ORDER BY seen DESC, seq DESC LIMIT -1 OFFSET ?)
            """,
            max(limit, 0))
    }

    /// One page of the saved products matching `query` (every word, literally, anywhere in the title or the
    /// description: `SavedProductsQuery`) and how many match in all. With a word of three characters or more, the
    /// best match comes first (bm25, the title weighted ten times the description); with only shorter words, the
    /// products whose title has them all come first. Text without a word matches nothing.
    static func search(
        _ query: String, offset: Int, limit: Int, in db: some DatabaseQuerying
    ) throws -> (rows: [SavedProductRow], total: Int) {
        guard let query = SavedProductsQuery(query) else { return ([], 0) }
        var conditions: [SQL] = []
        var arguments: [DatabaseValue] = []
        if let match = query.match {
            conditions.append("search_products_fts MATCH ?")
            arguments.append(match.databaseValue)
        }
        for word in query.shortWords {
            conditions.append("(instr(p.title_key, ?) > 0 OR instr(coalesce(p.description_key, ''), ?) > 0)")
            arguments += [word.databaseValue, word.databaseValue]
        }
        let from: SQL =
            query.match == nil
            ? " FROM search_products p" : " FROM search_products_fts f JOIN search_products p ON p.seq = f.rowid"
        let filter: SQL = " WHERE " + SQL.joined(conditions, separator: " AND ")
        let order: SQL
        var orderArguments: [DatabaseValue] = []
        if query.match != nil {
            order = " ORDER BY bm25(search_products_fts, 10.0, 1.0), p.seq"
        } else {
            let inTitle = SQL.joined(
                Array(repeating: "instr(p.title_key, ?) > 0", count: query.shortWords.count), separator: " AND ")
            order = " ORDER BY (" + inTitle + ") DESC, p.seq"
            orderArguments = query.shortWords.map(\.databaseValue)
        }
        let total = try db.fetchAll(Int.self, "SELECT count(*)" + from + filter, arguments: arguments).first ?? 0
        let rows = try db.fetchAll(
            SavedProductRow.self, "SELECT " + selectedColumns + from + filter + order + " LIMIT ? OFFSET ?",
            arguments: arguments + orderArguments + [limit.databaseValue, offset.databaseValue])
        return (rows, total)
    }

    /// The saved product with `id`, or nil.
    static func product(id: ProductID, in db: some DatabaseQuerying) throws -> SavedProductRow? {
        try db.fetchOne(
            SavedProductRow.self, "SELECT " + selectedColumns + " FROM search_products p WHERE p.id = ?", id.rawValue)
    }

    private static let updatedColumns: SQL = """
        title = excluded.title, title_key = excluded.title_key, price_minor = excluded.price_minor,
        currency = excluded.currency,
        image_url = excluded.image_url, availability = excluded.availability, rating = excluded.rating,
        seen = excluded.seen
        """

    private static let selectedColumns: SQL = """
        p.id, p.title, p.price_minor, p.currency, p.image_url, p.availability, p.rating, p.description
        """
}

/// A row of `search_products` as read back.
struct SavedProductRow: Decodable, Sendable {
    let id: String
    let title: String
    let priceMinor: Int64
    let currency: String
    let imageURL: String?
    let availability: String
    let rating: Double?
    let description: String?

    enum CodingKeys: String, CodingKey {
        case id, title, currency, availability, rating, description
        case priceMinor = "price_minor"
        case imageURL = "image_url"
    }

    /// The product, or nil when the saved currency is no longer a known code (the row is then skipped).
    var summary: ProductSummary? {
        guard let currency = try? Currency(code: currency) else { return nil }
        return ProductSummary(
            id: ProductID(rawValue: id),
            title: title,
            price: Money(amountMinor: priceMinor, currency: currency),
            availability: Availability(wireValue: availability),
            imageURL: ImageURL.parse(imageURL),
            rating: rating
        )
    }
}
