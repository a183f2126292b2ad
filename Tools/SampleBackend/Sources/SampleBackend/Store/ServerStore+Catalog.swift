import Persistence

extension ServerStore {
    static let productColumns: SQL = """
        p.seq, p.id, p.title, p.description, p.price_minor, p.image_url, p.availability, p.stock, p.rating
        """

    /// The most matches `search` counts: `total` is exact up to it, and a lower bound past it.
    static let searchCountCap = 1000

    /// A page of search results and what is known of the number of matches.
    struct SearchResult: Sendable {
        let rows: [ProductRow]
        /// How many products match: exact when `isEstimate` is false, else a lower bound (at least
        /// `searchCountCap`, and at least the products up to the end of this page).
        let total: Int
        let isEstimate: Bool
    }

    /// One page of the products matching `text`: those whose title holds every word first, then those matching
    /// in the description too, most popular first within each; and how many match (up to `searchCountCap`).
    ///
    /// The text is data, never FTS5 syntax: each word becomes a quoted prefix token
    /// (`SearchPattern.fullTextPrefixQuery`), so quotes, operators and wildcards are searched for literally, and
    /// text without a word matches nothing. Control characters separate words like spaces (FTS5 reads a NUL inside
    /// a quoted string as its end and fails). Every word must match a word of the title or description.
    ///
    /// The cost does not grow with the catalog: the index's row ids are the products' popularity ranks
    /// (`StoreSchema.searchIndexFill`), so FTS5 yields matches best first and each of the queries below stops
    /// after `offset + limit` rows (or `searchCountCap + 1` for the count); nothing ranks or sorts all matches.
    ///
    /// Blocks the calling thread for the read (`Database.readBlocking`): call it on the server's own thread or a
    /// dispatch queue, never from a task. So do `product(id:)` and `changeVersion(of:)`.
    func search(_ text: String, offset: Int, limit: Int) throws -> SearchResult {
        let words = String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        guard let query = SearchPattern.fullTextPrefixQuery(words) else {
            return SearchResult(rows: [], total: 0, isEstimate: false)
        }
        let inTitle = "title : (\(query))"
        let elsewhere = "(\(query)) NOT (\(inTitle))"
        let cap = Self.searchCountCap
        return try database.readBlocking { reader in
            func count(_ match: String, upTo bound: Int) throws -> Int {
                try reader.fetchOne(
                    Int.self,
                    """
                    SELECT count(*) FROM (
                        SELECT rowid FROM server_search WHERE server_search MATCH ? ORDER BY rowid LIMIT ?
                    )
                    """,
                    match, bound) ?? 0
            }
            func page(_ match: String, offset: Int, limit: Int) throws -> [ProductRow] {
                guard limit > 0 else { return [] }
                return try reader.fetchRows(
                    "SELECT " + Self.productColumns + """
                         FROM (
                            SELECT rowid AS rank FROM server_search WHERE server_search MATCH ?
                            ORDER BY rowid LIMIT ? OFFSET ?
                        ) m JOIN server_search_rank r ON r.rank = m.rank
                        JOIN server_products p ON p.seq = r.product_seq
                        ORDER BY m.rank
                        """,
                    match, limit, offset
                ).map(ProductRow.init)
            }
            // Title matches up to the end of this page: exact whenever fewer than that exist.
            let titleMatches = try count(inTitle, upTo: offset + limit)
            var rows = titleMatches > offset ? try page(inTitle, offset: offset, limit: limit) : []
            if rows.count < limit {
                rows += try page(elsewhere, offset: max(0, offset - titleMatches), limit: limit - rows.count)
            }
            let counted = try count(query, upTo: cap + 1)
            guard counted > cap else { return SearchResult(rows: rows, total: counted, isEstimate: false) }
            return SearchResult(rows: rows, total: max(cap, offset + rows.count), isEstimate: true)
        }
    }

    /// The product with `id`, or nil; blocks for the read (see `search`).
    func product(id: String) throws -> ProductRow? {
        try database.readBlocking { reader in
            try reader.fetchRows("SELECT " + Self.productColumns + " FROM server_products p WHERE p.id = ?", id)
        }.first.map(ProductRow.init)
    }

    /// Sets a product's price; false when there is no such product.
    func setPrice(productID: String, amountMinor: Int64) async throws -> Bool {
        try await database.transaction { transaction in
            try transaction.execute("UPDATE server_products SET price_minor = ? WHERE id = ?", amountMinor, productID)
            let changed = transaction.changedRowCount > 0
            if changed { try Self.catalogChanged(in: transaction) }
            return changed
        }
    }

    /// Sets a product's stock; false when there is no such product.
    func setStock(productID: String, stock: Int) async throws -> Bool {
        try await database.transaction { transaction in
            try transaction.execute("UPDATE server_products SET stock = ? WHERE id = ?", stock, productID)
            let changed = transaction.changedRowCount > 0
            if changed { try Self.catalogChanged(in: transaction) }
            return changed
        }
    }

    /// What a change counter of `server_changes` counts.
    enum ChangeScope: String, Sendable {
        /// Products: grows in the same transaction as every change to them (`catalogChanged(in:)`).
        case catalog
        /// Posts and likes: grows with every row written to `server_posts` or `server_likes`, by triggers
        /// (migration 6), so no writer can forget it.
        case feed
    }

    /// The change counter of `scope`, as committed by whichever process over the same database file made the
    /// change. Blocks for the read (see `search`).
    func changeVersion(of scope: ChangeScope) throws -> Int64 {
        try database.readBlocking { reader in
            try reader.fetchOne(Int64.self, "SELECT version FROM server_changes WHERE scope = ?", scope.rawValue) ?? 0
        }
    }

    /// Counts a change to the catalog; call it inside the transaction that makes the change.
    static func catalogChanged(in transaction: DatabaseTransaction) throws {
        try transaction.execute("UPDATE server_changes SET version = version + 1 WHERE scope = 'catalog'")
    }
}
