import Persistence

/// The checkout's tables in the account database, all under the `checkout_` prefix.
///
/// The App registers `migrations` with the account database's `DatabaseMigrator`, beside the other packages'
/// groups. Migrations are append-only: never edit, reorder or remove one that has shipped.
public enum CheckoutStorage {
    /// The table prefix every checkout schema object uses.
    public static let tablePrefix = "checkout_"

    /// The checkout's migrations, oldest first:
    /// - `checkout_1_create_cart_lines`: `checkout_cart_lines` (one row per product; price as integer minor units
    ///   and an ISO 4217 code, quantity checked to be 1 to 99, `position` keeping the order lines were added);
    /// - `checkout_2_create_drafts`: `checkout_drafts` (one row per saved checkout flow, keyed by flow id, the draft
    ///   as JSON with money in integer minor units);
    /// - `checkout_3_create_submissions`: `checkout_submissions` (one row per order submission, keyed by its
    ///   `client_id`, the idempotency key: the fingerprint and basis of what it orders, its state, the order id once
    ///   known, the claiming process and timestamps). A unique partial index allows one open row (`pending` or
    ///   `unknown`) per account database, so two processes can never both hold an open submission;
    /// - `checkout_4_record_placements`: `checkout_submissions.placed_seq` (1, 2, … in the order submissions were
    ///   recorded placed, so a flow can tell a placement made after it read the cart from an older one) and
    ///   `checkout_retired_flows` (one row per flow that ended with an order: its draft was deleted in the
    ///   transaction that recorded the order, and a run that had resumed it cannot save it again).
    public static let migrations = MigrationGroup(
        tablePrefix: tablePrefix,
        migrations: [
            Migration(
                "checkout_1_create_cart_lines",
                sql: """
                    CREATE TABLE checkout_cart_lines (
                        product_id TEXT PRIMARY KEY NOT NULL,
                        position INTEGER NOT NULL,
                        title TEXT NOT NULL,
                        unit_price_minor INTEGER NOT NULL,
                        currency TEXT NOT NULL,
                        quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
                        availability TEXT NOT NULL,
                        image_url TEXT
                    );
                    CREATE INDEX checkout_cart_lines_by_position ON checkout_cart_lines (position);
                    """
            ),
            Migration(
                "checkout_2_create_drafts",
                sql: """
                    CREATE TABLE checkout_drafts (
                        flow_id TEXT PRIMARY KEY NOT NULL,
                        step TEXT NOT NULL,
                        saved_at TEXT NOT NULL,
                        body TEXT NOT NULL
                    );
                    """
            ),
            Migration(
                "checkout_3_create_submissions",
                sql: """
                    CREATE TABLE checkout_submissions (
                        client_id TEXT PRIMARY KEY NOT NULL,
                        fingerprint TEXT NOT NULL,
                        basis TEXT NOT NULL,
                        state TEXT NOT NULL
                            CHECK (state IN ('pending', 'unknown', 'placed', 'failed', 'abandoned')),
                        order_id TEXT,
                        owner_pid INTEGER,
                        created_at TEXT NOT NULL,
                        updated_at TEXT NOT NULL
                    );
                    CREATE UNIQUE INDEX checkout_submissions_one_open
                        ON checkout_submissions ((state IN ('pending', 'unknown')))
                        WHERE state IN ('pending', 'unknown');
                    """
            ),
            Migration(
                "checkout_4_record_placements",
                sql: """
                    ALTER TABLE checkout_submissions ADD COLUMN placed_seq INTEGER;
                    CREATE TABLE checkout_retired_flows (
                        flow_id TEXT PRIMARY KEY NOT NULL,
                        client_id TEXT NOT NULL,
                        order_id TEXT NOT NULL,
                        retired_at TEXT NOT NULL
                    );
                    """
            ),
        ]
    )
}
