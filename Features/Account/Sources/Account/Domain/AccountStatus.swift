/// Who is signed in, as plain values: what `storefront whoami` prints (its `message`, or the value encoded as JSON
/// with `--json`: `{"signed_in": true, "user": {"id": "user_1", "name": "ada"}, "session_ended": false}` with the
/// API's snake_case encoder).
public struct AccountStatus: Sendable, Hashable, Encodable {
    /// Whether a user is signed in.
    public let signedIn: Bool
    /// The signed-in user, or nil.
    public let user: AccountUser?
    /// Whether the last user's session ended on the server's side (see `SessionEnded`) and nobody signed in since.
    public let sessionEnded: Bool
    /// One line for people: `Signed in as ada (user_1).`, `Not signed in.`, or the session-ended notice.
    public let message: String

    /// The status of `current`, with the notice of an ended session if there is one.
    public init(current: CurrentAccount, sessionEnded: SessionEnded?) {
        self.signedIn = current.isSignedIn
        self.user = current.user
        self.sessionEnded = sessionEnded != nil
        if let user = current.user {
            message = "Signed in as \(user.name) (\(user.id))."
        } else if let sessionEnded {
            message = "Not signed in. " + sessionEnded.message
        } else {
            message = "Not signed in."
        }
    }

    private enum CodingKeys: String, CodingKey {
        case signedIn, user, sessionEnded
    }
}
