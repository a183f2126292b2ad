import Networking

/// The body of `POST /v1/payment-methods/card`: `{"number", "exp_month", "exp_year", "cvc"}`. Sent once and
/// dropped; never stored or logged (the client does not log bodies).
struct CardTokenRequestDTO: Encodable, Sendable {
    let number: String
    let expMonth: Int
    let expYear: Int
    let cvc: String
}

/// The answer of `POST /v1/payment-methods/card`: `{"token", "brand", "last4"}`.
struct CardTokenDTO: Decodable, Sendable {
    let token: String
    let brand: String?
    let last4: String?
}

/// `details` of `422 card_invalid`: `{"field": "number" | "exp_month" | "exp_year" | "cvc"}`.
struct CardInvalidDetailsDTO: Decodable, Sendable {
    let field: String?
}
