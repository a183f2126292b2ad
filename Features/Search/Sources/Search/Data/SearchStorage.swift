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
            )
        ]
    )
}
