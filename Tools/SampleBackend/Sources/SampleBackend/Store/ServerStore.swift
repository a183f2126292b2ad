import Foundation
import Logging
import Persistence

/// The server's data: one SQLite database through Core/Persistence, created and seeded on first start.
final class ServerStore: Sendable {
    /// What `prepare` found or did.
    struct Preparation: Sendable {
        /// Whether this start seeded the database (false: it was seeded before).
        var seeded: Bool
        /// How long seeding took (zero when nothing was seeded).
        var seedingDuration: Duration
        /// The id of this server data set (`server_meta.instance_id`): made once, when the database first opens
        /// without one, and kept for as long as the database lives; a fresh data directory gets a new one.
        var instanceID: String
        /// The seed the stored data was generated from: this start's `--seed` when it seeded, else the one recorded
        /// when the data was seeded (a later start with another `--seed` keeps the data, and its pictures must match
        /// the data, and what other processes over the same file serve, not the flag).
        var dataSeed: UInt64
    }

    let database: Database
    let generator: CatalogGenerator
    private let logger: Logger

    /// Describes the store; nothing is opened until `prepare()`.
    ///
    /// - Throws: `MigrationError` when the server's migrations do not register.
    init(location: DatabaseLocation, seed: UInt64, catalog: CatalogConfiguration, logger: Logger) throws {
        var migrator = DatabaseMigrator()
        try migrator.register(StoreSchema.migrations)
        self.database = Database(
            location: location, migrator: migrator, configuration: DatabaseConfiguration(), logger: logger)
        self.generator = CatalogGenerator(seed: seed, catalog: catalog)
        self.logger = logger
    }

    /// Opens the database (running the migrations) and seeds it in one transaction when it holds no catalog yet.
    /// A store seeded earlier keeps its data, also when the seed or sizes differ now (that is logged).
    ///
    /// - Throws: the opening errors of `Database.open()`; `DatabaseError` when seeding fails (nothing of it is kept).
    func prepare() async throws -> Preparation {
        try await database.open()
        let clock = ContinuousClock()
        let started = clock.now
        let generator = self.generator
        let fingerprint =
            "seed=\(generator.seed) products=\(generator.catalog.productCount) "
            + "posts=\(generator.catalog.postCount) authors=\(generator.catalog.authorCount) "
            + "messy=\(generator.catalog.messyShare)"
            + (generator.catalog.uniformStock.map { " stock=\($0)" } ?? "")
        let candidateID = Self.makeInstanceID()
        let (existing, instanceID): (String?, String) = try await database.transaction { transaction in
            // Every process opening the file proposes an id; the first one stored wins and all read it back.
            try transaction.execute(
                "INSERT OR IGNORE INTO server_meta (key, value) VALUES ('instance_id', ?)", candidateID)
            let instanceID =
                try transaction.fetchOne(String.self, "SELECT value FROM server_meta WHERE key = 'instance_id'")
                ?? candidateID
            if let stored = try transaction.fetchOne(
                String.self, "SELECT value FROM server_meta WHERE key = 'catalog'")
            {
                return (stored, instanceID)
            }
            try Self.seed(generator, into: transaction)
            try transaction.execute("INSERT INTO server_meta (key, value) VALUES ('catalog', ?)", fingerprint)
            return (nil, instanceID)
        }
        if let existing {
            if existing != fingerprint {
                logger.notice(
                    "keeping the data seeded earlier",
                    metadata: ["stored": .string(existing), "requested": .string(fingerprint)])
            }
            let storedSeed = Self.seed(inFingerprint: existing)
            if storedSeed == nil {
                logger.warning(
                    "the stored catalog does not say its seed; pictures are drawn with this start's",
                    metadata: ["stored": .string(existing)])
            }
            return Preparation(
                seeded: false, seedingDuration: .zero, instanceID: instanceID,
                dataSeed: storedSeed ?? generator.seed)
        }
        return Preparation(
            seeded: true, seedingDuration: clock.now - started, instanceID: instanceID, dataSeed: generator.seed)
    }

    /// The `seed=N` part of a catalog fingerprint as `prepare()` stores it (`seed=1 products=5000 ...`); nil when
    /// it has none.
    static func seed(inFingerprint fingerprint: String) -> UInt64? {
        fingerprint.split(separator: " ").lazy.compactMap { part in
            part.hasPrefix("seed=") ? UInt64(part.dropFirst("seed=".count)) : nil
        }.first
    }

    /// Whether the stored data has a product (`kind` `.products`) or post (`.posts`) with this id: pictures exist
    /// for the rows there are, seeded or added later (`growFeed`), whatever sizes this start was given.
    func hasRow(kind: PictureCatalog.Kind, id: String) async throws -> Bool {
        try await database.read { reader in
            switch kind {
            case .products: try reader.fetchOne(Int.self, "SELECT 1 FROM server_products WHERE id = ?", id) != nil
            case .posts: try reader.fetchOne(Int.self, "SELECT 1 FROM server_posts WHERE id = ?", id) != nil
            }
        }
    }

    /// `srv_` and 16 random bytes in lowercase hex: unguessable, so two data sets never share an id.
    private static func makeInstanceID() -> String {
        var generator = SystemRandomNumberGenerator()
        return "srv_"
            + (0..<16).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }
            .joined()
    }

    /// Closes the database.
    func close() async {
        await database.close()
    }

    private static func seed(_ generator: CatalogGenerator, into transaction: DatabaseTransaction) throws {
        let products = generator.products()
        for (index, product) in products.enumerated() {
            try transaction.execute(
                """
                INSERT INTO server_products
                    (seq, id, title, description, price_minor, image_url, availability, stock, rating)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                index + 1, product.id, product.title, product.description, product.priceMinor, product.imageURL,
                product.availability, product.stock, product.rating)
        }
        try transaction.execute(StoreSchema.searchIndexFill)
        for (index, post) in generator.posts(productIDs: products.map(\.id)).enumerated() {
            try insert(post, seq: index + 1, into: transaction)
        }
    }

    static func insert(_ post: PostSeed, seq: Int, into transaction: DatabaseTransaction) throws {
        try transaction.execute(
            """
            INSERT INTO server_posts
                (seq, id, author_name, caption, image_url, like_count, created_at, created_ms, kind, product_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            seq, post.id, post.authorName, post.caption, post.imageURL, post.likeCount, post.createdAt,
            post.createdMilliseconds, post.kind, post.productID)
    }
}
