import Foundation
import Persistence

/// A card token issued to a user.
struct CardTokenRow: Decodable, Sendable {
    let token: String
    let brand: String
    let last4: String
}

/// A card token with what decides whether an order may use it.
struct CardTokenState: Decodable, Sendable {
    let token: String
    let brand: String
    let last4: String
    let expiresMilliseconds: Int64
    let usedByOrder: String?

    enum CodingKeys: String, CodingKey {
        case token, brand, last4
        case expiresMilliseconds = "expires_ms"
        case usedByOrder = "used_by_order"
    }
}

extension ServerStore {
    /// Signs `userName` in: finds the user by the name's normalized key (or creates one, shown with this spelling)
    /// and stores a session under the token's hash that expires at `expiresMilliseconds`.
    ///
    /// - Returns: the user.
    func createSession(
        userName: UserName, tokenHash: String, createdAt: String, expiresMilliseconds: Int64
    ) async throws -> UserRow {
        try await database.transaction { transaction in
            let user: UserRow
            if let existing = try transaction.fetchOne(
                UserRow.self,
                "SELECT u.id, u.name FROM server_user_keys k JOIN server_users u ON u.id = k.user_id WHERE k.name_key = ?",
                userName.key)
            {
                user = existing
            } else if let earlier = try transaction.fetchOne(
                UserRow.self, "SELECT id, name FROM server_users WHERE name = ?", userName.display)
            {
                // A user created before names were keyed: link the key to it.
                user = earlier
                try transaction.execute(
                    "INSERT INTO server_user_keys (name_key, user_id) VALUES (?, ?)", userName.key, user.id)
            } else {
                let count = try transaction.fetchOne(Int.self, "SELECT count(*) FROM server_users") ?? 0
                user = UserRow(id: "user_\(count + 1)", name: userName.display)
                try transaction.execute("INSERT INTO server_users (id, name) VALUES (?, ?)", user.id, user.name)
                try transaction.execute(
                    "INSERT INTO server_user_keys (name_key, user_id) VALUES (?, ?)", userName.key, user.id)
            }
            try transaction.execute(
                "INSERT INTO server_sessions (token_hash, user_id, created_at, expires_ms) VALUES (?, ?, ?, ?)",
                tokenHash, user.id, createdAt, expiresMilliseconds)
            return user
        }
    }

    /// The user whose session has this token hash and has not expired at `nowMilliseconds`, or nil.
    func user(tokenHash: String, nowMilliseconds: Int64) async throws -> UserRow? {
        try await database.read { reader in
            try Self.user(in: reader, tokenHash: tokenHash, nowMilliseconds: nowMilliseconds)
        }
    }

    /// `user(tokenHash:nowMilliseconds:)` blocking the calling thread for the read (`Database.readBlocking`), for
    /// the server's own thread.
    func userBlocking(tokenHash: String, nowMilliseconds: Int64) throws -> UserRow? {
        try database.readBlocking { reader in
            try Self.user(in: reader, tokenHash: tokenHash, nowMilliseconds: nowMilliseconds)
        }
    }

    private static func user(in reader: DatabaseReader, tokenHash: String, nowMilliseconds: Int64) throws -> UserRow? {
        try reader.fetchOne(
            UserRow.self,
            """
            SELECT u.id, u.name FROM server_sessions s JOIN server_users u ON u.id = s.user_id
            WHERE s.token_hash = ? AND s.expires_ms > ?
            """,
            tokenHash, nowMilliseconds)
    }

    /// Ends the session with this token hash.
    func deleteSession(tokenHash: String) async throws {
        try await database.transaction { transaction in
            try transaction.execute("DELETE FROM server_sessions WHERE token_hash = ?", tokenHash)
        }
    }

    /// Keeps a card token for the user (brand and last four digits only; never the number), usable by one order
    /// until `expiresMilliseconds`.
    func storeCardToken(
        _ token: CardTokenRow, userID: String, createdAt: String, expiresMilliseconds: Int64
    ) async throws {
        try await database.transaction { transaction in
            try transaction.execute(
                """
                INSERT INTO server_card_tokens (token, user_id, brand, last4, created_at, expires_ms)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                token.token, userID, token.brand, token.last4, createdAt, expiresMilliseconds)
        }
    }
}
