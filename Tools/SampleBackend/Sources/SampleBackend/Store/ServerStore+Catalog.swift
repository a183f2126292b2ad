import Persistence

extension ServerStore {
    static let productColumns: SQL = """
        p.seq, p.id, p.title, p.description, p.price_minor, p.image_url, p.availability, p.stock, p.rating
        """

    /// One page of the products matching `text`, best match first, and how many match in all.
    ///
    /// The text is data, never FTS5 syntax: each word becomes a quoted prefix token
    /// (`SearchPattern.fullTextPrefixQuery`), so quotes, operators and wildcards are searched for literally, and
    /// text without a word matches nothing. Control characters separate words like spaces (FTS5 reads a NUL inside
    /// a quoted string as its end and fails). Relevance is FTS5's bm25 with the title weighted ten times the
    /// description; ties keep catalog order. The page is ranked on the index alone and joined with the products
    /// afterwards, so only the page's rows are read from the table.
    func search(_ text: String, offset: Int, limit: Int) async throws -> ([ProductRow], Int) {
        let words = String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        guard let query = SearchPattern.fullTextPrefixQuery(words) else { return ([], 0) }
        return try await database.read { reader in
            let total =
                try reader.fetchOne(
                    Int.self, "SELECT count(*) FROM server_products_fts WHERE server_products_fts MATCH ?", query) ?? 0
            let rows = try reader.fetchRows(
                "SELECT " + Self.productColumns + """
                     FROM (
                        SELECT rowid AS match_seq, bm25(server_products_fts, 10.0, 1.0) AS score
                        FROM server_products_fts WHERE server_products_fts MATCH ?
                        ORDER BY score, rowid LIMIT ? OFFSET ?
                    ) m JOIN server_products p ON p.seq = m.match_seq
                    ORDER BY m.score, p.seq
                    """,
                query, limit, offset)
            return (try rows.map(ProductRow.init), total)
        }
    }

    /// The product with `id`, or nil.
    func product(id: String) async throws -> ProductRow? {
        try await database.read { reader in
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

    /// The catalog's change counter: it grows in the same transaction as every change to products, in whichever
    /// process over the same database file made it.
    func catalogVersion() async throws -> Int64 {
        try await database.read { reader in
            try reader.fetchOne(Int64.self, "SELECT version FROM server_changes WHERE scope = 'catalog'") ?? 0
        }
    }

    /// Counts a change to the catalog; call it inside the transaction that makes the change.
    static func catalogChanged(in transaction: DatabaseTransaction) throws {
        try transaction.execute("UPDATE server_changes SET version = version + 1 WHERE scope = 'catalog'")
    }
}
