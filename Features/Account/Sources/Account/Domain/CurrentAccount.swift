import Persistence

/// Who is using the app: the guest (signed out) or a signed-in user.
///
/// Feed, search, product pages and the cart work for the guest; likes and orders need a signed-in user (see the
/// design's "Accounts and guests"). Each has its own data directory, named by `storageAccount`.
public enum CurrentAccount: Sendable, Hashable {
    /// Nobody is signed in; data lives in the `guest` account's directories.
    case guest
    /// `user` is signed in and the token of the session is in the user's secret store.
    case signedIn(AccountUser)

    /// The signed-in user, or nil for the guest.
    public var user: AccountUser? {
        if case .signedIn(let user) = self { return user }
        return nil
    }

    /// Whether a user is signed in.
    public var isSignedIn: Bool { user != nil }

    /// The account whose database, preferences and files the app uses now: the user's, or `StorageAccount.guest`.
    public var storageAccount: StorageAccount { user?.storageAccount ?? .guest }
}
