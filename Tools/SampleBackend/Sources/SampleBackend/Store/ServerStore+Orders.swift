import Foundation
import Models
import Persistence

/// Everything order placement needs, checked for shape already.
struct OrderPlacement: Sendable {
    let userID: String
    let idempotencyKey: String
    let bodyHash: String
    /// The SHA-256 (hex) of the body's exact bytes (`ServerStore.storedAnswer(userID:key:requestSHA256:)`).
    let requestSHA256: String
    let request: OrderRequest
    let shipping: ShippingOptionPayload
    let currency: Currency
    let placedAt: String
    /// `placedAt` in milliseconds since 1970: card tokens must not have expired by then.
    let placedMilliseconds: Int64
}

/// What placing an order came to.
enum OrderPlacementResult: Sendable {
    /// The order was committed now; the answer (201) is stored under the key.
    case placed(body: Data)
    /// The order was refused for a reason stored under the key (409 `out_of_stock`, `price_changed`), so a replay
    /// gets the same answer.
    case refused(status: Int, body: Data)
    /// The key was used before with the same body: the stored answer.
    case replayed(status: Int, body: Data)
    /// Refused without storing anything (a reused key with another body, an unknown product or card token).
    case rejected(APIError)
}

private struct StoredAnswer: Decodable {
    let bodyHash: String
    let status: Int
    let response: Data

    enum CodingKeys: String, CodingKey {
        case status, response
        case bodyHash = "body_hash"
    }
}

extension ServerStore {
    /// Places an order in one transaction: the idempotency check, the stock and price checks, the order, the stock
    /// decrement and the stored answer commit together or not at all.
    func placeOrder(_ placement: OrderPlacement) async throws -> OrderPlacementResult {
        try await database.transaction { transaction in
            if let earlier = try Self.earlierAnswer(to: placement, in: transaction) {
                return earlier
            }
            let result = try Self.checkAndInsert(placement, transaction)
            switch result {
            case .placed(let body):
                try Self.storeAnswer(status: 201, body: body, placement, transaction)
            case .refused(let status, let body):
                try Self.storeAnswer(status: status, body: body, placement, transaction)
            case .replayed, .rejected:
                break
            }
            return result
        }
    }

    /// What the key's first request came to, when one was stored under it: `.replayed` (the same body) or
    /// `.rejected` (422 `idempotency_key_reused`); nil for a key not used yet.
    private static func earlierAnswer(to placement: OrderPlacement, in database: some DatabaseQuerying) throws
        -> OrderPlacementResult?
    {
        guard
            let stored = try database.fetchOne(
                StoredAnswer.self,
                "SELECT body_hash, status, response FROM server_idempotency_keys WHERE user_id = ? AND key = ?",
                placement.userID, placement.idempotencyKey)
        else { return nil }
        guard stored.bodyHash == placement.bodyHash else {
            return .rejected(
                APIError(
                    status: 422, code: "idempotency_key_reused",
                    message: "This Idempotency-Key was used with a different request body; "
                        + "use a new key for a new order."))
        }
        return .replayed(status: stored.status, body: stored.response)
    }

    /// The answer stored under the user's key when its first request had exactly these body bytes (their SHA-256,
    /// hex), as `(status, body)`; nil otherwise (another body, a key not used yet, or one stored before the bytes'
    /// hash was kept), when `placeOrder` decides. Blocks the calling thread for the read (`Database.readBlocking`).
    ///
    /// Byte-identical bodies need no parsing: the first one passed every check and its canonical form, and the
    /// same bytes would pass them again and come to the same canonical hash.
    /// What a replayed `POST /v1/orders` needs, in one read transaction: the signed-in user of `tokenHash` (nil
    /// when the session is unknown or expired at `nowMilliseconds`), the session's expiry, and the answer stored
    /// for that user's `key` with this `requestSHA256` (nil when there is none). Blocks for the read.
    func replayLookup(
        tokenHash: String, nowMilliseconds: Int64, key: String, requestSHA256: String
    ) throws -> (user: UserRow, sessionExpiresMilliseconds: Int64, answer: (status: Int, body: Data)?)? {
        try database.readBlocking { reader in
            let sessions = try reader.fetchRows(
                """
                SELECT u.id, u.name, s.expires_ms FROM server_sessions s JOIN server_users u ON u.id = s.user_id
                WHERE s.token_hash = ? AND s.expires_ms > ?
                """,
                tokenHash, nowMilliseconds)
            guard let session = sessions.first else { return nil }
            let user = UserRow(id: try session.value("id"), name: try session.value("name"))
            let answers = try reader.fetchRows(
                """
                SELECT status, response FROM server_idempotency_keys
                WHERE user_id = ? AND key = ? AND request_sha256 = ?
                """,
                user.id, key, requestSHA256)
            let answer = try answers.first.map { row -> (status: Int, body: Data) in
                (try row.value("status"), try row.value("response"))
            }
            return (user, try session.value("expires_ms"), answer)
        }
    }

    func storedAnswer(userID: String, key: String, requestSHA256: String) throws -> (status: Int, body: Data)? {
        let rows = try database.readBlocking { reader in
            try reader.fetchRows(
                """
                SELECT status, response FROM server_idempotency_keys
                WHERE user_id = ? AND key = ? AND request_sha256 = ?
                """,
                userID, key, requestSHA256)
        }
        guard let row = rows.first else { return nil }
        return (try row.value("status"), try row.value("response"))
    }

    /// Up to `limit` of the user's orders placed before the order with sequence number `before`, newest first,
    /// and the sequence number to continue before (nil on the last page).
    func orders(userID: String, before: Int64?, limit: Int) async throws -> ([OrderPayload], Int64?) {
        let rows = try await database.read { reader in
            try reader.fetchRows(
                "SELECT seq, body FROM server_orders WHERE user_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?",
                userID, before ?? Int64.max, limit + 1)
        }
        let decoder = JSONCoding.decoder()
        let orders = try rows.prefix(limit).map { try decoder.decode(OrderPayload.self, from: $0.value("body")) }
        let next: Int64? = rows.count > limit ? try rows[limit - 1].value("seq") : nil
        return (orders, next)
    }

    /// The user's order with `id`; nil when there is none or it belongs to someone else.
    func order(id: String, userID: String) async throws -> OrderPayload? {
        let rows = try await database.read { reader in
            try reader.fetchRows("SELECT body FROM server_orders WHERE id = ? AND user_id = ?", id, userID)
        }
        return try rows.first.map { try JSONCoding.decoder().decode(OrderPayload.self, from: $0.value("body")) }
    }

    /// The user's newest order placed with `clientID` as its `client_id`; nil when there is none.
    func order(clientID: String, userID: String) async throws -> OrderPayload? {
        let rows = try await database.read { reader in
            try reader.fetchRows(
                "SELECT body FROM server_orders WHERE user_id = ? AND client_id = ? ORDER BY seq DESC LIMIT 1",
                userID, clientID)
        }
        return try rows.first.map { try JSONCoding.decoder().decode(OrderPayload.self, from: $0.value("body")) }
    }

    private static func storeAnswer(
        status: Int, body: Data, _ placement: OrderPlacement, _ transaction: DatabaseTransaction
    ) throws {
        try transaction.execute(
            """
            INSERT INTO server_idempotency_keys
                (user_id, key, body_hash, request_sha256, status, response, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            placement.userID, placement.idempotencyKey, placement.bodyHash, placement.requestSHA256, status, body,
            placement.placedAt)
    }

    private static func checkAndInsert(_ placement: OrderPlacement, _ transaction: DatabaseTransaction) throws
        -> OrderPlacementResult
    {
        let request = placement.request
        var payment = OrderPayload.Payment(method: request.payment.method, brand: nil, last4: nil)
        var cardToken: String?
        if request.payment.method == "card" {
            guard
                let card = try transaction.fetchOne(
                    CardTokenState.self,
                    """
                    SELECT token, brand, last4, expires_ms, used_by_order FROM server_card_tokens
                    WHERE token = ? AND user_id = ?
                    """,
                    request.payment.cardToken ?? "", placement.userID)
            else {
                return .rejected(
                    .validationFailed("payment.card_token", "The card token is unknown; tokenize the card again."))
            }
            guard card.usedByOrder == nil else {
                return .rejected(
                    .validationFailed(
                        "payment.card_token", "The card token was used by another order; tokenize the card again."))
            }
            guard card.expiresMilliseconds > placement.placedMilliseconds else {
                return .rejected(
                    .validationFailed("payment.card_token", "The card token has expired; tokenize the card again."))
            }
            cardToken = card.token
            payment = OrderPayload.Payment(method: "card", brand: card.brand, last4: card.last4)
        }
        var lines: [(ProductRow, Int)] = []
        var unknown: [String] = []
        for (productID, quantity) in request.quantitiesByProduct {
            if let product = try transaction.fetchRows(
                "SELECT " + productColumns + " FROM server_products p WHERE p.id = ?", productID
            ).first.map(ProductRow.init) {
                lines.append((product, quantity))
            } else {
                unknown.append(productID)
            }
        }
        guard unknown.isEmpty else {
            return .rejected(
                APIError(
                    status: 422, code: "unknown_product", message: "Some products do not exist.",
                    details: ["product_ids": .array(unknown.map { .string($0) })]))
        }
        let missing = lines.filter { product, quantity in product.stock < quantity }.map(\.0.id)
        if !missing.isEmpty {
            let error = APIError(
                status: 409, code: "out_of_stock", message: "Some products are not in stock in that quantity.",
                details: ["product_ids": .array(missing.map { .string($0) })])
            return .refused(status: 409, body: error.response.body)
        }
        let currency = placement.currency
        let items = try lines.map { product, quantity in
            let unitPrice = Money(amountMinor: product.priceMinor, currency: currency)
            return OrderPayload.Item(
                productID: WireID(product.id), title: product.title, quantity: quantity, unitPrice: unitPrice,
                lineTotal: try unitPrice * quantity)
        }
        let total = try Money.sum(items.map(\.lineTotal) + [placement.shipping.price], currency: currency)
        guard total == request.expectedTotal else {
            let error = APIError(
                status: 409, code: "price_changed",
                message: "The total is now \(total.description), not \(request.expectedTotal.description).",
                details: ["current_total": .money(total)])
            return .refused(status: 409, body: error.response.body)
        }
        let seq = (try transaction.fetchOne(Int64.self, "SELECT coalesce(max(seq), 0) FROM server_orders") ?? 0) + 1
        let order = OrderPayload(
            id: "ord_\(seq)", clientID: request.clientID, status: "confirmed", items: items,
            shipping: OrderPayload.Shipping(
                option: placement.shipping.id, price: placement.shipping.price, address: request.shippingAddress),
            payment: payment, total: total, placedAt: placement.placedAt)
        let body = try JSONCoding.encoder().encode(order)
        try transaction.execute(
            """
            INSERT INTO server_orders (seq, id, user_id, client_id, total_minor, body, placed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            seq, order.id, placement.userID, request.clientID, total.amountMinor, body, placement.placedAt)
        for (product, quantity) in lines {
            try transaction.execute(
                "INSERT INTO server_order_items (order_seq, product_id, quantity, unit_price_minor) VALUES (?, ?, ?, ?)",
                seq, product.id, quantity, product.priceMinor)
            try transaction.execute(
                "UPDATE server_products SET stock = stock - ? WHERE seq = ?", quantity, product.seq)
        }
        try catalogChanged(in: transaction)
        if let cardToken {
            try transaction.execute(
                "UPDATE server_card_tokens SET used_by_order = ? WHERE token = ?", order.id, cardToken)
        }
        try appendEvent(
            "order.status",
            data: orderStatusData(
                id: order.id, status: order.status, changedMilliseconds: placement.placedMilliseconds),
            userID: placement.userID, nowMilliseconds: placement.placedMilliseconds, in: transaction)
        return .placed(body: body)
    }
}
