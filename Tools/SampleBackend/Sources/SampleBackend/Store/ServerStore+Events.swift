import Foundation
import Persistence

/// One row of `server_events`: a change as `GET /v1/events` sends it.
struct EventRow: Decodable, Sendable, Equatable {
    /// The row's sequence number, increasing and never reused (the number in the event id).
    let seq: Int64
    /// The event name: `post.created`, `post.likes` or `order.status`.
    let name: String
    /// The user the event is for (an order's owner), or nil for everyone.
    let userID: String?
    /// The event's JSON data, as sent.
    let data: String

    enum CodingKeys: String, CodingKey {
        case seq, name, data
        case userID = "user_id"
    }
}

/// The span of sequence numbers `server_events` holds now.
struct EventBounds: Sendable, Equatable {
    /// The oldest row kept (events at or after it can be replayed); nil when the table is empty.
    let oldest: Int64?
    /// The newest sequence number ever written (0 when none was).
    let newest: Int64
}

extension ServerStore {
    /// How many of the newest events the table keeps for replay; older rows are deleted as new ones are written.
    static let eventRetention: Int64 = 1000

    /// Writes an event in `transaction`, so it commits or rolls back with the change it describes, and deletes the
    /// rows that fell out of the replay window (`eventRetention`).
    ///
    /// - Parameters:
    ///   - name: The event name (openapi.yaml, `GET /v1/events`).
    ///   - data: The event's JSON text (one line: JSON writers here never emit a raw newline).
    ///   - userID: The only user who receives it, or nil for everyone.
    static func appendEvent(
        _ name: String, data: String, userID: String? = nil, nowMilliseconds: Int64,
        in transaction: DatabaseTransaction
    ) throws {
        try transaction.execute(
            "INSERT INTO server_events (name, user_id, data, created_ms) VALUES (?, ?, ?, ?)", name, userID, data,
            nowMilliseconds)
        let seq = transaction.lastInsertedRowID
        try transaction.execute("DELETE FROM server_events WHERE seq <= ?", seq - eventRetention)
    }

    /// The events after `seq`, oldest first, at most `limit`; order events only for `userID` (none when nil).
    func events(after seq: Int64, userID: String?, limit: Int) async throws -> [EventRow] {
        try await database.read { reader in
            try reader.fetchAll(
                EventRow.self,
                """
                SELECT seq, name, user_id, data FROM server_events
                WHERE seq > ? AND (user_id IS NULL OR user_id = ?) ORDER BY seq LIMIT ?
                """, seq, userID, limit)
        }
    }

    /// The events after `seq` for every user, oldest first, at most `limit`: what a server feeds its streams.
    func allEvents(after seq: Int64, limit: Int) async throws -> [EventRow] {
        try await database.read { reader in
            try reader.fetchAll(
                EventRow.self,
                "SELECT seq, name, user_id, data FROM server_events WHERE seq > ? ORDER BY seq LIMIT ?", seq, limit)
        }
    }

    /// The oldest kept and the newest written sequence numbers.
    func eventBounds() async throws -> EventBounds {
        try await database.read { reader in
            let oldest = try reader.fetchOne(Int64.self, "SELECT seq FROM server_events ORDER BY seq LIMIT 1")
            // sqlite_sequence remembers the newest AUTOINCREMENT value even when every row was pruned.
            let newest =
                try reader.fetchOne(Int64.self, "SELECT seq FROM sqlite_sequence WHERE name = 'server_events'") ?? 0
            return EventBounds(oldest: oldest, newest: max(newest, oldest ?? 0))
        }
    }

    /// Moves every order still `confirmed` and placed at or before `cutoff` (milliseconds since 1970) to `shipped`,
    /// with an `order.status` event for its owner in the same transaction (at most 200 orders per call).
    ///
    /// - Returns: the ids of the orders moved.
    func shipOrders(placedBefore cutoff: Int64, now: Int64) async throws -> [String] {
        try await database.transaction { transaction in
            let rows = try transaction.fetchRows(
                "SELECT seq, user_id, body FROM server_orders WHERE status = 'confirmed' ORDER BY seq LIMIT 200")
            var shipped: [String] = []
            for row in rows {
                let seq = try row.value("seq", as: Int64.self)
                let userID = try row.value("user_id", as: String.self)
                let body = try row.value("body", as: Data.self)
                let order = try JSONCoding.decoder().decode(OrderPayload.self, from: body)
                guard let placed = Self.milliseconds(rfc3339: order.placedAt), placed <= cutoff else { continue }
                let moved = OrderPayload(
                    id: order.id, clientID: order.clientID, status: "shipped", items: order.items,
                    shipping: order.shipping, payment: order.payment, total: order.total, placedAt: order.placedAt)
                try transaction.execute(
                    "UPDATE server_orders SET status = 'shipped', body = ? WHERE seq = ?",
                    try JSONCoding.encoder().encode(moved), seq)
                try Self.appendEvent(
                    "order.status",
                    data: Self.orderStatusData(id: order.id, status: "shipped", changedMilliseconds: now),
                    userID: userID, nowMilliseconds: now, in: transaction)
                shipped.append(order.id)
            }
            return shipped
        }
    }

    /// Milliseconds since 1970 of an RFC 3339 UTC timestamp as `Timestamp` writes it, with or without fractional
    /// seconds; nil for other text.
    static func milliseconds(rfc3339 text: String) -> Int64? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text).map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
    }

    /// `{"order_id", "status", "changed_at"}`, the data of `order.status`.
    static func orderStatusData(id: String, status: String, changedMilliseconds: Int64) -> String {
        var writer = JSONWriter(capacity: 128)
        writer.object { writer in
            writer.key("changed_at")
            writer.string(Timestamp.string(milliseconds: changedMilliseconds, fractional: true))
            writer.key("order_id")
            writer.string(id)
            writer.key("status")
            writer.string(status)
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `{"post_id", "like_count"}`, the data of `post.likes`.
    static func postLikesData(postID: String, likeCount: Int) -> String {
        var writer = JSONWriter(capacity: 96)
        writer.object { writer in
            writer.key("like_count")
            writer.integer(likeCount)
            writer.key("post_id")
            writer.id(WireID(postID))
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The `Post` with row number `seq` as seen by nobody in particular (`liked_by_me` false): the data of
    /// `post.created`.
    static func postCreatedData(seq: Int, in transaction: DatabaseTransaction) throws -> String? {
        let noUser: String? = nil
        guard
            let row = try transaction.fetchRows(
                "SELECT " + postColumns + " FROM server_posts p WHERE p.seq = ?", noUser, seq
            ).first
        else { return nil }
        var writer = JSONWriter(capacity: 512)
        PostPayload(try PostRow(row), origin: nil).write(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
