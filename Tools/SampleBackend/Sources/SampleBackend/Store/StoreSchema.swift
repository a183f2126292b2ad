import Persistence

/// The server's tables, all under the `server_` prefix, created by Core/Persistence's migrator.
///
/// Posts and products keep a `seq` rowid for keyset pagination and the FTS5 index; their `id` is the text the API
/// shows (digits-only ids are sent as JSON numbers, the "numeric ids" of messy records). Dates are stored as the
/// text the API sends (with or without fractional seconds) beside a millisecond sort key; the feed is ordered by that
/// key, then by `id`, both descending.
///
/// Migration 3 keys users by their normalized name (`server_user_keys`, see `UserName`), gives sessions and card
/// tokens an expiry (sessions and tokens from before it count as expired: sign in and tokenize again) and marks a
/// card token with the order that used it. `server_changes` counts changes to the catalog (prices, stock): every
/// server process over the same file reads it to know whether the catalog answers it keeps in memory still hold.
/// Migration 4 indexes orders by their `client_id`, which `GET /v1/orders?client_id=` looks up.
/// Migration 5 adds `server_events`, the live events of `GET /v1/events` (`ServerStore+Events`): one row per change,
/// written in the change's own transaction; `AUTOINCREMENT` so a sequence number is never reused, even after the
/// oldest rows are pruned. Orders get a `status` column beside the body's, so orders still `confirmed` are found
/// without reading every body.
enum StoreSchema {
    /// Fills the search index from the products (on an empty index): each product's rank by popularity (rating,
    /// highest first, unrated last, then catalog order) becomes its row id in `server_search`, so FTS5, which walks
    /// matches in row-id order, meets the most popular matches first and a query stops after the page it needs.
    /// `prefix='1 2 3 4'` keeps a ready list for every prefix of up to 4 characters, so short prefixes (the first
    /// letters a user types) are read like one word instead of by merging every word they begin.
    static let searchIndexFill: SQL = """
        INSERT INTO server_search_rank (rank, product_seq)
            SELECT row_number() OVER (ORDER BY rating IS NULL, rating DESC, seq), seq FROM server_products;
        INSERT INTO server_search (rowid, title, description)
            SELECT r.rank, p.title, coalesce(p.description, '')
            FROM server_search_rank r JOIN server_products p ON p.seq = r.product_seq;
        INSERT INTO server_search (server_search) VALUES ('optimize');
        """

    static let migrations = MigrationGroup(
        tablePrefix: "server_",
        migrations: [
            Migration(
                "server_1_create_catalog",
                sql: """
                    CREATE TABLE server_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    CREATE TABLE server_products (
                        seq INTEGER PRIMARY KEY,
                        id TEXT NOT NULL UNIQUE,
                        title TEXT NOT NULL,
                        description TEXT,
                        price_minor INTEGER NOT NULL,
                        image_url TEXT,
                        availability TEXT,
                        stock INTEGER NOT NULL,
                        rating REAL
                    );
                    CREATE VIRTUAL TABLE server_products_fts USING fts5(
                        title, description, content='server_products', content_rowid='seq',
                        tokenize='unicode61 remove_diacritics 2'
                    );
                    CREATE TABLE server_posts (
                        seq INTEGER PRIMARY KEY,
                        id TEXT NOT NULL UNIQUE,
                        author_name TEXT NOT NULL,
                        caption TEXT,
                        image_url TEXT,
                        like_count INTEGER NOT NULL,
                        created_at TEXT NOT NULL,
                        created_ms INTEGER NOT NULL,
                        kind TEXT NOT NULL,
                        product_id TEXT
                    );
                    CREATE INDEX server_posts_by_time ON server_posts (created_ms DESC, seq DESC);
                    """),
            Migration(
                "server_2_create_accounts_and_orders",
                sql: """
                    CREATE TABLE server_users (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                    CREATE TABLE server_sessions (
                        token_hash TEXT PRIMARY KEY,
                        user_id TEXT NOT NULL REFERENCES server_users (id),
                        created_at TEXT NOT NULL
                    );
                    CREATE TABLE server_likes (
                        post_seq INTEGER NOT NULL REFERENCES server_posts (seq),
                        user_id TEXT NOT NULL REFERENCES server_users (id),
                        PRIMARY KEY (post_seq, user_id)
                    );
                    CREATE TABLE server_card_tokens (
                        token TEXT PRIMARY KEY,
                        user_id TEXT NOT NULL REFERENCES server_users (id),
                        brand TEXT NOT NULL,
                        last4 TEXT NOT NULL,
                        created_at TEXT NOT NULL
                    );
                    CREATE TABLE server_orders (
                        seq INTEGER PRIMARY KEY,
                        id TEXT NOT NULL UNIQUE,
                        user_id TEXT NOT NULL REFERENCES server_users (id),
                        client_id TEXT NOT NULL,
                        total_minor INTEGER NOT NULL,
                        body BLOB NOT NULL,
                        placed_at TEXT NOT NULL
                    );
                    CREATE INDEX server_orders_by_user ON server_orders (user_id, seq DESC);
                    CREATE TABLE server_order_items (
                        order_seq INTEGER NOT NULL REFERENCES server_orders (seq),
                        product_id TEXT NOT NULL,
                        quantity INTEGER NOT NULL,
                        unit_price_minor INTEGER NOT NULL
                    );
                    CREATE TABLE server_idempotency_keys (
                        user_id TEXT NOT NULL REFERENCES server_users (id),
                        key TEXT NOT NULL,
                        body_hash TEXT NOT NULL,
                        status INTEGER NOT NULL,
                        response BLOB NOT NULL,
                        created_at TEXT NOT NULL,
                        PRIMARY KEY (user_id, key)
                    );
                    """),
            Migration(
                "server_3_strict_identity_and_lifetimes",
                sql: """
                    CREATE TABLE server_user_keys (
                        name_key TEXT PRIMARY KEY,
                        user_id TEXT NOT NULL REFERENCES server_users (id)
                    );
                    ALTER TABLE server_sessions ADD COLUMN expires_ms INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE server_card_tokens ADD COLUMN expires_ms INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE server_card_tokens ADD COLUMN used_by_order TEXT;
                    DROP INDEX server_posts_by_time;
                    CREATE INDEX server_posts_by_time_and_id ON server_posts (created_ms DESC, id DESC);
                    CREATE TABLE server_changes (scope TEXT PRIMARY KEY, version INTEGER NOT NULL);
                    INSERT INTO server_changes (scope, version) VALUES ('catalog', 1);
                    DROP TABLE server_products_fts;
                    CREATE TABLE server_search_rank (rank INTEGER PRIMARY KEY, product_seq INTEGER NOT NULL UNIQUE);
                    CREATE VIRTUAL TABLE server_search USING fts5(
                        title, description, content='', prefix='1 2 3 4',
                        tokenize='unicode61 remove_diacritics 2'
                    );
                    """ + searchIndexFill),
            Migration(
                "server_4_orders_by_client_id",
                sql: "CREATE INDEX server_orders_by_client_id ON server_orders (user_id, client_id, seq DESC);"),
            // The SHA-256 of the first request's exact body bytes, so a byte-identical replay is recognized without
            // parsing the body again; NULL for answers stored before (those replays take the canonical check).
            Migration(
                "server_5_idempotency_request_bytes",
                sql: "ALTER TABLE server_idempotency_keys ADD COLUMN request_sha256 TEXT;"),
            // The feed's change counter, kept by triggers on every write to posts and likes (in any process), so
            // feed answers can be kept in memory and dropped when the counter moves.
            Migration(
                "server_6_feed_change_counter",
                sql: """
                    INSERT OR IGNORE INTO server_changes (scope, version) VALUES ('feed', 1);
                    CREATE TRIGGER server_posts_insert_changes_feed AFTER INSERT ON server_posts
                    BEGIN UPDATE server_changes SET version = version + 1 WHERE scope = 'feed'; END;
                    CREATE TRIGGER server_posts_update_changes_feed AFTER UPDATE ON server_posts
                    BEGIN UPDATE server_changes SET version = version + 1 WHERE scope = 'feed'; END;
                    CREATE TRIGGER server_posts_delete_changes_feed AFTER DELETE ON server_posts
                    BEGIN UPDATE server_changes SET version = version + 1 WHERE scope = 'feed'; END;
                    CREATE TRIGGER server_likes_insert_changes_feed AFTER INSERT ON server_likes
                    BEGIN UPDATE server_changes SET version = version + 1 WHERE scope = 'feed'; END;
                    CREATE TRIGGER server_likes_update_changes_feed AFTER UPDATE ON server_likes
                    BEGIN UPDATE server_changes SET version = version + 1 WHERE scope = 'feed'; END;
                    CREATE TRIGGER server_likes_delete_changes_feed AFTER DELETE ON server_likes
                    BEGIN UPDATE server_changes SET version = version + 1 WHERE scope = 'feed'; END;
                    """),
            Migration(
                "server_7_events",
                sql: """
                    CREATE TABLE server_events (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL,
                        user_id TEXT,
                        data TEXT NOT NULL,
                        created_ms INTEGER NOT NULL
                    );
                    ALTER TABLE server_orders ADD COLUMN status TEXT NOT NULL DEFAULT 'confirmed';
                    CREATE INDEX server_orders_confirmed ON server_orders (seq) WHERE status = 'confirmed';
                    """),
        ])
}
