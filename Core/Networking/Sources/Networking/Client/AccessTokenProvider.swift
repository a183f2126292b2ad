/// Supplies the bearer token for endpoints with `.optional` or `.required` authentication, and forgets it when the
/// server rejects it.
///
/// Features/Account implements it on top of its secret store and the App injects it into the `APIClient`.
/// Implementations must be safe to call concurrently (an actor is the natural choice).
public protocol AccessTokenProvider: Sendable {
    /// The current access token, or nil when nobody is signed in. Called once per attempt.
    func accessToken() async -> String?

    /// Called after the server answered 401 to a request that carried `token`. Forget the token only if it is still
    /// the current one: a 401 for a request sent before a new sign-in must not clear the newer token.
    func invalidateToken(_ token: String) async
}
