import Networking

/// An `AccessTokenProvider` holding its token in memory, recording what the client asked of it.
///
/// It follows the protocol's contract: `invalidateToken(_:)` clears the token only when it is still the one given.
public actor InMemoryTokenProvider: AccessTokenProvider {
    /// The current token, or nil (signed out).
    public private(set) var token: String?
    /// Every token the client invalidated, oldest first.
    public private(set) var invalidatedTokens: [String] = []
    /// How many times the client asked for the token.
    public private(set) var accessCount = 0

    /// Creates a provider holding `token`.
    public init(token: String?) {
        self.token = token
    }

    /// Replaces the token (a new sign-in, or nil for sign-out).
    public func setToken(_ token: String?) {
        self.token = token
    }

    /// Returns the current token and counts the call.
    public func accessToken() -> String? {
        accessCount += 1
        return token
    }

    /// Records `token` and clears the current token if it is `token`.
    public func invalidateToken(_ token: String) {
        invalidatedTokens.append(token)
        if self.token == token {
            self.token = nil
        }
    }
}
