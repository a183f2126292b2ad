import Persistence

/// A session the server created at sign-in: the user and the bearer token (RFC 6750) that authenticates the user's
/// requests. The token is a `Secret`, so printing or logging the value shows `<secret>`.
public struct NewSession: Sendable, Hashable {
    /// The signed-in user.
    public let user: AccountUser
    /// The bearer token.
    public let token: Secret

    /// Creates a session.
    public init(user: AccountUser, token: Secret) {
        self.user = user
        self.token = token
    }
}
