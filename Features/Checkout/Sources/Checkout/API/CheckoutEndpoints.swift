import Models
import Networking

extension Endpoint where Response == OrderDTO {
    /// `POST /v1/orders` with the submission id as `Idempotency-Key` (it is also the body's `client_id`), so the
    /// client may repeat the call after a lost answer and the server creates one order. Requires sign-in.
    static func placeOrder(_ body: OrderRequestDTO) -> Endpoint {
        Endpoint(.post, "/v1/orders", body: body, authentication: .required, idempotencyKey: body.clientId)
    }

    /// `GET /v1/orders/{id}`: one of the signed-in user's orders (404 for anyone else's).
    static func order(id: OrderID) -> Endpoint {
        Endpoint(.get, "/v1/orders/\(id)", authentication: .required)
    }

    /// `GET /v1/orders?client_id=`: the signed-in user's order placed with that submission id, or 404 (reconciling
    /// a submission whose outcome is unknown).
    static func order(clientID: String) -> Endpoint {
        Endpoint(.get, "/v1/orders", query: ["client_id": clientID], authentication: .required)
    }
}

extension Endpoint where Response == OrderPageDTO {
    /// `GET /v1/orders?cursor=&limit=`: a page of the signed-in user's orders, newest first.
    static func orders(cursor: String?, limit: Int) -> Endpoint {
        Endpoint(.get, "/v1/orders", query: ["cursor": cursor, "limit": String(limit)], authentication: .required)
    }
}

extension Endpoint where Response == CardTokenDTO {
    /// `POST /v1/payment-methods/card`: exchanges a card for a token. Requires sign-in; not repeated automatically
    /// (no idempotency key: a second attempt would only issue a second token).
    static func tokenizeCard(_ body: CardTokenRequestDTO) -> Endpoint {
        Endpoint(.post, "/v1/payment-methods/card", body: body, authentication: .required)
    }
}
