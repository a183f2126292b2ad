import Persistence

/// Search's tables in the account database, under the prefix `search_`: the products seen in results (the offline
/// fallback) and their FTS5 index.
///
/// The composition root registers `migrations` with the account database's `DatabaseMigrator`. Migrations are
/// append-only: never edit, rename or reorder a shipped one.
public enum SearchStorage {
    /// Search's migrations, oldest first:
    ///
    /// - `search_1_create_products`: `search_products` (one row per product id: title, price in minor units and
    ///   currency, image URL, availability, rating, description, and `seen`, the save batch used to keep the newest
    ///   products), and `search_products_fts`, an FTS5 index of title and description with Unicode case and
    ///   diacritic folding, kept in step by triggers.
    /// - `search_2_trigram_index`: the folded title and description beside the originals (`title_key`,
    ///   `description_key`: `SearchKey.fold`, written by the app on every save), and `search_products_fts` rebuilt
    ///   over them with the trigram tokenizer, so a fragment anywhere in a word is found (`SavedProductsQuery`).
    ///   The rows saved before it get their keys and are indexed again in the same transaction.
    public static let migrations = MigrationGroup(
        tablePrefix: "search_",
        migrations: [
            Migration(
                "search_1_create_products",
                sql: """
                    CREATE TABLE search_products (
                        seq INTEGER PRIMARY KEY,
                        id TEXT NOT NULL UNIQUE,
                        title TEXT NOT NULL,
                        price_minor INTEGER NOT NULL,
                        currency TEXT NOT NULL,
                        image_url TEXT,
                        availability TEXT NOT NULL,
                        rating REAL,
                        description TEXT,
                        seen INTEGER NOT NULL
                    );
                    CREATE INDEX search_products_by_seen ON search_products (seen, seq);
                    CREATE VIRTUAL TABLE search_products_fts USING fts5(
                        title, description,
                        content = 'search_products', content_rowid = 'seq',
                        tokenize = 'unicode61 remove_diacritics 2'
                    );
                    CREATE TRIGGER search_products_after_insert AFTER INSERT ON search_products BEGIN
                        INSERT INTO search_products_fts (rowid, title, description)
                            VALUES (new.seq, new.title, new.description);
                    END;
                    CREATE TRIGGER search_products_after_delete AFTER DELETE ON search_products BEGIN
                        INSERT INTO search_products_fts (search_products_fts, rowid, title, description)
                            VALUES ('delete', old.seq, old.title, old.description);
                    END;
                    CREATE TRIGGER search_products_after_update AFTER UPDATE OF title, description
                        ON search_products BEGIN
                        INSERT INTO search_products_fts (search_products_fts, rowid, title, description)
                            VALUES ('delete', old.seq, old.title, old.description);
                        INSERT INTO search_products_fts (rowid, title, description)
                            VALUES (new.seq, new.title, new.description);
                    END;
                    """
            ),
            Migration("search_2_trigram_index", apply: reindexWithTrigrams),
        ]
    )

    /// `search_2_trigram_index`: SQLite 3.40's trigram tokenizer folds ASCII and Unicode case but not diacritics
    /// (its `remove_diacritics` option arrived in 3.45), so the index is built over keys the app folds itself.
    private static func reindexWithTrigrams(_ tx: DatabaseTransaction) throws {
        try tx.execute(
            """
            DROP TRIGGER search_products_after_insert;
            DROP TRIGGER search_products_after_delete;
            DROP TRIGGER search_products_after_update;
            DROP TABLE search_products_fts;
            ALTER TABLE search_products ADD COLUMN title_key TEXT NOT NULL DEFAULT '';
            ALTER TABLE search_products ADD COLUMN description_key TEXT;
            """)
        for row in try tx.fetchAll(SavedText.self, "SELECT seq, title, description FROM search_products") {
            try tx.execute(
                "UPDATE search_products SET title_key = ?, description_key = ? WHERE seq = ?",
                SearchKey.fold(row.title), row.description.map(SearchKey.fold), row.seq)
        }
        try tx.execute(
            """
            CREATE VIRTUAL TABLE search_products_fts USING fts5(
                title_key, description_key,
                content = 'search_products', content_rowid = 'seq',
                tokenize = 'trigram'
            );
            CREATE TRIGGER search_products_after_insert AFTER INSERT ON search_products BEGIN
                INSERT INTO search_products_fts (rowid, title_key, description_key)
                    VALUES (new.seq, new.title_key, new.description_key);
            END;
            CREATE TRIGGER search_products_after_delete AFTER DELETE ON search_products BEGIN
                INSERT INTO search_products_fts (search_products_fts, rowid, title_key, description_key)
                    VALUES ('delete', old.seq, old.title_key, old.description_key);
            END;
            CREATE TRIGGER search_products_after_update AFTER UPDATE OF title_key, description_key
                ON search_products BEGIN
                INSERT INTO search_products_fts (search_products_fts, rowid, title_key, description_key)
                    VALUES ('delete', old.seq, old.title_key, old.description_key);
                INSERT INTO search_products_fts (rowid, title_key, description_key)
                    VALUES (new.seq, new.title_key, new.description_key);
            END;
            INSERT INTO search_products_fts (search_products_fts) VALUES ('rebuild');
            """)
    }

    /// The text columns of a row saved before `search_2_trigram_index`.
    private struct SavedText: Decodable {
        let seq: Int64
        let title: String
        let description: String?
    }
}
