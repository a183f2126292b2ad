import Networking

extension Endpoint where Response == SessionDTO {
    /// `POST /v1/session {"user_name"}`, sent without a token (API contract: a demo sign-in by name). It carries no
    /// idempotency key, so the client never repeats it on its own: a repeat could create a second session.
    static func createSession(userName: String) -> Endpoint {
        Endpoint(.post, "/v1/session", body: SessionRequestDTO(userName: userName), authentication: .none)
    }
}

extension Endpoint where Response == CurrentSessionDTO {
    /// `GET /v1/session` with the bearer token (API contract: 200 while the session stands, 401 when the server does
    /// not know the token, such as after its data was reset). Tried once: the question is asked before a sign-in,
    /// and a server that cannot be reached leaves the stored session as it is.
    static var currentSession: Endpoint {
        var endpoint = Endpoint(.get, "/v1/session", authentication: .required)
        endpoint.retryPolicy = .noRetries
        return endpoint
    }
}

extension Endpoint where Response == EmptyResponse {
    /// `DELETE /v1/session` with the bearer token (API contract: 204, and the token stops working at once).
    ///
    /// Tried once: sign-out goes on locally whatever the answer, so waiting through retries for a server that cannot
    /// be reached would only delay it.
    static var deleteSession: Endpoint {
        var endpoint = Endpoint(.delete, "/v1/session", authentication: .required)
        endpoint.retryPolicy = .noRetries
        return endpoint
    }
}

extension Endpoint where Response == EmptyResponse {
    /// `DELETE /v1/session` with `token` instead of the current session's: revokes a session an earlier version
    /// stored, and its 204 proves that this server issued it (a server whose data was reset answers 401). Tried once.
    static func deleteSession(token: String) -> Endpoint {
        var endpoint = Endpoint(.delete, "/v1/session", authentication: .bearer(token))
        endpoint.retryPolicy = .noRetries
        return endpoint
    }
}
