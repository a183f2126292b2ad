import Foundation
import Persistence

/// A card token issued to a user.
struct CardTokenRow: Decodable, Sendable {
    let token: String
    let brand: String
    let last4: String
}

extension ServerStore {
    /// Signs `userName` in: finds or creates the user and stores a session under the token's hash.
    ///
    /// - Returns: the user.
    func createSession(userName: String, tokenHash: String, createdAt: String) async throws -> UserRow {
        try await database.transaction { transaction in
            let user: UserRow
            if let existing = try transaction.fetchOne(
                UserRow.self, "SELECT id, name FROM server_users WHERE name = ?", userName)
            {
                user = existing
            } else {
                let count = try transaction.fetchOne(Int.self, "SELECT count(*) FROM server_users") ?? 0
                user = UserRow(id: "user_\(count + 1)", name: userName)
                try transaction.execute("INSERT INTO server_users (id, name) VALUES (?, ?)", user.id, user.name)
            }
            try transaction.execute(
                "INSERT INTO server_sessions (token_hash, user_id, created_at) VALUES (?, ?, ?)",
                tokenHash, user.id, createdAt)
            return user
        }
    }

    /// The user whose session has this token hash, or nil.
    func user(tokenHash: String) async throws -> UserRow? {
        try await database.read { reader in
            try reader.fetchOne(
                UserRow.self,
                """
                SELECT u.id, u.name FROM server_sessions s JOIN server_users u ON u.id = s.user_id
                WHERE s.token_hash = ?
                """,
                tokenHash)
        }
    }

    /// Ends the session with this token hash.
    func deleteSession(tokenHash: String) async throws {
        try await database.transaction { transaction in
            try transaction.execute("DELETE FROM server_sessions WHERE token_hash = ?", tokenHash)
        }
    }

    /// Keeps a card token for the user (brand and last four digits only; never the number).
    func storeCardToken(_ token: CardTokenRow, userID: String, createdAt: String) async throws {
        try await database.transaction { transaction in
            try transaction.execute(
                "INSERT INTO server_card_tokens (token, user_id, brand, last4, created_at) VALUES (?, ?, ?, ?, ?)",
                token.token, userID, token.brand, token.last4, createdAt)
        }
    }
}
