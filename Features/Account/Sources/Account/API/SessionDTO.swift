import Models

/// The body of `POST /v1/session` (API contract): `{"user_name": "ada"}`.
struct SessionRequestDTO: Encodable, Sendable {
    /// The name to sign in with, trimmed; the server maps the same name to the same user.
    let userName: String
}

/// The 201 answer of `POST /v1/session` (API contract):
/// `{"token": "…", "instance_id": "srv_…", "user": {"id": "user_1", "name": "ada"}}`.
///
/// `user.id` may arrive as a string or a number (`Identifier` accepts both); `user.name` is usually present, and the
/// name that was sent stands in when it is not. The token is a bearer token (RFC 6750): it never appears in this
/// value's description.
struct SessionDTO: Decodable, Sendable, CustomStringConvertible {
    /// The user the token belongs to.
    struct User: Decodable, Sendable {
        let id: UserID
        let name: String?
    }

    let token: String
    let user: User
    /// The server's data set (`instance_id`, required by the contract); nil when a server left it out, which the
    /// repository refuses: local data could not be kept apart from another data set's `user_1` without it.
    let instanceId: String?

    /// The user id and a placeholder for the token, for messages and logs.
    var description: String { "SessionDTO(user: \(user.id), token: <secret>)" }
}

/// The 200 answer of `GET /v1/session` (API contract): `{"user": {"id": "user_1", "name": "ada"}, "instance_id":
/// "srv_…"}`, whose the bearer token is.
struct CurrentSessionDTO: Decodable, Sendable {
    let user: SessionDTO.User
    let instanceId: String?
}
