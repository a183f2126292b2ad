/// "Signed out, token expired": the server stopped accepting the session's token (it expired or was revoked
/// elsewhere), so the app signed the user out on its own.
///
/// The token was deleted; the user's data on this device was not (changes not yet sent are pushed when the same user
/// signs in again). The notice stays until the next sign-in or `AccountFeature.dismissSessionEnded()`, also across
/// launches.
public struct SessionEnded: Sendable, Hashable {
    /// The user whose session ended.
    public let user: AccountUser

    /// Creates the notice for `user`.
    public init(user: AccountUser) {
        self.user = user
    }

    /// What happened and what to do, for a banner or a command's output.
    public var message: String {
        "Your session as \(user.name) has ended: the server no longer accepts it (it expired or was revoked). "
            + "Sign in again to continue; \(user.name)'s data on this device is kept until then."
    }
}
