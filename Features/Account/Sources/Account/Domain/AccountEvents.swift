import Persistence

/// A sign-in the server accepted, as `AccountFeature` reports it to the App: who was using the app before (the
/// guest) and who is signed in now, each with the storage account whose directories hold their data.
///
/// The App merges the guest cart into the account's cart with it (Account knows nothing of carts: the App reads
/// the guest cart from Checkout's store for `guest` and merges it into the store for `account`) and resumes a route
/// it parked until sign-in. The feature delivers the same value twice: to `onSignInAccepted` before `current` changes
/// and to `onSignedIn` after; the guest's data is never touched by signing in, so a merge works from either.
public struct SignInEvent: Sendable, Hashable {
    /// The account that was in use until now: always `StorageAccount.guest`.
    public let guest: StorageAccount
    /// The user who signed in.
    public let user: AccountUser

    /// The signed-in user's storage account (`user.storageAccount`).
    public var account: StorageAccount { user.storageAccount }

    /// Creates the event of `user` signing in from the guest account.
    public init(user: AccountUser) {
        self.guest = .guest
        self.user = user
    }
}

/// A signed-in user became the guest again, as `AccountFeature` reports it to the App (which then moves to the
/// guest's stores and routes).
public struct SignOutEvent: Sendable, Hashable {
    /// Why the user is signed out.
    public enum Reason: Sendable, Hashable {
        /// The user signed out; the report says what happened on the server and to the data on this device.
        case signedOut(SignOutReport)
        /// The server stopped accepting the token (see `SessionEnded`); the user's data on this device is kept.
        case sessionExpired
    }

    /// The user who is signed out now.
    public let user: AccountUser
    /// Why.
    public let reason: Reason

    /// Creates the event.
    public init(user: AccountUser, reason: Reason) {
        self.user = user
        self.reason = reason
    }

    /// The account the user's data lived in (`user.storageAccount`).
    public var account: StorageAccount { user.storageAccount }
}
