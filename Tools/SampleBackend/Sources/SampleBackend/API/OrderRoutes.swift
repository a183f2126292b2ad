import Foundation

/// `POST /v1/orders`, `GET /v1/orders`, `GET /v1/orders/{id}`.
extension StorefrontAPI {
    /// `POST /v1/orders` with `Idempotency-Key` (auth required): 201 `Order`.
    ///
    /// The first answer under a key (201, or 409 `out_of_stock` / `price_changed`) is stored with the SHA-256 of
    /// the body's canonical JSON (keys sorted, so whitespace and key order do not matter). The same key with the
    /// same body gets the stored status and bytes again with `Idempotent-Replayed: true`; with another body,
    /// `422 idempotency_key_reused`. Totals are computed here in minor units: items' prices times quantities plus
    /// the shipping option's price; an `expected_total` that differs is `409 price_changed` with
    /// `details.current_total`. Keys are scoped to the user.
    /// - Throws: `APIError` 400 `missing_idempotency_key`, 400/422 for the body, 401 without a session.
    func placeOrder(_ routed: RoutedRequest) async throws -> HTTPResponse {
        let user = try await requiredUser(of: routed.request)
        return try Self.response(to: try await store.placeOrder(placement(of: routed.request, by: user)))
    }

    /// A replayed `POST /v1/orders` at once, with blocking reads and no write transaction: the stored answer when
    /// the key's first request had exactly these body bytes. Anything else is nil, for `placeOrder`: a new key
    /// (placed), a replay with other bytes (compared by canonical JSON), a reused key (422), so a new order's body
    /// is parsed once.
    ///
    /// A replay found once is kept in `replays` (keyed by the token, the key and the exact body bytes) while the
    /// database's commit stamp stays where it was before the lookup and the session has not expired, so a repeated
    /// replay needs no read at all; a revoked session, like any other commit, ends every kept replay.
    func replayOrder(_ routed: RoutedRequest) throws -> HTTPResponse? {
        let request = routed.request
        let now = nowMilliseconds()
        let stamp = commitWatch?.stamp()
        let token = request.headers["Authorization"].flatMap(Self.bearerToken)
        let sentKey = request.headers["Idempotency-Key"].map(RequestSupport.trimmingWhitespace)
        if let stamp, let token, let sentKey,
            let kept = replays.answer(
                token: token, key: sentKey, body: request.body, stamp: stamp, nowMilliseconds: now)
        {
            return try reusableReplay(status: kept.status, body: kept.body, until: kept.sessionExpiresMilliseconds)
        }
        guard let token else {
            _ = try userBlocking(of: request, required: true)
            return nil
        }
        let key: String
        do {
            key = try Self.idempotencyKey(of: request)
        } catch {
            // An unknown session is refused before a missing key, as on the full path.
            _ = try userBlocking(of: request, required: true)
            throw error
        }
        guard
            let found = try store.replayLookup(
                tokenHash: SHA256.hexDigest(Array(token.utf8)), nowMilliseconds: now, key: key,
                requestSHA256: SHA256.hexDigest(request.body))
        else {
            throw Self.unknownToken
        }
        guard let answer = found.answer else { return nil }
        if let stamp {
            replays.keep(
                answer, token: token, key: key, body: request.body, stamp: stamp,
                sessionExpiresMilliseconds: found.sessionExpiresMilliseconds)
        }
        return try reusableReplay(
            status: answer.status, body: answer.body, until: found.sessionExpiresMilliseconds)
    }

    /// A replayed answer, marked reusable for the server's fast lane (`ReusableAnswer`) while the session lasts.
    private func reusableReplay(status: Int, body: Data, until sessionExpiresMilliseconds: Int64) throws
        -> HTTPResponse
    {
        var response = try Self.response(to: .replayed(status: status, body: body))
        let now = self.now
        response.reusable = ReusableAnswer(
            response: response, entityTag: nil,
            isStillValid: { Self.milliseconds(sinceEpoch: now()) < sessionExpiresMilliseconds })
        return response
    }

    /// The request's `Idempotency-Key`, trimmed.
    /// - Throws: `APIError` 400 `missing_idempotency_key` when there is none or it is blank, 400 when it is longer
    ///   than 255 characters.
    private static func idempotencyKey(of request: HTTPRequest) throws -> String {
        guard let key = request.headers["Idempotency-Key"].map(RequestSupport.trimmingWhitespace),
            !RequestSupport.isBlank(key)
        else {
            throw APIError(
                status: 400, code: "missing_idempotency_key",
                message: "POST /v1/orders needs an Idempotency-Key header (one per submission, reused on retries).")
        }
        guard key.unicodeScalars.count <= 255 else {
            throw APIError.invalidRequest("The Idempotency-Key must be at most 255 characters.")
        }
        return key
    }

    /// The order `request` asks `user` to place, checked for shape.
    /// - Throws: `APIError` 400 `missing_idempotency_key`, 400/422 for the body.
    private func placement(of request: HTTPRequest, by user: UserRow) throws -> OrderPlacement {
        let key = try Self.idempotencyKey(of: request)
        let order = try RequestSupport.decodeBody(OrderRequest.self, from: request)
        try order.validate(currency: settings.currency)
        guard let shipping = settings.shippingOptions.first(where: { $0.id == order.shippingOption }) else {
            let known = settings.shippingOptions.map(\.id).joined(separator: ", ")
            throw APIError.validationFailed("shipping_option", "shipping_option must be one of: \(known).")
        }
        return OrderPlacement(
            userID: user.id, idempotencyKey: key, bodyHash: Self.canonicalHash(request.body),
            requestSHA256: SHA256.hexDigest(request.body), request: order,
            shipping: shipping, currency: settings.currency, placedAt: timestamp(),
            placedMilliseconds: nowMilliseconds())
    }

    private static func response(to result: OrderPlacementResult) throws -> HTTPResponse {
        switch result {
        case .placed(let body):
            return HTTPResponse(status: 201, headers: ["Content-Type": "application/json"], body: body)
        case .refused(let status, let body):
            return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
        case .replayed(let status, let body):
            return HTTPResponse(
                status: status, headers: ["Content-Type": "application/json", "Idempotent-Replayed": "true"],
                body: body)
        case .rejected(let error):
            throw error
        }
    }

    /// `GET /v1/orders?cursor=&limit=1..50` (auth required): `{"orders": [Order], "next_cursor"}`, newest first;
    /// `private, no-cache` with a per-user `ETag` (`HTTPCaching`).
    ///
    /// With `client_id` (the submission id a client sent in `POST /v1/orders`): that one `Order` of the signed-in
    /// user (the newest, should several share it), so a client whose answer was lost learns whether the order
    /// went through; `cursor` and `limit` are still checked but do not apply.
    /// - Throws: `APIError` 400 `invalid_parameter` for a bad `limit` or a blank or over-long `client_id`,
    ///   400 `invalid_cursor`, 401 without a session, 404 `not_found` when the user has no order with that
    ///   `client_id` (another user's order is not found either).
    func listOrders(_ routed: RoutedRequest) async throws -> HTTPResponse {
        let request = routed.request
        let user = try await requiredUser(of: request)
        let limit = try RequestSupport.integerParameter("limit", in: request, default: 20, range: 1...50)
        let before = try request.queryValue("cursor").flatMap { $0.isEmpty ? nil : $0 }.map(Cursor.ordersPosition)
        if let clientID = request.queryValue("client_id") {
            guard !RequestSupport.isBlank(clientID),
                RequestSupport.fits(clientID, scalars: 1...255, maximumBytes: 1020)
            else {
                throw APIError.invalidParameter(
                    "client_id", "client_id must be 1 to 255 Unicode scalars (at most 1020 bytes), not blank.")
            }
            guard let order = try await store.order(clientID: clientID, userID: user.id) else {
                throw APIError.notFound("You have no order with client_id \(clientID).")
            }
            return HTTPCaching.finish(
                try RequestSupport.json(order), for: request, policy: .privateAnswer(userID: user.id))
        }
        let (orders, next) = try await store.orders(userID: user.id, before: before, limit: limit)
        return HTTPCaching.finish(
            try RequestSupport.json(OrderPagePayload(orders: orders, nextCursor: next.map(Cursor.orders(before:)))),
            for: request, policy: .privateAnswer(userID: user.id))
    }

    /// `GET /v1/orders/{id}` (auth required): the signed-in user's `Order`; 404 for an unknown id and for another
    /// user's order alike, so ids of others cannot be probed.
    func order(_ routed: RoutedRequest) async throws -> HTTPResponse {
        let user = try await requiredUser(of: routed.request)
        let id = routed.parameter("id")
        guard let order = try await store.order(id: id, userID: user.id) else {
            throw APIError.notFound("There is no order \(id).")
        }
        return HTTPCaching.finish(
            try RequestSupport.json(order), for: routed.request, policy: .privateAnswer(userID: user.id))
    }

    /// The SHA-256 of the body's JSON with sorted keys and no insignificant whitespace.
    static func canonicalHash(_ body: Data) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
            let canonical = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else {
            return SHA256.hexDigest(body)
        }
        return SHA256.hexDigest(canonical)
    }
}
