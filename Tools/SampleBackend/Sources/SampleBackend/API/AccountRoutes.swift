import Foundation

/// `POST`, `GET` and `DELETE /v1/session`, `POST /v1/payment-methods/card`.
extension StorefrontAPI {
    private struct SessionRequest: Decodable {
        let userName: String

        enum CodingKeys: String, CodingKey {
            case userName = "user_name"
        }
    }

    private struct CardRequest: Decodable {
        let number: String
        let expMonth: Int
        let expYear: Int
        let cvc: String

        enum CodingKeys: String, CodingKey {
            case number, cvc
            case expMonth = "exp_month"
            case expYear = "exp_year"
        }
    }

    /// `POST /v1/session {"user_name"}` (no auth): 201 `{"token", "user": {"id", "name"}, "expires_in",
    /// "instance_id"}`.
    ///
    /// A demo sign-in: the same name is the same user, and so are its look-alike spellings (`UserName`: NFKC, case
    /// folding, NFC). The token is 32 random bytes in base64url; only its SHA-256 hash is stored, so the database
    /// never holds a usable token. It expires after `sessionLifetime` (`expires_in` in the answer, in seconds).
    /// `instance_id` names the server's data set: a reset (a fresh data directory) issues `user_1` again to
    /// someone else, so clients key what they keep by instance id and user id together.
    func createSession(_ routed: RoutedRequest) async throws -> HTTPResponse {
        let body = try RequestSupport.decodeBody(SessionRequest.self, from: routed.request)
        let name = try UserName(body.userName)
        let token = "sf_" + Self.randomToken(byteCount: 32)
        let user = try await store.createSession(
            userName: name, tokenHash: SHA256.hexDigest(Array(token.utf8)), createdAt: timestamp(),
            expiresMilliseconds: nowMilliseconds() + Self.milliseconds(sessionLifetime))
        return try RequestSupport.json(
            SessionPayload(
                token: token, user: SessionPayload.User(id: user.id, name: user.name),
                expiresIn: sessionLifetime.components.seconds, instanceID: instanceID), status: 201)
    }

    /// `GET /v1/session` (auth required): 200 `{"user": {"id", "name"}, "instance_id"}` while the token stands; 401
    /// `unauthorized` for a token this data set never issued (after a reset), revoked or expired. Lets a client ask
    /// whether the session it stored still stands before it says who is signed in.
    func currentSession(_ routed: RoutedRequest) async throws -> HTTPResponse {
        let user = try await requiredUser(of: routed.request)
        return try RequestSupport.json(
            CurrentSessionPayload(user: SessionPayload.User(id: user.id, name: user.name), instanceID: instanceID))
    }

    /// `DELETE /v1/session` (auth required): 204; the token stops working at once.
    func deleteSession(_ routed: RoutedRequest) async throws -> HTTPResponse {
        _ = try await requiredUser(of: routed.request)
        let token = routed.request.headers["Authorization"].flatMap(Self.bearerToken) ?? ""
        try await store.deleteSession(tokenHash: SHA256.hexDigest(Array(token.utf8)))
        return HTTPResponse(status: 204)
    }

    /// `POST /v1/payment-methods/card {"number", "exp_month", "exp_year", "cvc"}` (auth required):
    /// `{"token", "brand", "last4"}`. The number is checked and dropped: neither stored nor logged. The token pays
    /// for one order, within `cardTokenLifetime`.
    func tokenizeCard(_ routed: RoutedRequest) async throws -> HTTPResponse {
        let user = try await requiredUser(of: routed.request)
        let body = try RequestSupport.decodeBody(CardRequest.self, from: routed.request)
        let today = Timestamp.yearAndMonth(milliseconds: Int64((now().timeIntervalSince1970 * 1000).rounded(.down)))
        let card = try PaymentCard(
            number: body.number, expiryMonth: body.expMonth, expiryYear: body.expYear, cvc: body.cvc,
            currentYear: today.year, currentMonth: today.month)
        let token = CardTokenRow(
            token: "card_tok_" + Self.randomToken(byteCount: 16), brand: card.brand, last4: card.last4)
        try await store.storeCardToken(
            token, userID: user.id, createdAt: timestamp(),
            expiresMilliseconds: nowMilliseconds() + Self.milliseconds(cardTokenLifetime))
        return try RequestSupport.json(CardTokenPayload(token: token.token, brand: token.brand, last4: token.last4))
    }

    private static func randomToken(byteCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
